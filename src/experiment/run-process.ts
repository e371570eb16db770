import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** How long a process group gets between SIGTERM and SIGKILL once its time is up. */
export const KILL_GRACE_MS = 5_000;

/** Bytes of a process's stderr kept for messages. */
const STDERR_TAIL = 16 * 1024;

export interface ProcessOutcome {
  /** Exit status; null when the process was ended by a signal or never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Ended because the caller aborted. */
  aborted: boolean;
  /** The program could not be started (ENOENT: not on PATH). */
  startError?: NodeJS.ErrnoException;
  ms: number;
  stderrTail: string;
}

export interface ProcessRequest {
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to the process's stdin, then closed; stdin is closed at once without it. */
  input?: string;
  /** The process's stdout goes to this file (an agent's event stream can be large). */
  stdoutPath: string;
  timeLimitMs: number;
  /** Aborting ends the process group at once (the person pressed ^C: nothing the run started may outlive it). */
  signal?: AbortSignal | undefined;
}

/**
 * Runs one program in its own process group with a time limit: when the time is up the whole group gets
 * SIGTERM, then SIGKILL after KILL_GRACE_MS, so that a test runner or a dev server the agent started does
 * not outlive its run. No shell is involved: `command` and `args` are one program call.
 */
export function runProcess(request: ProcessRequest): Promise<ProcessOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(request.stdoutPath, { flags: 'wx', mode: 0o600 });
    let stderr = '';
    let timedOut = false;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const child = spawn(request.command, [...request.args], {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const signalGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const limit = setTimeout(() => {
      timedOut = true;
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
    }, request.timeLimitMs);
    // The group is detached from the terminal's, so a ^C reaches only us: we pass it on.
    const onAbort = () => {
      signalGroup('SIGTERM');
      killTimer ??= setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    const finish = (outcome: Omit<ProcessOutcome, 'ms' | 'stderrTail' | 'timedOut' | 'aborted'>) => {
      if (settled) return;
      settled = true;
      request.signal?.removeEventListener('abort', onAbort);
      clearTimeout(limit);
      if (killTimer) clearTimeout(killTimer);
      // Whatever the agent left running in its group goes with it.
      if (!outcome.startError) signalGroup('SIGKILL');
      out.end(() =>
        resolve({
          ...outcome,
          timedOut,
          aborted: request.signal?.aborted === true,
          ms: Date.now() - started,
          stderrTail: stderr.slice(-STDERR_TAIL),
        }),
      );
    };
    child.stdout.pipe(out, { end: false });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL * 2);
    });
    child.stdin.on('error', () => {
      // A program that exits without reading its input closes the pipe; that is its business.
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish({ code: null, signal: null, startError: error }),
    );
    // Background processes the agent left in its group would hold the pipes open: they end with it.
    child.on('exit', () => signalGroup('SIGKILL'));
    child.on('close', (code, signal) => finish({ code, signal }));
    if (request.input !== undefined) child.stdin.end(request.input);
    else child.stdin.end();
  });
}
