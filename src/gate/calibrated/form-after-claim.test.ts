import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { frustratedFormIn } from './form-after-claim.js';

function reasonsOf(turn: string, claimDone: boolean): string[] {
  const t = new TranscriptBuilder();
  t.user('Build the wiki pages and deploy them.');
  t.assistant(claimDone ? `${LONG_ANSWER}\n\nEverything is done and deployed.` : LONG_ANSWER);
  t.user(turn);
  t.assistant('Let me check the site.');
  const verdict = gateSessionSync(t.write(), { profile: 'calibrated', env: {}, ledgerPath: null });
  return (verdict.reasons ?? []).map((r) => r.reason);
}

const REASON = /^answered the agent's claim that it was done in frustration/u;

describe('version 12: doubled question marks thrown back at a claim of success', () => {
  it.each([
    ['https://wiki.example.com/ this??? make sure all elements are real', '??'],
    ['登录页面呢？？', '？？'],
    ['e o botão de salvar??', '??'],
  ])('reads "%s" after "done"', (turn, marks) => {
    expect(frustratedFormIn(turn)).toBe(marks);
    expect(reasonsOf(turn, true).filter((r) => REASON.test(r))).toHaveLength(1);
  });

  it('does not read the marks without a claim of success before them', () => {
    expect(reasonsOf('https://wiki.example.com/ this??? make sure all elements are real', false)).toEqual([]);
  });

  it.each(['great!! thanks', 'is it deployed? can I share the link?', 'WHAT SHOULD I DO NOW'])(
    'does not read "%s"',
    (turn) => {
      expect(frustratedFormIn(turn)).toBeUndefined();
      expect(reasonsOf(turn, true).filter((r) => REASON.test(r))).toEqual([]);
    },
  );

  it('counts once when the words already correct (the marks then are the second sign)', () => {
    const reasons = reasonsOf('still broken??', true);
    expect(reasons.filter((r) => REASON.test(r))).toEqual([]);
    expect(reasons.some((r) => r.startsWith('correction "still broken"'))).toBe(true);
  });
});
