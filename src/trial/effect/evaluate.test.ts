import { describe, expect, it } from 'vitest';
import { SIGNAL_NAMES, type SignalName } from '../../gate/signals.js';
import { COUNTED_SIGNALS, type SessionEvidence, uncappedFriction } from '../evidence/read.js';
import type { TrialRule } from '../review.js';
import type { SessionScore } from '../scores.js';
import { evaluateTrialEffect } from './evaluate.js';
import { trialReviewJson } from './json.js';

const DAY = 86_400;
const START = Date.UTC(2026, 6, 1) / 1000;

const TRIAL: TrialRule = {
  agent: 'claude',
  path: '.claude/rules/lessons.md',
  lineIndex: 2,
  text: '- Say what you will change before you change it.',
  ruleText: 'Say what you will change before you change it.',
  start: '2026-07-01',
  source: 'sess#a1',
  reviewAfter: '8-sessions',
};

function evidence(hits: Partial<Record<SignalName, number>>, turns = 100): SessionEvidence {
  const tally = Object.fromEntries(SIGNAL_NAMES.map((s) => [s, hits[s] ?? 0])) as Record<SignalName, number>;
  return {
    turns,
    hits: tally,
    friction: uncappedFriction(tally),
    countedFriction: uncappedFriction(tally, undefined, COUNTED_SIGNALS),
    weighted: Object.fromEntries(
      SIGNAL_NAMES.map((s) => [s, uncappedFriction(tally, undefined, [s])]),
    ) as Record<SignalName, number>,
    anchors: Object.fromEntries(SIGNAL_NAMES.map((s) => [s, []])) as unknown as SessionEvidence['anchors'],
    findings: [],
  };
}

/** Eight sessions a side; `side(i)` gives each its hits. */
function review(baseline: (i: number) => Partial<Record<SignalName, number>>, during: typeof baseline) {
  const sessions: SessionScore[] = [];
  const map = new Map<string, SessionEvidence>();
  for (let i = 0; i < 8; i++) {
    for (const [name, hits, mtime] of [
      [`base-${i}`, baseline(i), START - (9 - i) * DAY],
      [`trial-${i}`, during(i), START + (i + 1) * DAY],
    ] as const) {
      const ev = evidence(hits);
      sessions.push({ sessionId: name, score: ev.friction, mtime, turns: ev.turns });
      map.set(name, ev);
    }
  }
  return trialReviewJson(
    evaluateTrialEffect(TRIAL, sessions, '2026-07-20', { evidence: map, meta: undefined }),
  );
}

describe("a trial's decision leaves out what the rule's wording could move", () => {
  it('does not KEEP a rule whose sessions only lost their retry phrases (S4), and shows that signal apart', () => {
    const json = review(
      (i) => ({ S2: i % 3, S4: 5 + (i % 2) }),
      (i) => ({ S2: (i + 1) % 3, S4: 0 }),
    );
    expect(json.decision).not.toBe('KEEP');
    expect(json.rule).toBe('effect');
    expect('counted_signals' in json.effect && json.effect.counted_signals).toEqual(['S1', 'S2', 'S3', 'S5']);
    const s4 = json.signals.find((s) => s.signal === 'S4');
    expect(s4).toMatchObject({ counted: false, sessions: { baseline: 8, during: 8 } });
    // S4's own interval lies wholly below zero: the words went, and the review says so without deciding on it.
    expect(s4?.high ?? 0).toBeLessThan(0);
    expect(json.signals.map((s) => [s.signal, s.counted])).toEqual([
      ['S1', true],
      ['S2', true],
      ['S3', true],
      ['S4', false],
      ['S5', true],
    ]);
  });

  it('KEEPs a rule when what the person and the tools did fell, each signal with its own effect', () => {
    const json = review(
      (i) => ({ S1: 2 + (i % 2), S2: 3 + (i % 3) }),
      (i) => ({ S1: 0, S2: i % 2 }),
    );
    expect(json.decision).toBe('KEEP');
    const s1 = json.signals.find((s) => s.signal === 'S1');
    expect(s1?.estimate ?? 0).toBeLessThan(0);
    expect(s1?.high ?? 0).toBeLessThan(0);
    expect(json.signals.find((s) => s.signal === 'S3')).toMatchObject({ estimate: 0, counted: true });
  });

  it("measures a stored verdict without S4 through the row's per-signal counts, and names a row that has none", () => {
    // The transcripts are gone: each session is its stored verdict over its stored line count. Baseline
    // sessions scored 3 (S1) + 4.5 (three S4 retry phrases); during the trial only the retry phrases went.
    const sessions: SessionScore[] = [];
    for (let i = 0; i < 8; i++) {
      sessions.push({
        sessionId: `base-${i}`,
        score: 7.5,
        countedScore: 3,
        mtime: START - (9 - i) * DAY,
        lines: 100,
      });
      sessions.push({
        sessionId: `trial-${i}`,
        score: 3,
        countedScore: 3,
        mtime: START + (i + 1) * DAY,
        lines: 100,
      });
    }
    const json = trialReviewJson(
      evaluateTrialEffect(TRIAL, sessions, '2026-07-20', { evidence: new Map(), meta: undefined }),
    );
    expect(json.decision).not.toBe('KEEP');
    expect(json.baseline).toMatchObject({
      friction: 3,
      measured_from: { 'stored-verdict': 8 },
      wording_counted: [],
    });
    // A row whose breakdown was never recorded keeps S4 in; the review lists it instead of hiding it.
    const bare = sessions.map((s) => (s.sessionId === 'base-0' ? { ...s, countedScore: undefined } : s));
    const named = trialReviewJson(
      evaluateTrialEffect(TRIAL, bare, '2026-07-20', { evidence: new Map(), meta: undefined }),
    );
    expect(named.baseline).toMatchObject({
      measured_from: { 'stored-verdict': 7, 'stored-verdict-with-wording': 1 },
      wording_counted: ['base-0'],
    });
    expect(named.during).toMatchObject({ wording_counted: [] });
  });
});
