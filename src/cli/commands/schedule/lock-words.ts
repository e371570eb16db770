import type { UsageError } from '../../../errors/errors.js';
import type { LockAcquisition } from '../../../schedule/index.js';

type Takeover = NonNullable<Extract<LockAcquisition, { ok: true }>['tookOver']>;

/** The stderr line for a lock taken over from a run that is gone. */
export function takeoverNote(tookOver: Takeover): string {
  const previous = tookOver.previous;
  if (tookOver.reason === 'dead' && previous)
    return `scheduled retro: took over the lock of pid ${previous.pid}, which is no longer running`;
  const was = previous
    ? ` (pid ${previous.pid}, taken ${new Date(previous.epoch * 1000).toISOString()})`
    : '';
  return `scheduled retro: took over a ${tookOver.reason} lock${was}`;
}

/**
 * The process that holds the lock: `--pid` (a script run through a wrapper such as npx passes its own
 * `$$`), else the caller. On this host the lock is free again as soon as that process is gone.
 */
export function ownerPid(given: string | undefined, usageError: (reason: string) => UsageError): number {
  if (given === undefined) return process.ppid;
  if (!/^\d+$/.test(given) || Number(given) <= 0)
    throw usageError(`--pid takes a process id such as 4242, got '${given}'`);
  return Number(given);
}
