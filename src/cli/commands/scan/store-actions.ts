import { resolve } from 'node:path';
import { UsageError } from '../../../errors/errors.js';
import { type SkippedEntry, skippedLines, skippedSummary } from '../../../scan/skipped.js';
import { moveStoreAside } from '../../../store/aside.js';
import { redactUrl, type StoreLocation } from '../../../store/location.js';
import { openStore } from '../../../store/open.js';
import { type CliIo, println } from '../../io.js';

/** `scan --forget PATH`: removes the stored sessions of a file or of every file under a folder; scans nothing. */
export function forgetStored(path: string, storePath: string, positionals: string[], io: CliIo): number {
  if (positionals.length > 0)
    throw new UsageError(`--forget takes one path and scans nothing; drop '${positionals[0]}'`);
  const target = resolve(io.cwd, path).replace(/(.)\/+$/, '$1');
  const store = openStore(storePath);
  try {
    const removed = store.forgetUnder(target);
    println(
      io.stdout,
      `forgot ${removed} stored session${removed === 1 ? '' : 's'} under ${target} (the files were not touched)`,
    );
  } finally {
    store.close();
  }
  return 0;
}

/** `scan --rebuild`: the store is moved aside (never deleted) and the scan builds a new one. */
export function rebuildStore(storePath: string, io: CliIo): void {
  const aside = moveStoreAside(storePath);
  if (aside === undefined) return;
  println(
    io.stderr,
    `moved the session store aside to ${aside}; building a new one from the transcripts (verdicts of transcripts deleted since are not recovered)`,
  );
}

/** What the scan passed over: one summary line, and with `--why` one line each, on stderr. */
export function reportSkipped(skipped: readonly SkippedEntry[], why: boolean, io: CliIo): void {
  if (why) for (const line of skippedLines(skipped)) println(io.stderr, line);
  const summary = skippedSummary(skipped, why);
  if (summary) println(io.stderr, summary);
}

/** The store file `--forget` and `--rebuild` work on: a shared store's rows are kept by its server. */
export function embeddedStorePath(location: StoreLocation, flag: string): string {
  if (location.kind === 'sqlite') return location.path;
  throw new UsageError(
    `${flag} works on the embedded store file, not on a shared store (${redactUrl(location.url)})`,
  );
}
