import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { recordTrialDecision } from '../trial/history.js';
import { readTrialHistory } from './trials.js';

describe('readTrialHistory', () => {
  it('reads the decisions trial review records, skips and counts unreadable lines, and changes nothing', () => {
    const root = tempDir('retrospect-report-trials-');
    const side = (mean: number, n: number) => ({ mean, n, sessions: [] });
    recordTrialDecision(
      root,
      {
        agent: 'ic5',
        directive: 'Always run bash -n',
        source: 'sess#a1',
        trial_start: '2026-07-03',
        baseline: side(9, 2),
        in_trial: side(1.5, 2),
        decision: 'KEEP',
        decided_by: 'user',
      },
      new Date('2026-07-20T10:11:12Z'),
    );
    const path = join(root, '.claude', 'retro', 'directive-history.jsonl');
    const deferred = {
      ts: '2026-07-21T00:00:00Z',
      agent: 'qa',
      directive: '<b>bold</b>',
      trial_start: '2026-07-10',
      baseline: side(2, 1),
      in_trial: side(3, 4),
      decision: 'DEFER',
      decided_by: 'auto',
    };
    writeFileSync(
      path,
      `${readFileSync(path, 'utf8')}{"torn":\n\n${JSON.stringify(deferred)}\r\n${JSON.stringify({ ...deferred, decision: 'MAYBE' })}\n`,
    );
    const before = readFileSync(path, 'utf8');
    const history = readTrialHistory(root);
    expect(history.skippedLines).toBe(2);
    expect(history.decisions).toEqual([
      {
        ts: '2026-07-20T10:11:12Z',
        agent: 'ic5',
        directive: 'Always run bash -n',
        decision: 'KEEP',
        decidedBy: 'user',
        trialStart: '2026-07-03',
        baseline: { mean: 9, n: 2 },
        inTrial: { mean: 1.5, n: 2 },
      },
      expect.objectContaining({
        agent: 'qa',
        directive: '<b>bold</b>',
        decision: 'DEFER',
        inTrial: { mean: 3, n: 4 },
      }),
    ]);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('reads a project without a history as no decisions', () => {
    const root = tempDir('retrospect-report-trials-');
    mkdirSync(join(root, '.claude'));
    expect(readTrialHistory(root)).toEqual({ decisions: [], skippedLines: 0 });
  });
});
