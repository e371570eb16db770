import { mkdirSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { persistAnchors } from '../deepread/persist.js';
import { OutsideProjectError } from '../errors/errors.js';
import { acquireScheduledLock, releaseScheduledLock } from '../schedule/lock.js';
import { writeScheduledReport } from '../schedule/report.js';
import { emptyReportInput } from '../schedule/report-model.js';
import { tempDir } from '../test-support/temp-dir.js';
import { recordTrialDecision } from '../trial/history.js';

/** A project whose `.claude/retro` (or a folder below it) is a symlink to a folder elsewhere. */
function linkedRetro(below?: string): { root: string; outside: string } {
  const base = realpathSync(tempDir('retrospect-writers-'));
  const root = join(base, 'repo');
  const outside = join(base, 'outside');
  mkdirSync(outside);
  mkdirSync(join(root, '.claude'), { recursive: true });
  if (below) {
    mkdirSync(join(root, '.claude', 'retro'));
    symlinkSync(outside, join(root, '.claude', 'retro', below));
  } else symlinkSync(outside, join(root, '.claude', 'retro'));
  return { root, outside };
}

const ANCHOR = {
  anchor_id: '0123456789abcdef',
  session_id: 's',
  turn_id: 't',
  fabricated_claim_text: 'All tests pass.',
  evidence_for_fabrication: 'The run failed.',
};
const SIDE = { mean: 1, n: 1, sessions: ['s'] };

describe('every writer under the project refuses a path that a symlink leads out of it', () => {
  it.each([
    ['the scheduled lock', (root: string) => acquireScheduledLock(root)],
    ['a scheduled lock release', (root: string) => releaseScheduledLock(root, { force: true })],
    ['a scheduled report', (root: string) => writeScheduledReport(root, emptyReportInput())],
    [
      'the directive history',
      (root: string) =>
        recordTrialDecision(root, {
          agent: 'ic5',
          directive: 'x',
          source: 's#m',
          trial_start: '2026-07-01',
          baseline: SIDE,
          in_trial: SIDE,
          decision: 'KEEP',
          decided_by: 'auto',
        }),
    ],
    ['fabrication anchors', (root: string) => persistAnchors(root, [ANCHOR], '/x.jsonl')],
  ])('%s, with .claude/retro linked elsewhere', (_name, write) => {
    const { root, outside } = linkedRetro();
    expect(() => write(root)).toThrow(OutsideProjectError);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('fabrication anchors, with only the anchors folder linked elsewhere', () => {
    const { root, outside } = linkedRetro('anchors');
    expect(() => persistAnchors(root, [ANCHOR], '/x.jsonl')).toThrow(OutsideProjectError);
    expect(readdirSync(outside)).toEqual([]);
  });
});
