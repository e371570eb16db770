import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trialProject } from '../test-support/trial-project.js';
import { autoDecider } from './decide.js';
import type { DeepReader } from './deep-read-port.js';
import { runRetro } from './pipeline.js';

const silentReader: DeepReader = async (path) => ({
  session_id: path.replace(/^.*\//, '').replace(/\.jsonl$/, ''),
  proposals: [],
  observations: [],
  fabrication_anchors: [],
});

/** A lesson against rerunning failing commands, broken in the sessions after it: failed commands are run again. */
const broken = () =>
  trialProject(
    { turns: [60, 100], friction: 0.05 },
    { turns: [60, 100], friction: 0.05, rerunFailed: 1 },
    { count: 8 },
  );

const run = (p: ReturnType<typeof broken>, extra: { installHooks?: boolean; dryRun?: boolean } = {}) =>
  runRetro({
    cwd: p.root,
    env: p.env,
    decider: autoDecider,
    deepReader: silentReader,
    gateCapMs: Number.POSITIVE_INFINITY,
    today: '2026-07-20',
    ...extra,
  });

describe('escalation to a guard hook', () => {
  it('--auto proposes the guard as a follow-up and installs nothing without the explicit flag', async () => {
    const p = broken();
    const outcome = await run(p);
    expect(outcome.manualFollowUps).toContainEqual(
      expect.stringMatching(
        /^claude lesson was broken \d+ times during its trial: .* retrospect init --guard repeated-failing-command$/,
      ),
    );
    expect(outcome.applied.filter((a) => a.action === 'GUARD')).toEqual([]);
    expect(existsSync(join(p.root, '.claude', 'settings.json'))).toBe(false);
    expect(
      (await run(p, { installHooks: true, dryRun: true })).applied.filter((a) => a.action === 'GUARD'),
    ).toEqual([]);
    expect(existsSync(join(p.root, '.claude', 'settings.json'))).toBe(false);
  });

  it('--auto with installHooks installs the PreToolUse guard in the project settings', async () => {
    const p = broken();
    const outcome = await run(p, { installHooks: true });
    expect(outcome.applied).toContainEqual(
      expect.objectContaining({
        action: 'GUARD',
        target: 'claude',
        summary: expect.stringContaining('repeated-failing-command'),
      }),
    );
    const settings = JSON.parse(readFileSync(join(p.root, '.claude', 'settings.json'), 'utf8'));
    expect(settings.hooks.PreToolUse).toEqual([
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: expect.stringMatching(/ hook guard repeated-failing-command$/) }],
      },
    ]);
  });
});
