import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';

/**
 * Runs `node bin/retrospect.js ARGS | READER` in bash, where READER closes its end of the pipe before the
 * command writes anything (as `head` does once it has its lines): every write of the command meets EPIPE.
 */
function runIntoClosedPipe(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stderr: string }> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `${quoted} 2>"$ERRFILE" | { exec 0<&-; sleep 1; }; echo "\${PIPESTATUS[0]}"; cat "$ERRFILE"`;
  const errFile = join(tempDir('retrospect-pipe-'), 'stderr');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env, ERRFILE: errFile },
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', () => {
      const [status, ...stderr] = Buffer.concat(out).toString('utf8').split('\n');
      resolve({ code: Number(status), stderr: stderr.join('\n') });
    });
  });
}

function isolatedEnv(): NodeJS.ProcessEnv {
  const home = tempDir('retrospect-pipe-home-');
  return { HOME: home, RETROSPECT_DATA_DIR: join(home, 'data'), CLAUDE_CONFIG_DIR: join(home, '.claude') };
}

describe('a reader that closes the pipe', () => {
  it.each([
    [['scan', '--demo']],
    [['scan', '--demo', '--json']],
    [
      [
        'gate',
        join(
          REPO_ROOT,
          'examples',
          'projects',
          '-home-ada-code-shop',
          '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24.jsonl',
        ),
      ],
    ],
    [['--help']],
    [['sprint', '--help']],
  ])('ends the output of %j quietly: exit 0, nothing on stderr', async (args) => {
    const run = await runIntoClosedPipe(args, isolatedEnv());
    expect(run.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(run.stderr.trim()).toBe('');
    expect(run.code).toBe(0);
  });

  it('still lets a scan save its verdicts: a second scan reads nothing', async () => {
    const env = isolatedEnv();
    const store = join(env.HOME!, 'store.sqlite');
    const demo = join(REPO_ROOT, 'examples', 'projects');
    expect((await runIntoClosedPipe(['scan', demo, '--store', store, '--json'], env)).code).toBe(0);
    const again = await runIntoClosedPipe(['scan', demo, '--store', store, '--json'], env);
    expect(again.code).toBe(0);
    const { runCli } = await import('../test-support/cli.js');
    const summary = await runCli(['scan', demo, '--store', store], { env });
    expect(summary.stdout).toMatch(/read 0 files .*, 9 unchanged/);
  });
});
