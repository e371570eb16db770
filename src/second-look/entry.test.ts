import { describe, expect, it } from 'vitest';
import type { GateVerdict } from '../gate/score.js';
import { cuesOf, DEFAULT_ENTRY, entryOf } from './entry.js';
import { emptyStretch, type SessionView } from './view.js';

const verdict = (score: number, threshold = 5): GateVerdict => ({
  score,
  threshold,
  passed: score >= threshold,
  signals: [],
});

/** A view from the person's turns, each followed by the agent's stretch (claims and tools as given). */
function viewOf(turns: { text: string; claim?: boolean; tools?: boolean }[]): SessionView {
  return {
    before: emptyStretch(),
    turnOf: new Map(),
    turns: turns.map((t, index) => {
      const after = emptyStretch();
      if (t.claim) after.claims.push('Done: the page is fixed.');
      if (t.tools) after.tools.set('Edit', 1);
      return { turn: { index, id: `m${index}`, text: t.text, chars: t.text.length }, after };
    }),
  };
}

describe('which sessions the second look reads', () => {
  it('reads a band session whatever its turns, and never an error verdict', () => {
    const never = () => {
      throw new Error('the view is not needed in the band');
    };
    expect(entryOf(verdict(3), never)).toEqual({ sent: true, by: 'band', cues: [] });
    expect(entryOf({ ...verdict(0), error: 'no such file' }, never).sent).toBe(false);
    expect(entryOf(verdict(7), never).sent).toBe(false);
  });

  it('reads a session under the band only with a cue', () => {
    const quiet = viewOf([{ text: 'add a page', claim: true }, { text: 'ok' }]);
    expect(entryOf(verdict(0), () => quiet)).toEqual({ sent: false, cues: [] });
    const replies = viewOf([
      { text: 'add a page', claim: true },
      { text: 'the header is gone', claim: true },
      { text: 'ヘッダーがまだ表示されていません' },
    ]);
    expect(entryOf(verdict(0), () => replies)).toEqual({
      sent: true,
      by: 'cue',
      cues: ['turns-after-claim'],
    });
    expect(entryOf(verdict(0), () => replies, { ...DEFAULT_ENTRY, cues: false }).sent).toBe(false);
  });

  it('counts plain approvals after a claim as no reply', () => {
    const view = viewOf([
      { text: 'add a page', claim: true },
      { text: 'great, thanks', claim: true },
      { text: 'go on' },
    ]);
    expect(cuesOf(view)).toEqual([]);
  });

  it('finds a turn retyped nearly as before, or word for word later', () => {
    const path = 'please read C:\\work\\app\\config.yaml';
    expect(cuesOf(viewOf([{ text: path }, { text: `${path}.` }]))).toEqual(['near-duplicate']);
    expect(cuesOf(viewOf([{ text: path }, { text: 'hm' }, { text: path }]))).toEqual(['near-duplicate']);
    expect(cuesOf(viewOf([{ text: 'yes' }, { text: 'yes' }]))).toEqual([]);
  });

  it('finds an error pasted back after the agent worked', () => {
    const trace = `TypeError: cannot read properties of undefined\n    at render (src/app.ts:12:5)\n${'x'.repeat(40)}`;
    expect(cuesOf(viewOf([{ text: 'fix the build', tools: true }, { text: trace }]))).toEqual([
      'error-pasted',
    ]);
    expect(cuesOf(viewOf([{ text: 'fix the build' }, { text: trace }]))).toEqual([]);
  });
});
