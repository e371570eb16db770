import { describe, expect, it } from 'vitest';
import { pyFirstWords, pySplit } from '../transcript/pyjson.js';
import { gateTextReduction, StreamingCount } from './long-text.js';
import { S1_RE } from './signals.js';
import { random, randomText } from './test-support/random-text.js';
import { assistantTurn, userTurn } from './turns.js';

function reduced(text: string, next: () => number): string {
  const reduction = gateTextReduction();
  let at = 0;
  while (at < text.length) {
    const size = 1 + Math.floor(next() * 40);
    reduction.feed(text.slice(at, at + size));
    at += size;
  }
  return reduction.finish();
}

/** What the gate reads from a text, as a person's turn and as the assistant's (S1 and S4 capped). */
function gateView(text: string) {
  const user = userTurn(1, 'u', [], false, text);
  const assistant = assistantTurn(2, 'a', text, []);
  return {
    human: user.human,
    rejects: Math.min(user.rejects, 3),
    terse: user.terse,
    retries: Math.min(assistant.retries, 3),
    long: assistant.long,
  };
}

describe('gateTextReduction', () => {
  it('reads as the original for the gate, alone and joined with other blocks (5,000 random texts; LONG_TEXT_SEEDS for more)', () => {
    for (let seed = 1; seed <= Number(process.env.LONG_TEXT_SEEDS ?? 5_000); seed++) {
      const next = random(seed);
      const blocks = Array.from({ length: 1 + Math.floor(next() * 3) }, () => randomText(next, 30));
      const original = blocks.join('\n');
      const short = blocks.map((block) => reduced(block, next)).join('\n');
      const expected = gateView(original);
      const actual = gateView(short);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        throw new Error(
          `seed ${seed}: ${JSON.stringify(blocks)} -> ${JSON.stringify(short)}: ${JSON.stringify(expected)} vs ${JSON.stringify(actual)}`,
        );
      }
    }
  });

  it('keeps a huge text short', () => {
    const reduction = gateTextReduction();
    for (let i = 0; i < 1000; i++) reduction.feed("no that's wrong ".repeat(1000));
    const text = reduction.finish();
    expect(text.length).toBeLessThan(600);
    expect(gateView(text)).toEqual({ human: true, rejects: 3, terse: false, retries: 0, long: true });
  });

  it('counts matches across chunk edges exactly (findall semantics)', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const next = random(seed);
      const text = randomText(next, 40);
      const count = new StreamingCount(new RegExp(S1_RE.source, S1_RE.flags));
      let at = 0;
      while (at < text.length) {
        const size = 1 + Math.floor(next() * 12);
        count.feed(text.slice(at, at + size), at + size >= text.length);
        at += size;
      }
      if (text.length === 0) count.feed('', true);
      S1_RE.lastIndex = 0;
      let all = 0;
      while (S1_RE.exec(text) !== null) all++;
      expect(count.count, `seed ${seed}: ${JSON.stringify(text)}`).toBe(Math.min(all, 3));
    }
  });

  it('splits off the first words as str.split() does, without splitting the rest', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const text = randomText(random(seed), 30);
      for (const limit of [1, 4])
        expect(pyFirstWords(text, limit), text).toEqual(pySplit(text).slice(0, limit));
    }
  });
});
