import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { type GateResult, gateSessionSync, renderWhy } from '../index.js';
import { showsFrustration } from './frustration.js';

function gateReply(reply: string): GateResult {
  const t = new TranscriptBuilder();
  t.user('Make the sync plugin read the vault config.');
  t.assistant(LONG_ANSWER);
  t.user(reply);
  t.assistant('Looking at the config loader.');
  return gateSessionSync(t.write(), { profile: 'calibrated', env: {}, ledgerPath: null });
}

function s1(result: GateResult): number {
  return result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
}

describe('version 8: a steer said in frustration counts twice', () => {
  it.each([
    ['doubled question marks', 'the vault is still broken??'],
    ['doubled exclamation marks', 'the same error again!!'],
    ['full-width marks', '还是不行？？配置没有读到'],
    ['capitals', 'AGENTS KEEP ASSUMING THEY KNOW the layout without reading it'],
  ])('%s', (_case, reply) => {
    const result = gateReply(reply);
    expect(s1(result)).toBe(2);
    expect(result.verdict.passed).toBe(true);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'and said it in frustration',
    );
  });

  it('counts a calm steer once, and the form alone nothing (relayed messages come in capitals with "??")', () => {
    expect(s1(gateReply('the vault is wrong'))).toBe(1);
    expect(s1(gateReply('PING FROM LOGAN: You two can communicate via vault writes now??'))).toBe(0);
    expect(s1(gateReply('READ THE VAULT CONFIG FIRST and then sync'))).toBe(0);
  });

  it('does not read an acronym or two as shouting', () => {
    expect(showsFrustration('the CI job still fails on the API tests')).toBeUndefined();
    expect(showsFrustration('REST API NOT FOUND')).toBe('REST API NOT FOUND');
    expect(showsFrustration('why?')).toBeUndefined();
    expect(showsFrustration('why？？')).toBe('？？');
  });
});

describe('version 11: swearing in a steer counts twice, as doubled marks do', () => {
  it.each([
    ['Italian', 'non ho capito un cazzo, dove sta il tuo piano'],
    ['English', 'wtf, the vault is still broken'],
  ])('%s', (_case, reply) => {
    const result = gateReply(reply);
    expect(s1(result)).toBe(2);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'and said it in frustration',
    );
  });

  it('reads swearing alone as nothing, and not inside another word', () => {
    expect(s1(gateReply('fucking great, the sync works now'))).toBe(0);
    expect(showsFrustration('the scunthorpe config')).toBeUndefined();
    expect(showsFrustration('ma cazzo')).toBe('cazzo');
  });
});
