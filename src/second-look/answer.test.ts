import { describe, expect, it } from 'vitest';
import { validateAnswer } from './answer.js';
import { emptyStretch, type SessionView } from './view.js';

function view(...texts: string[]): SessionView {
  return {
    before: emptyStretch(),
    turns: texts.map((text, index) => ({
      turn: { index, id: `m${index}`, text, chars: text.length },
      after: emptyStretch(),
    })),
    turnOf: new Map(),
  };
}

const session = view('Fix the login page', 'it  still\nredirects to /home, did you forget the cookie?');

describe('validating a second look answer', () => {
  it('accepts a rough answer whose quote is in the cited turn, whitespace normalised', () => {
    const check = validateAnswer(
      { verdict: 'rough', turn: 1, quote: 'still redirects to /home', kind: 'complaint' },
      session,
    );
    expect(check).toEqual({
      ok: true,
      answer: {
        verdict: 'rough',
        kind: 'complaint',
        citation: { turn: 1, id: 'm1', quote: 'still redirects to /home' },
      },
    });
  });

  it('refuses a quote that is not in that turn, with the reason', () => {
    const check = validateAnswer(
      { verdict: 'rough', turn: 0, quote: 'still redirects', kind: 'complaint' },
      session,
    );
    expect(check).toEqual({ ok: false, why: expect.stringContaining('is not in turn 0') });
  });

  it('refuses a quote of a few letters, a turn that does not exist, an unknown kind or verdict', () => {
    const why = (raw: Record<string, unknown>) => {
      const check = validateAnswer(
        { verdict: 'rough', turn: 1, quote: 'the cookie', kind: 'correction', ...raw },
        session,
      );
      return check.ok ? 'accepted' : check.why;
    };
    expect(why({ quote: 'it' })).toContain('shorter than');
    expect(why({ turn: 7 })).toContain('turn 7 is not a turn of the person (the session has turns 0 to 1)');
    expect(why({ turn: '1' })).toContain('"turn" must be the number');
    expect(why({ kind: 'anger' })).toContain('"kind" must be one of correction, refusal');
    expect(why({ kind: 'none' })).toContain('needs a kind of friction');
    expect(why({ verdict: 'ROUGH' })).toContain('"verdict" must be "rough" or "smooth"');
    expect(why({})).toBe('accepted');
  });

  it('takes a smooth answer without a citation, and keeps only a valid one', () => {
    expect(validateAnswer({ verdict: 'smooth', turn: null, quote: '', kind: 'none' }, session)).toEqual({
      ok: true,
      answer: { verdict: 'smooth', kind: 'none' },
    });
    const cited = validateAnswer({ verdict: 'smooth', turn: 0, quote: 'login page', kind: 'none' }, session);
    expect(cited.ok && cited.answer.citation).toEqual({ turn: 0, id: 'm0', quote: 'login page' });
  });

  it('takes a "refusal" only when it cites the words typed with a refused call or right after one or an interrupt', () => {
    const refusing = view('tidy the imports', 'use the formatter instead', 'thanks, that is all');
    const check = (turn: number, shape: (v: SessionView) => void) => {
      const v = structuredClone(refusing);
      shape(v);
      const quote = v.turns[turn]?.turn.text ?? '';
      return validateAnswer({ verdict: 'rough', turn, quote, kind: 'refusal' }, v);
    };
    expect(check(1, () => {})).toEqual({ ok: false, why: expect.stringContaining('turn 1 is neither') });
    expect(check(1, (v) => v.turns[0]?.after.refused.push('Bash: npx eslint --fix .')).ok).toBe(true);
    expect(check(1, (v) => Object.assign(v.turns[0]?.after ?? {}, { interrupts: 1 })).ok).toBe(true);
    expect(
      check(1, (v) => Object.assign(v.turns[1]?.turn ?? {}, { refusedCall: 'Bash: npx eslint --fix .' })).ok,
    ).toBe(true);
    // The turn after the person's own reply is not about the refusal any more.
    expect(check(2, (v) => v.turns[0]?.after.refused.push('Bash: npx eslint --fix .')).ok).toBe(false);
  });
});
