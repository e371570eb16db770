import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli } from '../../test-support/cli.js';
import { copyDemo, snapshotFiles, tempRoot } from '../../test-support/sprint.js';

const ACTION_ITEMS = '.gaia/state/action-items.yaml';

function fields(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('retrospect sprint (CLI)', () => {
  it('prints the report as JSON from the project root in CLAUDE_PROJECT_ROOT', async () => {
    const root = copyDemo();
    const before = snapshotFiles(root);
    const run = await runCli(['sprint', 'report', '--json'], { env: { CLAUDE_PROJECT_ROOT: root } });
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({
      sprint_id: 'sprint-7',
      completion: { done: 4, total: 6, pct: 67 },
      velocity: { planned: 26, completed: 21, pct: 81 },
      carryover: ['E4-S2', 'E4-S3'],
      blocked: ['E4-S3'],
      first_pass: { passed: 2, reviewed: 4 },
      tech_debt: { status: 'ok', ratio: { current: 14, prior: 11, delta: 3 } },
    });
    expect(json.reviews).toHaveLength(7);
    expect(json.themes.map((t: { text: string }) => t.text)).toEqual([
      'Stabilise the flaky integration tests in CI',
      'Webhook retries are not idempotent',
    ]);
    expect(snapshotFiles(root)).toEqual(before);
  });

  it('explains where it looked when there is no sprint', async () => {
    const root = tempRoot();
    const run = await runCli(['sprint', 'report', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /no sprint status file found \(looked at .*\.gaia\/state\/sprint-status\.yaml/,
    );
  });

  it('escalates systemic themes once across re-runs of themes --apply', async () => {
    const root = copyDemo();
    const first = await runCli(['sprint', 'themes', '--apply', '--root', root]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /Stabilise the flaky integration tests in CI .*-> escalated AI-1 \(escalation_count 1\)/,
    );
    expect(first.stdout).toMatch(/Webhook retries are not idempotent .*-> no_open_item/);
    const afterFirst = readFileSync(join(root, ACTION_ITEMS), 'utf8');
    expect(afterFirst).toContain('# closed in sprint-6, runbook used once');
    const second = await runCli(['sprint', 'themes', '--apply', '--root', root]);
    expect(second.stdout).toMatch(/-> already_applied/);
    expect(readFileSync(join(root, ACTION_ITEMS), 'utf8')).toBe(afterFirst);
    const list = await runCli(['sprint', 'action-items', '--root', root, '--status', 'open']);
    expect(list.stdout).toMatch(/^AI-1 {3}Stabilise the flaky integration tests in CI .*escalated 1x/m);
    expect(list.stdout).not.toMatch(/AI-2/);
  });

  it('reports every writer status word', async () => {
    const root = tempRoot();
    const outside = tempRoot();
    writeFileSync(join(outside, 'decision-log.md'), 'outside\n');
    mkdirSync(join(root, '.gaia/memory/security-sidecar'), { recursive: true });
    symlinkSync(
      join(outside, 'decision-log.md'),
      join(root, '.gaia/memory/security-sidecar/decision-log.md'),
    );
    const write = (target: string, sprint: string, payload = '- lesson: rotate secrets') =>
      runCli([
        'sprint',
        'write',
        '--root',
        root,
        '--target',
        target,
        '--sprint-id',
        sprint,
        '--payload',
        payload,
      ]);
    const ok = await write('.gaia/memory/sm-sidecar/decision-log.md', 'sprint-7');
    expect([ok.code, fields(ok.stdout).status, fields(ok.stdout).target]).toEqual([
      0,
      'ok',
      '.gaia/memory/sm-sidecar/decision-log.md',
    ]);
    expect(fields(ok.stdout).dedup_key).toMatch(/^[0-9a-f]{64}$/);
    const again = await write('.gaia/memory/sm-sidecar/decision-log.md', 'sprint-7');
    expect([again.code, fields(again.stdout).status]).toEqual([0, 'skipped_idempotent']);
    const symlinked = await write('.gaia/memory/security-sidecar/decision-log.md', 'sprint-7');
    expect([symlinked.code, symlinked.stdout]).toEqual([1, 'status=unauthorized\n']);
    expect(readFileSync(join(outside, 'decision-log.md'), 'utf8')).toBe('outside\n');
    const dotdot = await write('.gaia/memory/sm-sidecar/../../../../x.md', 'sprint-7');
    expect(dotdot.stdout).toBe('status=unauthorized\n');
    const missing = await write('.gaia/memory/pm-sidecar/decision-log.md', '');
    expect([missing.code, missing.stdout]).toEqual([1, 'status=missing_sprint_id\n']);
    const item = await write(
      ACTION_ITEMS,
      'sprint-7',
      'text: Add a replay test\nowner: priya\ntarget_sprint: sprint-8',
    );
    expect(fields(item.stdout)).toEqual({ status: 'ok', id: 'AI-1', target: ACTION_ITEMS });
  });

  it('serialises 8 concurrent writers into 8 distinct entries and ids', async () => {
    const root = tempRoot();
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        Promise.all([
          runCli([
            'sprint',
            'write',
            '--root',
            root,
            '--target',
            '.gaia/memory/pm-sidecar/decision-log.md',
            '--sprint-id',
            'sprint-7',
            '--payload',
            `- lesson ${n}`,
          ]),
          runCli([
            'sprint',
            'write',
            '--root',
            root,
            '--target',
            ACTION_ITEMS,
            '--sprint-id',
            'sprint-7',
            '--payload',
            `text: Concurrent item ${n}`,
          ]),
        ]),
      ),
    );
    expect(runs.flat().map((r) => fields(r.stdout).status)).toEqual(Array(16).fill('ok'));
    const log = readFileSync(join(root, '.gaia/memory/pm-sidecar/decision-log.md'), 'utf8');
    expect(new Set(log.match(/dedup_key: [0-9a-f]+/g))).toHaveProperty('size', 8);
    const items = (parseYaml(readFileSync(join(root, ACTION_ITEMS), 'utf8')) as { items: { id: string }[] })
      .items;
    expect(items.map((i) => i.id).sort()).toEqual([
      'AI-1',
      'AI-2',
      'AI-3',
      'AI-4',
      'AI-5',
      'AI-6',
      'AI-7',
      'AI-8',
    ]);
    expect(new Set(runs.map(([, item]) => fields(item.stdout).id)).size).toBe(8);
  });
});
