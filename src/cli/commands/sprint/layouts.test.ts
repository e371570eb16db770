import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../../../test-support/cli.js';
import { snapshotFiles, tempRoot } from '../../../test-support/sprint.js';

const FIXTURES = join(REPO_ROOT, 'src', 'sprint', 'fixtures');
const env = { RETROSPECT_NOW: '2026-03-10T09:00:00Z' };

function copyFixture(name: string): string {
  const root = tempRoot();
  cpSync(join(FIXTURES, name), root, { recursive: true });
  return root;
}

async function reportJson(name: string, unit?: string) {
  const args = ['sprint', 'report', ...(unit ? [unit] : []), '--root', join(FIXTURES, name), '--json'];
  const run = await runCli(args, { env });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

// One run of the built CLI per layout; the numbers are the hand counts of src/sprint/facts/board-report.test.ts.
describe('sprint report --json on each layout', () => {
  it('a BMAD epic under _bmad-output/implementation-artifacts', async () => {
    const json = await reportJson('bmad-output', 'epic-7');
    expect(json).toMatchObject({
      sprint_id: 'epic-7',
      layout: 'bmad',
      unit: 'epic',
      completion: { done: 3, total: 3, pct: 100 },
      velocity: { planned: 3, completed: 3, pct: 100, unit: 'stories' },
      carryover: [],
      dropped: ['7-4-legacy-ignore-file'],
      first_pass: { passed: 1, reviewed: 2, pct: 50, unknown: ['7-2-ignore-pattern-docs'] },
    });
  });

  it('a BMAD epic under docs/sprint-artifacts with points', async () => {
    expect(await reportJson('sprint-artifacts', '3')).toMatchObject({
      sprint_id: 'epic-3',
      velocity: { planned: 11, completed: 11, pct: 100, unit: 'points' },
      first_pass: { passed: 2, reviewed: 3, pct: 67 },
    });
  });

  it('a nested BMAD file, found by search', async () => {
    expect(await reportJson('nested')).toMatchObject({
      sprint_id: 'epic-1',
      status_file: 'backend/docs/sprint-status.yaml',
      completion: { done: 3, total: 4, pct: 75 },
      carryover: ['1-4-cli-foundation'],
    });
  });

  it('a sprint list', async () => {
    expect(await reportJson('sprint-list')).toMatchObject({
      sprint_id: 'sprint-01',
      layout: 'sprint-list',
      velocity: { planned: 15, completed: 10, pct: 67, unit: 'points' },
      carryover: ['story-004', 'story-005'],
      first_pass: { passed: 2, reviewed: 3, pct: 67 },
    });
  });

  it("an orchestrator's sprint", async () => {
    expect(await reportJson('orchestrator')).toMatchObject({
      sprint_id: 'hardening-followup',
      completion: { done: 3, total: 5, pct: 60 },
      carryover: ['4', '5'],
      first_pass: { passed: 1, reviewed: 4, pct: 25 },
    });
  });

  it('an epics map', async () => {
    expect(await reportJson('epics-map', 'E6')).toMatchObject({
      sprint_id: 'E6',
      layout: 'epics-map',
      completion: { done: 2, total: 3, pct: 67 },
      first_pass: { passed: 0, reviewed: 0, pct: null, unknown: ['S6.2', 'S6.3', 'S6.4'] },
    });
  });

  it('an id that does not exist exits 1 with the ids that do', async () => {
    const run = await runCli(
      ['sprint', 'report', 'epic-99', '--root', join(FIXTURES, 'bmad-output'), '--json'],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/epic-99 does not exist .* it has epic-6, epic-7, epic-8/);
  });
});

describe('sprint action-items on a BMAD project', () => {
  it("lists the team's retro-keyed action items file, each item with the retro that raised it", async () => {
    const run = await runCli(['sprint', 'action-items', '--root', join(FIXTURES, 'bmad-output'), '--json'], {
      env,
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      expect.objectContaining({
        id: 'epic6-ai-1',
        sprint_id: 'epic-6',
        text: 'README stale module list section',
      }),
      expect.objectContaining({ id: 'epic7-ai-1', sprint_id: 'epic-7', status: 'pending' }),
    ]);
  });
});

describe('sprint retro writes nothing it cannot count', () => {
  it('a layout that is not understood: exit 1, the reasons, and no file written', async () => {
    const root = copyFixture('unreadable');
    const before = snapshotFiles(root);
    const run = await runCli(['sprint', 'retro', '--root', root, '--yolo-defaults', 'seed-from-metrics'], {
      env,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/could not read any, so nothing was written/);
    expect(run.stderr).toMatch(/ backend\/sprint-status.yaml \(found by search\): a list, not a mapping/);
    expect(run.stderr).toMatch(
      /backend\/docs\/sprint-status.yaml \(found by search\): not valid YAML at line 1/,
    );
    expect(snapshotFiles(root)).toEqual(before);
  });

  it('an epic with no stories: exit 1 and no file written', async () => {
    const root = copyFixture('sprint-artifacts');
    const before = snapshotFiles(root);
    const run = await runCli(
      ['sprint', 'retro', 'epic-9', '--root', root, '--yolo-defaults', 'seed-from-metrics'],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/epic-9 does not exist/);
    expect(snapshotFiles(root)).toEqual(before);
  });

  it('a BMAD epic: a skeleton retro named for the epic, proposals from its files, inputs untouched', async () => {
    const root = copyFixture('bmad-output');
    const before = snapshotFiles(root);
    const run = await runCli(
      ['sprint', 'retro', 'epic-8', '--root', root, '--yolo-defaults', 'seed-from-metrics'],
      { env },
    );
    expect(run.code).toBe(0);
    const dir = join(root, '.gaia/artifacts/implementation-artifacts/retrospective');
    const artifact = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(artifact).toContain('# Retrospective: epic-8');
    expect(artifact).toContain('Velocity: 2/5 stories (40%)');
    expect(artifact).toMatch(/8-3-fix-cli-wiring was sent back before it passed/);
    expect(artifact).toMatch(/8-1-fix-spike reached review, but no file says how the review went/);
    // The story still in review is to be finished, not re-estimated; nothing praises an unknown review.
    expect(artifact).toMatch(/8-3-fix-cli-wiring is in review but not done/);
    expect(artifact).not.toMatch(/Re-estimate 8-3/);
    expect(artifact).not.toMatch(/8-1-fix-spike.*(first pass|without review rework)/);
    for (const [path, hash] of before) expect(snapshotFiles(root).get(path)).toBe(hash);
    expect(existsSync(join(root, '.gaia/state/action-items.yaml'))).toBe(true);
  });
});
