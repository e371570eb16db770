import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { hostsHomeFor } from '../../test-support/hosts.js';
import { tempDir } from '../../test-support/temp-dir.js';

const DAY = 86_400;
const START = Date.UTC(2026, 6, 1) / 1000;
const TRIAL =
  '1. Always run bash -n <!-- trial start=2026-07-01 source=sess#a1 review-after=2-sessions -->\n';

/** Two of the fixture home's Codex rollouts, dated after the trial started. */
const CODEX_IN_TRIAL = {
  '019fd608-aaaa-7bbb-8ccc-123456789abc': join(
    '2026',
    '08',
    '06',
    'rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
  ),
  '019b40aa-0000-7111-8222-333344445555': join(
    '2025',
    '12',
    '21',
    'rollout-2025-12-21T10-00-00-019b40aa-0000-7111-8222-333344445555.jsonl',
  ),
};

describe('retrospect trial review across agents', () => {
  it("scores the project's Codex and Gemini CLI sessions from the store, by the folder they ran in", async () => {
    const root = realpathSync(tempDir('retrospect-trial-hosts-'));
    spawnSync('git', ['init', '-q', root]);
    mkdirSync(join(root, '.claude', 'memory', 'ic5'), { recursive: true });
    writeFileSync(join(root, '.claude', 'memory', 'ic5', 'directives.md'), TRIAL);
    // Every other agent's fixture session ran in this project, a week before the trial…
    const hosts = hostsHomeFor(root, START - 7 * DAY);
    // …but for two Codex rollouts, dated after it started.
    Object.values(CODEX_IN_TRIAL).forEach((path, i) => {
      const at = START + (i + 1) * DAY;
      utimesSync(join(hosts.home, '.codex', 'sessions', path), at, at);
    });
    const data = tempDir('retrospect-trial-hosts-data-');
    const env = { ...hosts.env, CLAUDE_CONFIG_DIR: join(data, 'no-claude'), RETROSPECT_DATA_DIR: data };
    const review = await runCli(['trial', 'review', '--rule', 'seed'], { cwd: root, env });
    expect(review.stderr).toBe('');
    const fields = review.stdout.trim().split('\t');
    expect(fields.slice(1, 5)).toEqual(['ic5', '1. Always run bash -n', 'sess#a1', '2026-07-01']);
    const baseline = fields[9]!.split(',');
    const inTrial = fields[10]!.split(',');
    expect(inTrial.sort()).toEqual(Object.keys(CODEX_IN_TRIAL).sort());
    // The baseline holds the project's other Codex rollouts and its Gemini CLI chats.
    expect(baseline).toContain('01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6');
    expect(baseline.some((id) => /^2cbc6e5f/.test(id))).toBe(true);
    // A Copilot CLI session that ran in another folder, or recorded none, is not this project's.
    expect(baseline).not.toContain('8baa78ec-b203-4c7f-b1d3-c1170ae84b7d');
    expect(baseline).not.toContain('27d7ef99-f7c7-43eb-8599-cb469623c8f7');
    expect(Number(fields[6])).toBe(baseline.length);
    // The Codex rollouts are scored from the store: a second review reads nothing again and agrees.
    const again = await runCli(['trial', 'review', '--rule', 'seed'], { cwd: root, env });
    expect(again.stdout).toBe(review.stdout);
  });
});
