import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerFromEnv } from '../ledger/path.js';
import { gateSessionSync } from './gate-session.js';
import { defaultGateSettings, resolveGateSettings } from './settings.js';

describe('resolveGateSettings', () => {
  it('gives the defaults when the environment sets nothing', () => {
    expect(resolveGateSettings({ env: {}, ledger: undefined })).toEqual({
      profile: 'calibrated',
      threshold: 5,
      ledger: undefined,
      forceTranscriptS2: false,
      warnings: [],
    });
    expect(resolveGateSettings({ env: {}, ledger: undefined })).toEqual(defaultGateSettings());
  });

  it('reads its three keys, as the gate documents them, and takes the ledger as given', () => {
    const env = {
      RETRO_THRESHOLD: ' 7_5e-1 ',
      RETRO_GATE_PROFILE: 'seed',
      FRICTION_LEDGER: 'ledger/friction.jsonl',
      RETRO_FORCE_TRANSCRIPT_S2: '1',
    };
    expect(resolveGateSettings({ env, ledger: ledgerFromEnv(env) })).toEqual({
      profile: 'seed',
      threshold: 7.5,
      ledger: 'ledger/friction.jsonl',
      forceTranscriptS2: true,
      warnings: [],
    });
    // FRICTION_LEDGER is the ledger's key, not the gate's: the environment's is not read here.
    expect(resolveGateSettings({ env, ledger: undefined }).ledger).toBeUndefined();
    expect(resolveGateSettings({ env: {}, ledger: 'given.jsonl' }).ledger).toBe('given.jsonl');
  });

  it('lets each flag win over its key, and words a bad flag after the flag', () => {
    const env = { RETRO_THRESHOLD: 'bad', RETRO_GATE_PROFILE: 'bad' };
    expect(
      resolveGateSettings({ flags: { profile: 'seed', threshold: '8' }, env, ledger: undefined }),
    ).toMatchObject({
      profile: 'seed',
      threshold: 8,
      warnings: [],
    });
    expect(resolveGateSettings({ flags: { threshold: 'x' }, env: {}, ledger: undefined }).warnings).toEqual([
      "invalid --threshold 'x' (expected a finite number such as 7.5); using 5.0",
    ]);
  });

  it('falls back with the seed warnings, threshold first, for invalid keys', () => {
    const settings = resolveGateSettings({
      env: { RETRO_THRESHOLD: 'lots', RETRO_GATE_PROFILE: 'strict' },
      ledger: undefined,
    });
    expect(settings).toMatchObject({ profile: 'calibrated', threshold: 5 });
    expect(settings.warnings).toEqual([
      "invalid RETRO_THRESHOLD 'lots' (expected a finite number such as 7.5); using 5.0",
      "invalid RETRO_GATE_PROFILE 'strict' (expected seed or calibrated); using calibrated",
    ]);
  });

  it('takes only 1 as forcing the transcript S2, and an empty FRICTION_LEDGER as unset', () => {
    for (const value of ['true', 'yes', '0', ''])
      expect(
        resolveGateSettings({ env: { RETRO_FORCE_TRANSCRIPT_S2: value }, ledger: undefined })
          .forceTranscriptS2,
      ).toBe(false);
    expect(ledgerFromEnv({ FRICTION_LEDGER: '' })).toBeUndefined();
    expect(ledgerFromEnv({ FRICTION_LEDGER: 'mine.jsonl' })).toBe('mine.jsonl');
  });
});

describe('the gate with settings given', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads nothing from process.env; without settings a library call still does', () => {
    vi.stubEnv('RETRO_THRESHOLD', '2.5');
    vi.stubEnv('RETRO_GATE_PROFILE', 'seed');
    const typed = gateSessionSync(undefined, { settings: defaultGateSettings({ threshold: 9 }) });
    expect(typed.verdict.threshold).toBe(9);
    expect(typed.profile).toBe('calibrated');
    const fromProcess = gateSessionSync(undefined);
    expect(fromProcess.verdict.threshold).toBe(2.5);
    expect(fromProcess.profile).toBe('seed');
  });

  it('puts the resolver warnings first in the result, as the gate always has', () => {
    const settings = resolveGateSettings({ env: { RETRO_THRESHOLD: 'nan' }, ledger: undefined });
    expect(gateSessionSync(undefined, { settings }).warnings).toEqual(settings.warnings);
  });
});
