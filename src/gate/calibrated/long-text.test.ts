import { describe, expect, it } from 'vitest';
import { countMatches, S4_PREFILTER } from '../signals.js';
import { random, randomText } from '../test-support/random-text.js';
import { CONCESSION_RE, RETRY_RE } from './lexicon.js';
import { calibratedTextReduction } from './long-text.js';
import { CalibratedMachine } from './machine.js';

function reduced(text: string, headUnits: number, next: () => number): string {
  const reduction = calibratedTextReduction(headUnits);
  let at = 0;
  while (at < text.length) {
    const size = 1 + Math.floor(next() * 60);
    reduction.feed(text.slice(at, at + size));
    at += size;
  }
  return reduction.finish();
}

/** What the calibrated gate reads of a text: as a person's reply to a long answer, and as the agent's reply. */
function calibratedView(text: string) {
  const machine = new CalibratedMachine();
  const answer = { kind: 'assistant', lineNo: 1, id: 'a', long: true, hasText: true } as const;
  machine.push({ ...answer, retries: 0, concedes: false, declines: false, edits: [], text: () => '' });
  machine.push({ kind: 'user', lineNo: 2, id: 'u', isMeta: false, results: [], text });
  machine.push({ kind: 'user', lineNo: 3, id: 'again', isMeta: false, results: [], text });
  const retries = S4_PREFILTER.test(text) ? Math.min(countMatches(RETRY_RE, text), 3) : 0;
  const concedes = CONCESSION_RE.test(text.slice(0, 200));
  return { user: machine.finish(), retries, concedes };
}

describe('calibratedTextReduction', () => {
  it('reads as the original for the calibrated gate: corrections, re-sent requests, terse replies, retries (20,000 random texts)', () => {
    let cut = 0;
    for (let seed = 1; seed <= 20_000; seed++) {
      const next = random(seed);
      const text = randomText(next, 200);
      const short = reduced(text, 1000, next);
      if (short.length < text.length) cut++;
      const expected = calibratedView(text);
      const actual = calibratedView(short);
      // A reply of three words or fewer keeps its words, not its retry phrases (see calibratedTextReduction).
      if (text.trim().split(/\s+/u).length <= 3) actual.retries = expected.retries;
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        throw new Error(
          `seed ${seed}: ${JSON.stringify(expected)} vs ${JSON.stringify(actual)} ${JSON.stringify(short.slice(590))}`,
        );
    }
    expect(cut).toBeGreaterThan(2_000);
    // 20,000 cases: about 4 s alone, several times that on a loaded 2-core runner.
  }, 120_000);

  it('keeps a huge text short: its opening, its retry phrases up to the cap and a digest', () => {
    const reduction = calibratedTextReduction();
    for (let i = 0; i < 1000; i++) reduction.feed('I checked it. Let me try again. '.repeat(1000));
    const text = reduction.finish();
    expect(text.length).toBeLessThan(4200);
    expect(calibratedView(text).retries).toBe(3);
  });
});
