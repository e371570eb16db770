import { spawn } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp-dir.js';
import { binFor, whyUnreachable } from './unprivileged.js';

/** The built CLI entry, spawned the way a user runs it (tests require `npm run build` first; `npm test` does it). */
export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'retrospect.js');
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let cliTemp: string | undefined;

/**
 * The TMPDIR of the CLIs a test file spawns: a test folder (open to every user, as /tmp is), so that what a
 * command leaves there on purpose (the `sprint retro --demo` copy) goes when the file's tests are done.
 */
function cliTempFolder(): string {
  if (cliTemp === undefined || !existsSync(cliTemp)) {
    cliTemp = tempDir('retrospect-cli-tmp-');
    chmodSync(cliTemp, 0o1777);
  }
  return cliTemp;
}

/** Spawns `node bin/retrospect.js ...args` and collects its output (TMPDIR a test folder unless env names one). */
export function runCli(
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    input?: string | Buffer;
    timeoutMs?: number;
    /**
     * Run as another user (see unprivileged()), so that file permissions apply even when tests run as root.
     * A clone that user cannot reach runs from a copy it can (see binFor).
     */
    user?: { uid: number; gid: number } | undefined;
  } = {},
): Promise<CliRun> {
  const bin = options.user ? binFor(options.user) : BIN;
  if (bin === undefined)
    return Promise.reject(new Error(whyUnreachable(options.user as { uid: number; gid: number })));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', TMPDIR: cliTempFolder(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.user ?? {}),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
    // A command may exit before it reads its input; the closed pipe (EPIPE) is not what a test checks.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/**
 * The user to run a CLI as when a test needs permissions to hold: `nobody` when the tests run as root (root
 * reads a file of mode 000), else undefined (the current user). The test's files must be open to that user:
 * make them in reachableTempDir(user) (test-support/unprivileged.ts), which a private TMPDIR does not stop.
 */
export function unprivileged(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
}
