import { acquireScheduledLock, LOCK_HELD_MESSAGE, releaseScheduledLock } from '../../../schedule/index.js';
import { parseCommandArgs, usageError } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { didYouMean } from '../../suggest.js';
import { SPEC } from './lock-spec.js';
import { ownerPid, takeoverNote } from './lock-words.js';
import { existingMainCheckout } from './main-checkout.js';

/**
 * `schedule lock acquire <mroot>` prints the owner token (exit 0), or the held line (exit 2).
 * `schedule lock release <mroot> [token] [--force]` always exits 0. This command exits at once, so the
 * owner recorded in the lock is its caller (the parent pid): a script that acquires and releases from
 * one shell needs no token; one that releases from elsewhere passes the token.
 */
export async function runLock(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const [action, mroot, token] = positionals as [string, string, string | undefined];
  if (action !== 'acquire' && action !== 'release')
    throw usageError(
      SPEC,
      `expected acquire or release, got '${action}'${didYouMean(action, ['acquire', 'release'])}`,
    );
  if (action === 'acquire') {
    if (token !== undefined || values.force) throw usageError(SPEC, 'acquire takes only MROOT');
    const root = existingMainCheckout(io.cwd, mroot);
    const result = acquireScheduledLock(root, {
      pid: ownerPid(values.pid, (reason) => usageError(SPEC, reason)),
    });
    if (!result.ok) {
      println(io.stderr, LOCK_HELD_MESSAGE);
      return 2;
    }
    if (result.tookOver) println(io.stderr, takeoverNote(result.tookOver));
    println(io.stdout, result.lock.token);
    return 0;
  }
  if (values.pid !== undefined) throw usageError(SPEC, '--pid is for acquire');
  try {
    const released = releaseScheduledLock(existingMainCheckout(io.cwd, mroot), {
      ...(token === undefined ? { pid: process.ppid } : { token }),
      force: values.force === true,
    });
    if (!released.released && released.reason === 'not-ours') {
      const holder = released.holder
        ? `pid ${released.holder.pid} on ${released.holder.host ?? 'an unknown host'}`
        : 'an unreadable lock';
      println(
        io.stderr,
        `scheduled retro: lock belongs to ${holder}, left in place (pass its token, or --force)`,
      );
    }
    if (!released.released && released.reason === 'busy') {
      println(
        io.stderr,
        'scheduled retro: could not release the lock: another run is taking it over, try again',
      );
    }
  } catch (error) {
    // Release is fail-open: a scheduled run must never fail on its way out.
    println(
      io.stderr,
      `scheduled retro: could not release the lock: ${error instanceof Error ? error.message : error}`,
    );
  }
  return 0;
}
