import { closeSync, constants, fstatSync, openSync, read } from 'node:fs';
import type { HookInput, HookInputLimits } from './stdin.js';

/** How long to wait before reading again a pipe that said EAGAIN (its writer has not written yet). */
const RETRY_MS = 2;
const CHUNK_BYTES = 64 * 1024;

/**
 * A descriptor for `fd` whose reads never block, or undefined when there is none to be had cheaply. A
 * regular file never blocks. A pipe is opened anew through /proc (Linux: a new open of the same pipe, so
 * O_NONBLOCK is its own and not the writer's): its reads answer EAGAIN instead of waiting. A read that
 * waits would sit on the thread pool, and Node's exit waits for the pool's threads: a writer that never
 * closes its end would then hold the hook past its deadline. Anything else (a socket, a terminal, a
 * device) is left to the caller's stream.
 */
function nonBlockingReader(fd: number): number | undefined {
  const stat = fstatSync(fd);
  if (stat.isFile()) return fd;
  if (!stat.isFIFO() || process.platform !== 'linux') return undefined;
  try {
    return openSync(`/proc/self/fd/${fd}`, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
}

/**
 * readHookInput over the hook's fd 0 when it is a file or a pipe: the same answers, without process.stdin,
 * whose making loads node:net or the fs streams and the stream modules (some 60 M instructions on Node 20,
 * more than Node's own start-up). `orStream` reads any other stdin (a socket, a terminal) as a stream.
 * Reads run on the thread pool and never wait on the writer, so the caller's timers fire; `timeoutMs`
 * ends the wait with a reason.
 */
export function readHookInputFromFd(
  fd: number,
  limits: HookInputLimits,
  orStream: (limits: HookInputLimits) => Promise<HookInput>,
): Promise<HookInput> {
  let reader: number | undefined;
  try {
    reader = nonBlockingReader(fd);
  } catch {
    reader = undefined;
  }
  if (reader === undefined) return orStream(limits);
  const from = reader;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: HookInput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (from !== fd) closeSync(from);
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: `no end of hook input within ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    const next = () => {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      read(from, buffer, 0, buffer.length, null, (error, bytesRead) => {
        if (settled) return;
        if (error) {
          if (error.code === 'EAGAIN') setTimeout(next, RETRY_MS);
          else finish({ ok: false, reason: `cannot read stdin: ${error.message}` });
          return;
        }
        if (bytesRead === 0) {
          finish({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') });
          return;
        }
        size += bytesRead;
        if (size > limits.maxBytes) {
          finish({ ok: false, reason: `hook input is larger than ${limits.maxBytes} bytes` });
          return;
        }
        chunks.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
        next();
      });
    };
    next();
  });
}
