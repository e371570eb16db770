import { spawn } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type CommandIo, memoryIo } from './memory-io.js';
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

export interface CliRunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  input?: string | Buffer;
  /** Kills a spawned CLI that runs longer (spawnCli only). */
  timeoutMs?: number;
  /**
   * Run as another user (see unprivileged()), so that file permissions apply even when tests run as root.
   * A clone that user cannot reach runs from a copy it can (see binFor). Always a spawned process.
   */
  user?: { uid: number; gid: number } | undefined;
}

/** The environment a CLI run gets: the test's, no colour, TMPDIR a test folder, then what the test gives. */
function cliEnv(options: CliRunOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', TMPDIR: cliTempFolder(), ...options.env };
  // A variable set to undefined is not passed to a spawned process: nor is it here.
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

type Main = (argv: string[], io: CommandIo) => Promise<number>;
let builtMain: Promise<Main> | undefined;

/**
 * Runs the built CLI's `main(args, io)` in this process, as bin/retrospect.js does (the same dist/ code, so
 * worker threads and files found beside a module are there), with stdout and stderr collected and stdin
 * a pipe carrying `input`: what a test of output, exit status and files needs, without starting Node for
 * every case. Tests of what only a process shows (signals, a closed stdin, start-up, another user, PATH
 * lookups of the binary) use spawnCli; a run as another `user` is spawned here too.
 */
export async function runCli(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  if (options.user) return spawnCli(args, options);
  builtMain ??= import(pathToFileURL(join(REPO_ROOT, 'dist', 'cli', 'main.js')).href).then(
    (module: { main: Main }) => module.main,
  );
  const main = await builtMain;
  const io = memoryIo({ env: cliEnv(options), cwd: options.cwd ?? REPO_ROOT });
  // A pipe, as a spawned CLI's stdin is: Buffers, ended after the input.
  const stdin = new PassThrough();
  stdin.end(options.input ?? '');
  const code = await main(args, { ...io, stdin });
  return { code, stdout: io.out(), stderr: io.err() };
}

/** Spawns `node bin/retrospect.js ...args` and collects its output (TMPDIR a test folder unless env names one). */
export function spawnCli(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const bin = options.user ? binFor(options.user) : BIN;
  if (bin === undefined)
    return Promise.reject(new Error(whyUnreachable(options.user as { uid: number; gid: number })));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: cliEnv(options),
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
