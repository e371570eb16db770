import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const NON_FINITE = ['NaN', 'nan', 'inf', '-Infinity', '1e400'];

describe('a threshold that is not a finite number', () => {
  const t = new TranscriptBuilder();
  t.user('stop that');
  t.user("no that's not it");
  const path = t.write();

  it.each(NON_FINITE)(
    'gate --threshold %s prints JSON with the default threshold and one warning',
    async (raw) => {
      const run = await runCli(['gate', path, `--threshold=${raw}`], { env: { RETRO_THRESHOLD: '' } });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ score: 6, passed: true, threshold: 5 });
      expect(run.stdout).toMatch(/^\{"score":6\.0,"passed":true,"threshold":5\.0,/);
      expect(run.stderr).toBe(
        `invalid --threshold '${raw}' (expected a finite number such as 7.5); using 5.0\n`,
      );
    },
  );

  it.each(NON_FINITE)('RETRO_THRESHOLD=%s: gate and scan judge by 5.0 and say so', async (raw) => {
    const env = { RETRO_THRESHOLD: raw, FRICTION_LEDGER: '/nonexistent/friction.jsonl' };
    const gate = await runCli(['gate', path], { env });
    expect(JSON.parse(gate.stdout)).toMatchObject({ passed: true, threshold: 5 });
    expect(gate.stderr).toContain(`invalid RETRO_THRESHOLD '${raw}'`);
    const store = join(tempDir('retrospect-threshold-'), 'store.sqlite');
    const scan = await runCli(['scan', '--demo', '--store', store, '--flagged', '--json'], { env });
    expect(scan.code).toBe(0);
    expect(scan.stdout.trim().split('\n')).toHaveLength(3);
    expect(scan.stderr).toContain(`invalid RETRO_THRESHOLD '${raw}'`);
  });
});
