import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, spawnCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { CAPTURE_DEADLINE_MS } from './hook/friction-capture.js';

const failure = JSON.stringify({
  session_id: '0b7c9a52-1e3d-4f60-8a21-c4d5e6f7a8b9',
  hook_event_name: 'PostToolUseFailure',
  tool_name: 'Edit',
  tool_input: { file_path: 'src/cart.ts', old_string: 'a', new_string: 'b' },
});

/** The hook as Claude Code runs it; the test's own limit (10 s) is far above the hook's deadline. */
function capture(env: NodeJS.ProcessEnv, input = failure) {
  // The capture's deadline ends the process (Claude Code waits for it): a spawned one.
  return spawnCli(['hook', 'friction-capture'], { env, input, timeoutMs: 10_000 });
}

describe('retrospect hook friction-capture never hangs', () => {
  it('gives up on a ledger folder that cannot be made (/proc), exit 0 with one line', async () => {
    const run = await capture({ FRICTION_LEDGER: '/proc/retrospect-x/ledger.jsonl' });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^friction-capture: cannot append to \/proc\/retrospect-x\/ledger\.jsonl: E[A-Z]+/,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    [
      'a file in the way of its folder',
      (dir: string) => {
        writeFileSync(join(dir, 'file'), 'x');
        return join(dir, 'file', 'retro', 'friction.jsonl');
      },
    ],
    [
      'a FIFO as the ledger',
      (dir: string) => {
        execFileSync('mkfifo', [join(dir, 'friction.jsonl')]);
        return join(dir, 'friction.jsonl');
      },
    ],
    [
      'a folder as the ledger',
      (dir: string) => {
        mkdirSync(join(dir, 'friction.jsonl'));
        return join(dir, 'friction.jsonl');
      },
    ],
  ])('answers %s with one line, exit 0', async (_name, make) => {
    const ledger = make(tempDir('retrospect-deadline-'));
    const run = await capture({ FRICTION_LEDGER: ledger });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^friction-capture: cannot append to /);
  });

  it('stops waiting for a lock held by a live process within the deadline', async () => {
    const dir = tempDir('retrospect-deadline-');
    const ledger = join(dir, 'friction.jsonl');
    // A live holder: this test process, on this host, just now.
    mkdirSync(`${ledger}.lock`);
    writeFileSync(join(`${ledger}.lock`, `owner.${process.pid}.test`), `${process.pid}\n${hostname()}\n`);
    const started = Date.now();
    const run = await capture({ FRICTION_LEDGER: ledger });
    expect(run.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.stderr).toMatch(/^friction-capture: cannot append to .*could not take the lock/);
  });

  it('exits 0 at the deadline when stdin never closes, and says what it waited for', async () => {
    const child = spawn(process.execPath, [BIN, 'hook', 'friction-capture'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        FRICTION_LEDGER: join(tempDir('retrospect-deadline-'), 'l.jsonl'),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const started = Date.now();
    child.stdin.write('{"session_id":');
    const err: Buffer[] = [];
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const code = await new Promise<number | null>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.on('close', (c) => {
        clearTimeout(kill);
        resolve(c);
      });
    });
    child.stdin.destroy();
    expect(code).toBe(0);
    // The whole hook is bounded by its deadline (plus start-up), not by the 5 s stdin limit of before.
    expect(Date.now() - started).toBeLessThan(CAPTURE_DEADLINE_MS + 1_500);
    expect(Buffer.concat(err).toString('utf8')).toMatch(
      /^friction-capture: no end of hook input within \d+ ms\n$/,
    );
  });

  it('still records a row in the ordinary case', async () => {
    const ledger = join(tempDir('retrospect-deadline-'), 'retro', 'friction.jsonl');
    const run = await capture({ FRICTION_LEDGER: ledger });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(readFileSync(ledger, 'utf8'))).toMatchObject({
      event: 'PostToolUseFailure',
      tool: 'Edit',
    });
  });
});
