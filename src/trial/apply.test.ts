import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { applyTrialDecision } from './apply.js';
import { reviewTrials as reviewAny } from './project-review.js';
import { decisionTsvRow } from './review.js';
import type { SessionScore } from './scores.js';

/** These tests pin the seed's rule: `--rule seed`. */
const reviewTrials = (root: string, sessions: SessionScore[], today: string) =>
  reviewAny(root, sessions, today, { rule: 'seed' });

const DAY = 86_400;
const START = Date.UTC(2026, 6, 1) / 1000;
const TRIAL_COMMENT = '<!-- trial start=2026-07-01 source=sess#a1 review-after=2-sessions -->';
const FILE = `# ic5\n1. Write specs first\n2. Always run bash -n ${TRIAL_COMMENT}\n3. Keep PRs small\n`;

function setup(inTrialScores: [number, number]) {
  const root = tempDir('retrospect-apply-');
  const path = join(root, '.claude', 'memory', 'ic5', 'directives.md');
  mkdirSync(join(root, '.claude', 'memory', 'ic5'), { recursive: true });
  writeFileSync(path, FILE);
  const sessions: SessionScore[] = [
    { sessionId: 'b1', score: 9, mtime: START - 2 * DAY },
    { sessionId: 'b2', score: 6, mtime: START - DAY },
    { sessionId: 't1', score: inTrialScores[0], mtime: START + DAY },
    { sessionId: 't2', score: inTrialScores[1], mtime: START + 2 * DAY },
  ];
  const [evaluation] = reviewTrials(root, sessions, '2026-07-20');
  const history = join(root, '.claude', 'retro', 'directive-history.jsonl');
  return { root, path, evaluation: evaluation!, history };
}

describe('applying a trial decision', () => {
  it('KEEP strips the trial comment and records the decision with its evidence', () => {
    const { root, path, evaluation, history } = setup([0, 3]);
    const applied = applyTrialDecision(root, evaluation, 'auto', { now: new Date('2026-07-20T08:00:00Z') });
    expect(applied).toMatchObject({ ok: true, action: 'KEEP', line: '2. Always run bash -n' });
    expect(readFileSync(path, 'utf8')).toBe(
      '# ic5\n1. Write specs first\n2. Always run bash -n\n3. Keep PRs small\n',
    );
    expect(JSON.parse(readFileSync(history, 'utf8'))).toEqual({
      ts: '2026-07-20T08:00:00Z',
      agent: 'ic5',
      directive: 'Always run bash -n',
      source: 'sess#a1',
      trial_start: '2026-07-01',
      baseline: { mean: 7.5, n: 2, sessions: ['b1', 'b2'] },
      in_trial: { mean: 1.5, n: 2, sessions: ['t1', 't2'] },
      decision: 'KEEP',
      decided_by: 'auto',
    });
  });

  it('REVERT removes the rule and nothing else', () => {
    const { root, path, evaluation, history } = setup([9, 9]);
    expect(applyTrialDecision(root, evaluation, 'user')).toMatchObject({ ok: true, action: 'REVERT' });
    expect(readFileSync(path, 'utf8')).toBe('# ic5\n1. Write specs first\n3. Keep PRs small\n');
    expect(JSON.parse(readFileSync(history, 'utf8'))).toMatchObject({
      decision: 'REVERT',
      decided_by: 'user',
    });
  });

  it('a dry run writes neither the rule nor the history', () => {
    const { root, path, evaluation, history } = setup([0, 0]);
    expect(applyTrialDecision(root, evaluation, 'auto', { dryRun: true })).toMatchObject({
      ok: true,
      action: 'KEEP',
    });
    expect(readFileSync(path, 'utf8')).toBe(FILE);
    expect(existsSync(history)).toBe(false);
  });

  it('does nothing when the rule changed since the review', () => {
    const { root, path, evaluation, history } = setup([0, 0]);
    writeFileSync(path, FILE.replace('bash -n', 'shellcheck'));
    expect(applyTrialDecision(root, evaluation, 'auto')).toEqual({ ok: false, reason: 'not-found' });
    expect(existsSync(history)).toBe(false);
  });

  it('lessons are trials too: found in both lessons files, after the agents; KEEP and REVERT edit their own file', () => {
    const { root, path } = setup([0, 3]);
    const loaded = join(root, '.claude', 'rules', 'retrospect-lessons.md');
    const legacy = join(root, '.claude', 'memory', 'claude', 'lessons.md');
    mkdirSync(join(root, '.claude', 'rules'), { recursive: true });
    mkdirSync(join(root, '.claude', 'memory', 'claude'), { recursive: true });
    const loadedText = `# Lessons\n\n- Quote the failing line ${TRIAL_COMMENT}\n- A kept lesson\n`;
    const legacyText = `- Read the error first ${TRIAL_COMMENT.replace('sess#a1', 'old#m9')}\n`;
    writeFileSync(loaded, loadedText);
    writeFileSync(legacy, legacyText);
    const sessions: SessionScore[] = [
      { sessionId: 'b1', score: 9, mtime: START - 2 * DAY },
      { sessionId: 'b2', score: 6, mtime: START - DAY },
      { sessionId: 't1', score: 0, mtime: START + DAY },
      { sessionId: 't2', score: 3, mtime: START + 2 * DAY },
    ];
    const evaluations = reviewTrials(root, sessions, '2026-07-20');
    expect(evaluations.map((e) => [e.trial.agent, e.trial.number, e.trial.text, e.trial.path])).toEqual([
      ['ic5', 2, '2. Always run bash -n', path],
      ['claude', undefined, '- Quote the failing line', loaded],
      ['claude', undefined, '- Read the error first', legacy],
    ]);
    expect(decisionTsvRow(evaluations[1]!)?.split('\t').slice(0, 4)).toEqual([
      'KEEP',
      'claude',
      '- Quote the failing line',
      'sess#a1',
    ]);
    const kept = applyTrialDecision(root, evaluations[1]!, 'auto', { now: new Date('2026-07-20T08:00:00Z') });
    expect(kept).toMatchObject({ ok: true, action: 'KEEP', line: '- Quote the failing line' });
    expect(readFileSync(loaded, 'utf8')).toBe('# Lessons\n\n- Quote the failing line\n- A kept lesson\n');
    const history = join(root, '.claude', 'retro', 'directive-history.jsonl');
    expect(JSON.parse(readFileSync(history, 'utf8'))).toMatchObject({
      agent: 'claude',
      directive: 'Quote the failing line',
      source: 'sess#a1',
      decision: 'KEEP',
    });
    const revert = { ...evaluations[2]!, outcome: { action: 'REVERT' as const } };
    expect(applyTrialDecision(root, revert, 'user')).toMatchObject({ ok: true, action: 'REVERT' });
    expect(readFileSync(legacy, 'utf8')).toBe('');
    expect(readFileSync(path, 'utf8')).toBe(FILE);
  });
});
