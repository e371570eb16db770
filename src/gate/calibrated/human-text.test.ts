import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { reactionOf } from './human-text.js';

describe('version 12: a reaction read with its space runs folded', () => {
  it.each([
    ['mas a telo do  pdv  continua em  branco ', 'mas a telo do pdv continua em branco '],
    ['that\tis  still   broken', 'that is still broken'],
    ['este botón  sigue  sin funcionar\n  pasted  log', 'este botón sigue sin funcionar'],
  ])('reads "%s" as "%s"', (typed, reaction) => {
    expect(reactionOf(typed)).toBe(reaction);
  });

  it('leaves a line of single spaces as it is', () => {
    const typed = 'the page is still empty';
    expect(reactionOf(typed)).toBe(typed);
  });

  it('finds a complaint typed with double spaces', () => {
    const t = new TranscriptBuilder();
    t.user('Fix the blank sales screen.');
    t.assistant(LONG_ANSWER);
    t.user('a tela  continua em  branco');
    t.assistant('Let me look again.');
    const verdict = gateSessionSync(t.write(), { profile: 'calibrated', env: {}, ledgerPath: null });
    expect(verdict.verdict.signals.find((s) => s.name === 'S1')?.count).toBe(1);
  });
});
