import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { HookInput, HookInputLimits } from './stdin.js';

/** The longest wait before reading again a descriptor that said EAGAIN (its writer has not written yet). */
const RETRY_MAX_MS = 2;
/** The first wait after an EAGAIN; each further one doubles, up to RETRY_MAX_MS. */
const RETRY_MIN_MS = 0.125;
const CHUNK_BYTES = 64 * 1024;

/** What the hook reads its payload from: `close` when it opened that descriptor itself. */
interface Reader {
  fd: number;
  close: boolean;
}

interface PipeBinding {
  Pipe: new (type: number) => { open(fd: number): unknown; unref?(): void };
  constants: { SOCKET: number };
}

/**
 * The handle that made a socket's reads non-blocking. Kept for the life of the process: a collected handle
 * is closed, and with it the descriptor it holds (the hook's stdin).
 */
const keptHandles: unknown[] = [];

/** Whether Node was asked to warn of pending deprecations (process.binding among them) on stderr. */
function warnsPendingDeprecations(): boolean {
  const options = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  return options.includes('--pending-deprecation') || process.env.NODE_PENDING_DEPRECATION === '1';
}

/**
 * Makes reads of the socket `fd` answer EAGAIN instead of waiting, as node:net does for a socket on stdin:
 * libuv's pipe handle opened on it sets O_NONBLOCK, and the handle is left unread (the reads below are
 * plain read(2) calls). Only the binding is loaded, none of node:net and the stream modules (some 45 M
 * instructions). A socket's descriptor cannot be opened anew as a pipe's can, so the flag is set on the
 * socket itself, which node:net would have done too. False (nothing changed) where the binding is not to
 * be had: another platform, Node's permission model, a Node that warns of process.binding on stderr.
 */
function makeSocketNonBlocking(fd: number): boolean {
  if (process.platform === 'win32' || warnsPendingDeprecations()) return false;
  try {
    const binding = (process as unknown as { binding(name: string): PipeBinding }).binding('pipe_wrap');
    const handle = new binding.Pipe(binding.constants.SOCKET);
    const error = handle.open(fd);
    if (typeof error === 'number' && error !== 0) return false;
    handle.unref?.();
    keptHandles.push(handle);
    return true;
  } catch {
    return false;
  }
}

/**
 * A descriptor for `fd` whose reads never block, or undefined when there is none to be had cheaply. A
 * regular file never blocks. A pipe is opened anew through /proc (Linux: a new open of the same pipe, so
 * O_NONBLOCK is its own and not the writer's): its reads answer EAGAIN instead of waiting. A socket (what
 * a Node parent's `stdio: 'pipe'` gives its child, Claude Code's hooks included) is made non-blocking. A
 * read that waits would hold the process past its deadline: a writer that never closes its end would
 * keep the hook. Anything else (a terminal, a device) is left to the caller's stream.
 */
function nonBlockingReader(fd: number): Reader | undefined {
  const stat = fstatSync(fd);
  if (stat.isFile()) return { fd, close: false };
  if (stat.isSocket()) return makeSocketNonBlocking(fd) ? { fd, close: false } : undefined;
  if (!stat.isFIFO() || process.platform !== 'linux') return undefined;
  try {
    return { fd: openSync(`/proc/self/fd/${fd}`, constants.O_RDONLY | constants.O_NONBLOCK), close: true };
  } catch {
    return undefined;
  }
}

/**
 * Reads `fd` (which never blocks) to its end, within the limits. An EAGAIN waits on an Atomics cell, a
 * fraction of a millisecond at first and up to RETRY_MAX_MS, and the wait ends at `timeoutMs` with a
 * reason.
 */
function readToEnd(fd: number, limits: HookInputLimits): HookInput {
  const until = Date.now() + limits.timeoutMs;
  // Made at the first EAGAIN only: most payloads are there, whole, before Node has started.
  let cell: Int32Array | undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  let wait = RETRY_MIN_MS;
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  for (;;) {
    let bytesRead: number;
    try {
      bytesRead = readSync(fd, buffer, used, buffer.length - used, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR') {
        if (Date.now() >= until)
          return { ok: false, reason: `no end of hook input within ${limits.timeoutMs} ms` };
        cell ??= new Int32Array(new SharedArrayBuffer(4));
        Atomics.wait(cell, 0, 0, wait);
        wait = Math.min(RETRY_MAX_MS, wait * 2);
        continue;
      }
      return { ok: false, reason: `cannot read stdin: ${(error as Error).message}` };
    }
    if (bytesRead === 0) break;
    wait = RETRY_MIN_MS;
    size += bytesRead;
    if (size > limits.maxBytes)
      return { ok: false, reason: `hook input is larger than ${limits.maxBytes} bytes` };
    used += bytesRead;
    if (used === buffer.length) {
      chunks.push(buffer);
      buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      used = 0;
    }
  }
  if (used > 0) chunks.push(buffer.subarray(0, used));
  return { ok: true, text: Buffer.concat(chunks, size).toString('utf8') };
}

/**
 * readHookInput over the hook's fd 0 when it is a file, a pipe or a socket: the same answers, without
 * process.stdin, whose making loads node:net or the fs streams and the stream modules (some 45-60 M
 * instructions on Node 20, half of Node's own start-up). `orStream` reads any other stdin (a terminal) as
 * a stream. The reads are synchronous and never wait on the writer (nothing else runs until the payload
 * is in); `timeoutMs` ends the wait with a reason.
 */
export function readHookInputFromFd(
  fd: number,
  limits: HookInputLimits,
  orStream: (limits: HookInputLimits) => Promise<HookInput>,
): Promise<HookInput> {
  let reader: Reader | undefined;
  try {
    reader = nonBlockingReader(fd);
  } catch {
    reader = undefined;
  }
  if (reader === undefined) return orStream(limits);
  try {
    return Promise.resolve(readToEnd(reader.fd, limits));
  } finally {
    if (reader.close) closeSync(reader.fd);
  }
}
