import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { backToBeforeIn } from './back-to-before.js';

function gate(path: string) {
  return gateSessionSync(path, { profile: 'calibrated', env: {}, ledgerPath: null });
}

describe('version 12: asking for the change undone in other words', () => {
  it.each([
    ['quiero que vuelvas a la version anterior', 'vuelvas a la version anterior'],
    ['volta pra versão anterior por favor', 'volta pra versão anterior'],
    ['please change it back', 'change it back'],
    ['go back to the previous version of the header', 'go back to the previous version'],
    ['remets comme avant', 'remets comme avant'],
    ['верни как было', 'верни как было'],
    ['把按钮改回去', '改回去'],
    ['원래대로 해줘', '원래대로'],
  ])('reads "%s"', (turn, match) => {
    expect(backToBeforeIn(turn)).toBe(match);
  });

  it.each([
    'go back to the plan and start step 2',
    'vamos volver a intentar con el otro puerto',
    'volta para a tela inicial depois do login',
    'set it up as you suggested',
    '回到主页后显示提示',
  ])('does not read "%s"', (turn) => {
    expect(backToBeforeIn(turn)).toBeUndefined();
  });

  it('counts twice as a rejection, and says why', () => {
    const t = new TranscriptBuilder();
    t.user('Rewrite config.py to handle the two actions.');
    t.assistant(LONG_ANSWER);
    t.user('quiero que vuelvas a la version anterior');
    t.assistant('De acuerdo, restauro la versión anterior.');
    const verdict = gate(t.write());
    const reasons = (verdict.reasons ?? []).map((r) => r.reason);
    expect(reasons).toContain('rejected the agent\'s work ("vuelvas a la version anterior"): counts twice');
    expect(verdict.verdict.signals.find((s) => s.name === 'S1')?.count).toBe(2);
  });
});
