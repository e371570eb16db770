import type { Readable } from 'node:stream';

export type HookInput = { ok: true; text: string } | { ok: false; reason: string };

export interface HookInputLimits {
  /** Larger payloads are refused (Claude Code sends whole tool inputs, which can be big but not unbounded). */
  maxBytes: number;
  /** A hook must never hang the agent on a stdin that does not close. */
  timeoutMs: number;
}

export const DEFAULT_HOOK_INPUT_LIMITS: HookInputLimits = { maxBytes: 32 * 1024 * 1024, timeoutMs: 5_000 };

/**
 * Reads a hook's whole JSON payload from stdin, however large up to `maxBytes` (payloads are never cut and
 * then parsed). Resolves with a reason instead of throwing, and destroys the stream when it gives up so that
 * the process can exit.
 */
export function readHookInput(
  stream: Readable & { isTTY?: boolean },
  limits: HookInputLimits = DEFAULT_HOOK_INPUT_LIMITS,
): Promise<HookInput> {
  if (stream.isTTY) {
    return Promise.resolve({ ok: false, reason: "expects the hook's JSON on stdin (Claude Code runs it)" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: HookInput, stop: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.off('data', onData);
      if (stop) stream.destroy();
      resolve(result);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      size += buffer.length;
      if (size > limits.maxBytes) {
        finish({ ok: false, reason: `hook input is larger than ${limits.maxBytes} bytes` }, true);
        return;
      }
      chunks.push(buffer);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: `no end of hook input within ${limits.timeoutMs} ms` }, true),
      limits.timeoutMs,
    );
    stream.on('data', onData);
    stream.once('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }, false));
    stream.once('error', (error) =>
      finish({ ok: false, reason: `cannot read stdin: ${error.message}` }, true),
    );
  });
}
