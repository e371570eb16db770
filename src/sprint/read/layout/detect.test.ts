import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../../test-support/sprint.js';
import { detectLayout } from './detect.js';
import { findStatusFiles } from './discover.js';

function put(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('which layout a sprint status file is', () => {
  it.each([
    ['development_status:\n  epic-1: done\n  1-1-setup: done\n', 'board', 'bmad'],
    ['epics:\n  E1:\n    stories:\n      S1.1: complete\n', 'board', 'epics-map'],
    ['sprint:\n  id: sprint-01\nstories:\n  - id: story-001\n    status: done\n', 'board', 'sprint-list'],
    ['sprint_id: s1\nstories:\n  - id: "1"\n    status: ready\n', 'board', 'sprint-list'],
    ['sprint_id: sprint-7\nstories:\n  - key: E1-S1\n    status: done\n', 'gaia', undefined],
  ])('%j', (text, kind, layout) => {
    const detected = detectLayout('/x', 'sprint-status.yaml', text);
    expect(detected.kind).toBe(kind);
    if (detected.kind === 'board') expect(detected.board.layout).toBe(layout);
  });

  it.each([
    ['- Status: Completed\n- Signed off: 2026-04-30\n', /a list, not a mapping/],
    ['project: x\nphase: 3\n', /no development_status, epics or stories \(top-level keys: project, phase\)/],
    ['development_status:\n  epic-1: backlog\n  epic-1-retrospective: optional\n', /lists no stories/],
    ['a: [1, 2\n', /not valid YAML at line/],
    ['- "Status": *Status**\n', /not readable as YAML data/],
  ])('%j is unreadable, with the reason', (text, reason) => {
    const detected = detectLayout('/x', 'sprint-status.yaml', text);
    expect(detected.kind).toBe('unreadable');
    if (detected.kind === 'unreadable') expect(detected.reason).toMatch(reason);
  });
});

describe('where sprint status files are found', () => {
  it('takes the first non-empty known location and does not search further', () => {
    const root = tempRoot();
    put(root, '.gaia/state/sprint-status.yaml', '   \n');
    put(root, '_bmad-output/implementation-artifacts/sprint-status.yaml', 'development_status: {}\n');
    put(root, 'backend/docs/sprint-status.yaml', 'development_status: {}\n');
    expect(findStatusFiles(root).map((c) => c.path)).toEqual([
      '_bmad-output/implementation-artifacts/sprint-status.yaml',
    ]);
  });

  it('searches when no known location has one: project folders before fixtures, shallow first', () => {
    const root = tempRoot();
    put(root, 'backend/tests/fixtures/docs/sprint-status.yaml', 'x: 1\n');
    put(root, 'backend/docs/sprint-status.yaml', 'x: 1\n');
    put(root, 'node_modules/pkg/sprint-status.yaml', 'x: 1\n');
    put(root, 'services/api/sprint-status.yml', 'x: 1\n');
    expect(findStatusFiles(root).map((c) => [c.path, c.searched])).toEqual([
      ['backend/docs/sprint-status.yaml', true],
      ['services/api/sprint-status.yml', true],
      ['backend/tests/fixtures/docs/sprint-status.yaml', true],
    ]);
  });
});
