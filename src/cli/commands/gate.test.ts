import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

describe('retrospect gate (CLI)', () => {
  const env = { FRICTION_LEDGER: '/nonexistent/friction.jsonl', RETRO_THRESHOLD: '' };

  it('prints one line of verdict JSON and exits 0', async () => {
    const t = new TranscriptBuilder();
    // Matches do not overlap: "no that's" consumes "that's", so "that's not" cannot match too.
    t.user('stop that');
    const reject = t.user("no that's not it");
    const path = t.write();
    const run = await runCli(['gate', path], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `{"score":6.0,"passed":true,"threshold":5.0,"signals":[{"name":"S1","count":2,"ids":["${TranscriptBuilder.id(1)}","${reject}"]}]}\n`,
    );
  });

  it('--why prints the calibration table; --threshold overrides the environment', async () => {
    const t = new TranscriptBuilder();
    const s = t.user('stop');
    const run = await runCli(['gate', t.write(), '--why', '--threshold', '2.5'], { env });
    expect(run.stdout).toBe(
      `Session: ${t.sessionId}\nScore: 3.0 / 2.5 (passed)\nSignals matched:\nS1 (explicit reject) x1 — ${s}\nSignals NOT matched: S2, S3, S4, S5\n`,
    );
  });

  it('--profile chooses the profile (the default, without RETRO_GATE_PROFILE, is calibrated); a bad one is refused', async () => {
    const t = new TranscriptBuilder();
    t.user('Fix the export.');
    t.assistant('Fixed.');
    const reply = t.user('still broken, the button does nothing');
    const path = t.write();
    const calibrated = await runCli(['gate', path], { env: { ...env, RETRO_GATE_PROFILE: '' } });
    expect(calibrated.stdout).toBe(
      `{"score":3.0,"passed":false,"threshold":5.0,"signals":[{"name":"S1","count":1,"ids":["${reply}"]}],"profile":"calibrated"}\n`,
    );
    const seed = await runCli(['gate', path, '--profile', 'seed'], {
      env: { ...env, RETRO_GATE_PROFILE: 'calibrated' },
    });
    expect(seed.stdout).toBe('{"score":0.0,"passed":false,"threshold":5.0,"signals":[]}\n');
    const why = await runCli(['gate', path, '--why', '--profile', 'calibrated'], { env });
    expect(why.stdout).toContain(`  - ${reply}: correction "still broken" in reply to the agent`);
    const bad = await runCli(['gate', path, '--profile', 'strict'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--profile must be seed or calibrated (got 'strict')");
  });

  it('answers a missing file with an error verdict, still exit 0', async () => {
    const run = await runCli(['gate', '/nonexistent/session.jsonl'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      score: 0,
      passed: false,
      threshold: 5,
      signals: [],
      error: 'file not found',
    });
  });
});
