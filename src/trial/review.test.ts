import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { decisionRecord, recordTrialDecision } from './history.js';
import { reviewTrials as reviewAny } from './project-review.js';
import { decisionTsvRow, deferLine, findTrialRules } from './review.js';
import { parseScoresTsv, type SessionScore } from './scores.js';
import { formatFixed4, sideStats } from './stats.js';

/** These tests pin the seed's rule: `--rule seed`. */
const reviewTrials = (root: string, sessions: SessionScore[], today: string) =>
  reviewAny(root, sessions, today, { rule: 'seed' });

const DAY = 86_400;
const START = Date.UTC(2026, 6, 1) / 1000;
const [b1, b2, t1, t2] = [START - 3 * DAY, START - 2 * DAY, START + DAY, START + 2 * DAY];

function project(files: Record<string, string>): string {
  const root = tempDir('retrospect-review-');
  for (const [agent, content] of Object.entries(files)) {
    mkdirSync(join(root, '.claude', 'memory', agent), { recursive: true });
    writeFileSync(join(root, '.claude', 'memory', agent, 'directives.md'), content);
  }
  return root;
}

const scores = (rows: [string, number, number][]): SessionScore[] =>
  rows.map(([sessionId, score, mtime]) => ({ sessionId, score, mtime }));

const TRIAL_2_SESSIONS =
  '1. Always run bash -n <!-- trial start=2026-07-01 source=sess#a1 review-after=2-sessions -->\n';

function outcomeOf(root: string, sessions: SessionScore[], today = '2026-07-20') {
  const [evaluation] = reviewTrials(root, sessions, today);
  return { evaluation: evaluation!, row: decisionTsvRow(evaluation!), defer: deferLine(evaluation!) };
}

describe('trial review', () => {
  it('finds nothing to review in plain directives', () => {
    const root = project({
      ic5: '1. Always use Gherkin\n2. Prefer small PRs\n',
      pm: '1. Ship specs first\n',
    });
    expect(reviewTrials(root, scores([['s1', 10, b1]]), '2026-07-20')).toEqual([]);
  });

  it('KEEPs a rule when friction dropped, with the 12-column evidence row', () => {
    const root = project({ ic5: TRIAL_2_SESSIONS });
    const { row } = outcomeOf(
      root,
      scores([
        ['base-a', 10, b1],
        ['base-b', 8, b2],
        ['trial-a', 2, t1],
        ['trial-b', 1, t2],
      ]),
    );
    expect(row).toBe(
      'KEEP\tic5\t1. Always run bash -n\tsess#a1\t2026-07-01\t9.0000\t2\t1.5000\t2\tbase-a,base-b\ttrial-a,trial-b\t2-sessions',
    );
  });

  it('REVERTs when friction rose, and on a tie', () => {
    const root = project({ ic5: TRIAL_2_SESSIONS });
    const up = outcomeOf(
      root,
      scores([
        ['a', 1, b1],
        ['b', 2, b2],
        ['c', 10, t1],
        ['d', 12, t2],
      ]),
    );
    expect(up.row?.split('\t')[0]).toBe('REVERT');
    const tie = outcomeOf(
      root,
      scores([
        ['a', 5, b1],
        ['b', 5, b2],
        ['c', 5, t1],
        ['d', 5, t2],
      ]),
    );
    expect(tie.row?.split('\t')[0]).toBe('REVERT');
  });

  it('compares the means as printed: a difference below 4 decimals is a tie', () => {
    const root = project({ ic5: TRIAL_2_SESSIONS });
    const close = outcomeOf(
      root,
      scores([
        ['a', 1.00001, b1],
        ['b', 1.00001, b2],
        ['c', 1, t1],
        ['d', 1, t2],
      ]),
    );
    expect(close.row?.split('\t')[0]).toBe('REVERT');
  });

  it('DEFERs with fewer than 2 sessions on a side', () => {
    const root = project({
      ic5: '1. Always run bash -n <!-- trial start=2026-07-01 source=sess#a1 review-after=5-days -->\n',
    });
    const { row, defer } = outcomeOf(
      root,
      scores([
        ['base-a', 10, b1],
        ['trial-a', 1, t1],
      ]),
    );
    expect(row).toBeUndefined();
    expect(defer).toBe(
      '# trial-review: defer agent=ic5 reason=insufficient-sample baseline_n=1 in_trial_n=1 directive=1. Always run bash -n',
    );
  });

  it('DEFERs while the window is open', () => {
    const root = project({
      ic5: '1. trial line <!-- trial start=2026-07-01 source=s#a review-after=10-sessions -->\n',
    });
    const { row, defer } = outcomeOf(
      root,
      scores([
        ['a', 10, b1],
        ['b', 8, b2],
        ['c', 2, t1],
        ['d', 1, t2],
      ]),
    );
    expect(row).toBeUndefined();
    expect(defer).toBe(
      '# trial-review: defer agent=ic5 reason=window-not-elapsed start=2026-07-01 review-after=10-sessions',
    );
  });

  it('opens a days window on the right day', () => {
    const root = project({
      ic5: '1. days trial <!-- trial start=2026-07-01 source=s#a review-after=5-days -->\n',
    });
    const rows = scores([
      ['a', 10, b1],
      ['b', 8, b2],
      ['c', 2, t1],
      ['d', 1, t2],
    ]);
    expect(outcomeOf(root, rows, '2026-07-06').row?.split('\t')[0]).toBe('KEEP');
    expect(outcomeOf(root, rows, '2026-07-05').defer).toContain('window-not-elapsed');
  });

  it('keeps sessions with an unknown score out of the means but in the window count', () => {
    const root = project({ ic5: TRIAL_2_SESSIONS });
    const rows = parseScoresTsv(
      `# comment\na\t10\t${b1}\nb\t8\t${b2}\nc\tnope\t${t1}\nd\t1\t${t2}\ne\t1\tlater\n`,
    );
    const { defer } = outcomeOf(root, rows);
    expect(defer).toContain('baseline_n=2 in_trial_n=1');
  });

  it('reviews agents in their fixed order and only numbered lines with a complete comment', () => {
    const root = project({
      qa: '# QA\n\n2. qa rule <!-- trial start=2026-07-01 source=s#q review-after=1-days -->\n',
      pm: 'note <!-- trial start=2026-07-01 source=s#x review-after=1-days -->\n1. pm rule <!-- trial start=2026-07-01 source=s#p review-after=1-days -->\n',
      ic4: '',
    });
    const rules = findTrialRules(root);
    expect(rules.map((r) => [r.agent, r.number, r.ruleText, r.lineIndex])).toEqual([
      ['pm', 1, 'pm rule', 1],
      ['qa', 2, 'qa rule', 2],
    ]);
  });

  it('never writes a directives file', () => {
    const root = project({ ic5: TRIAL_2_SESSIONS });
    const path = join(root, '.claude', 'memory', 'ic5', 'directives.md');
    reviewTrials(
      root,
      scores([
        ['a', 10, b1],
        ['b', 8, b2],
        ['c', 2, t1],
        ['d', 1, t2],
      ]),
      '2026-07-20',
    );
    expect(readFileSync(path, 'utf8')).toBe(TRIAL_2_SESSIONS);
  });
});

describe('means', () => {
  it('prints 4 decimals as Python does, ties to even on exact halves', () => {
    expect(formatFixed4(9)).toBe('9.0000');
    expect(formatFixed4(1.5)).toBe('1.5000');
    expect(formatFixed4(0.03125)).toBe('0.0312');
    expect(formatFixed4(0.09375)).toBe('0.0938');
    expect(formatFixed4(2 / 3)).toBe('0.6667');
    expect(formatFixed4(1.00005)).toBe((1.00005).toFixed(4));
  });

  it('an empty side is 0 with no sessions', () => {
    expect(sideStats([])).toEqual({ mean: 0, meanText: '0', n: 0, sessionIds: [] });
  });
});

describe('decision history', () => {
  it('appends one JSON line per decision, keys in the history order', () => {
    const root = tempDir('retrospect-history-');
    const input = {
      agent: 'ic5',
      directive: 'Always run bash -n',
      source: 'sess#a1',
      trial_start: '2026-07-01',
      baseline: { mean: 9, n: 2, sessions: ['base-a', 'base-b'] },
      in_trial: { mean: 1.5, n: 2, sessions: ['trial-a', 'trial-b'] },
      decision: 'KEEP' as const,
      decided_by: 'user' as const,
    };
    recordTrialDecision(root, input, new Date('2026-07-20T10:11:12.345Z'));
    recordTrialDecision(root, { ...input, decision: 'REVERT', decided_by: 'auto' });
    const lines = readFileSync(join(root, '.claude', 'retro', 'directive-history.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      '{"ts":"2026-07-20T10:11:12Z","agent":"ic5","directive":"Always run bash -n","source":"sess#a1","trial_start":"2026-07-01","baseline":{"mean":9,"n":2,"sessions":["base-a","base-b"]},"in_trial":{"mean":1.5,"n":2,"sessions":["trial-a","trial-b"]},"decision":"KEEP","decided_by":"user"}',
    );
    expect(JSON.parse(lines[1]!)).toMatchObject({ decision: 'REVERT', decided_by: 'auto' });
    expect(Object.keys(decisionRecord(input))).toEqual([
      'ts',
      'agent',
      'directive',
      'source',
      'trial_start',
      'baseline',
      'in_trial',
      'decision',
      'decided_by',
    ]);
  });
});
