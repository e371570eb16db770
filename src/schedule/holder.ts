import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** Whether a lock's recorded holder is still running, as far as this host can tell. */
export type HolderLiveness = 'alive' | 'dead' | 'unknown';

/** When this machine booted (epoch seconds), from Linux's /proc/stat; undefined elsewhere. */
function bootEpoch(): number | undefined {
  try {
    const match = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that took a lock at `epoch` is still running. Only a lock taken on this host can be
 * answered (a pid means nothing elsewhere, and a seed-format lock names no host): `unknown` then, and the
 * caller falls back to the lock's age. A pid that does not exist is `dead`; so is any pid when the lock is
 * older than the last boot (the holder died with the machine and the pid may have been reused since). A
 * pid that exists but belongs to another user (EPERM) is alive.
 */
export function holderLiveness(holder: {
  pid: number;
  epoch: number;
  host: string | undefined;
}): HolderLiveness {
  if (holder.host === undefined || holder.host !== hostname()) return 'unknown';
  const booted = bootEpoch();
  if (booted !== undefined && holder.epoch < booted) return 'dead';
  try {
    process.kill(holder.pid, 0);
    return 'alive';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return 'dead';
    if (code === 'EPERM') return 'alive';
    return 'unknown';
  }
}
