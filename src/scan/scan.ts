import { statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { GATE_PROFILE_VERSIONS, type GateProfile } from '../gate/profile.js';
import { projectFolderName } from '../paths/data-dir.js';
import { countSignals } from '../store/open.js';
import type { SessionStorePort } from '../store/port.js';
import type { KnownFile, SessionRecord } from '../store/types.js';
import { type DiscoveryRoot, discoverSessions } from '../transcript/discover.js';
import { isSessionRow } from '../transcript/hosts.js';
import { isOwnRunTranscript } from '../transcript/own-run.js';
import type { SessionSource } from '../transcript/source.js';
import type { HostName } from '../transcript/types.js';
import { VerdictBatch } from './batch.js';
import type { GateFileSettings, GateOutcome } from './gate-file.js';
import { currentCoverage, ledgerMoved, refreshForLedger } from './ledger-refresh.js';
import type { ReaderName } from './reader.js';
import type { SkippedEntry } from './skipped.js';

/** What scanSessions reads, where it keeps the verdicts, and how it gates. */
export interface ScanOptions {
  /**
   * Where to look: an agent's own folders tagged with its host (see defaultScanRoots), or any folder or
   * session file (a string), whose sessions' hosts are told by their place and content.
   */
  roots: (string | DiscoveryRoot)[];
  /** Only sessions of these hosts. */
  hosts?: readonly HostName[];
  /**
   * Where verdicts are kept between runs (only new or changed files are read again): the embedded store, or a
   * shared one (whose rows of this machine and user are compared).
   */
  store: SessionStorePort;
  /** The gate's settings for every file (profile, threshold, ledger); see gateSettingsFor. */
  settings: GateFileSettings;
  /** The transcript reader (default: the byte-level reader; the others exist for parity checks). */
  reader?: ReaderName;
  /** Worker threads for the files that must be read (default 1). */
  jobs?: number;
  /** Gate inline below this many bytes to read, whatever `jobs` says (default 16 MB). */
  inlineBelowBytes?: number;
  /**
   * Wall time one file may take to gate, in ms; a file still gating then is abandoned, reported in
   * `timedOut` and not stored (its earlier verdict, if any, stays as it was). Gating then runs in worker
   * threads. Default: no cap.
   */
  fileCapMs?: number;
  /**
   * Files not to read this time however they changed (abandoned at the cap earlier in the same run):
   * nothing is stored for them.
   */
  skipPaths?: ReadonlySet<string>;
  /** Bytes gated so far out of the bytes that must be read; called after each file. */
  onProgress?: (doneBytes: number, totalBytes: number) => void;
  /** The clock that stamps each stored record (default: the system clock). */
  now?: () => Date;
}

export interface ScanResult {
  /** What the scan passed over and why (special files, link loops, unreadable files, non-transcripts...). */
  skipped: SkippedEntry[];
  /** Every stored file under the roots, deleted ones included (marked gone). */
  records: SessionRecord[];
  /** Files read this time (new, changed, or gated by an older gate version). */
  read: number;
  readBytes: number;
  /** Files whose stored verdict was reused as it was. */
  unchanged: number;
  /** Stored verdicts rescored without reading, because the friction ledger changed (gone files included). */
  rescored: number;
  /** Verdicts of deleted transcripts that the ledger change made stale and that could not be rescored. */
  stale: number;
  /** Files marked gone by this scan. */
  newlyGone: number;
  /** Files abandoned at `fileCapMs`: no verdict was stored for them this time. */
  timedOut: string[];
  /** Files that look like sessions in a format no reader knows: skipped, never read as Claude Code. */
  unknownFormat: string[];
  warnings: string[];
}

function needsReading(file: SessionSource, known: Map<string, KnownFile>, profile: GateProfile): boolean {
  const stored = known.get(file.path);
  return (
    !stored ||
    stored.gone ||
    !stored.hasTurns ||
    !stored.hasUsage ||
    stored.size !== file.size ||
    stored.mtimeMs !== file.mtimeMs ||
    stored.gateVersion !== GATE_PROFILE_VERSIONS[profile] ||
    stored.gateProfile !== profile ||
    // An error verdict (the file could not be read) is no verdict: try again, whatever size and mtime say.
    stored.gateError
  );
}

/**
 * Whether a gated file is a transcript to store, or what to say instead. A read error is not a verdict about
 * the transcript (a permission fixed later, a file system that was away): it is said and not stored, so the
 * next scan tries again. A file that is empty or does not read as a transcript of a known agent (binary,
 * other JSON) is said and not stored either.
 */
function skipFor(file: SessionSource, outcome: GateOutcome): SkippedEntry | undefined {
  const error = outcome.verdict.error;
  if (error === 'file not found')
    return { path: file.path, kind: 'vanished', reason: 'deleted while the scan ran' };
  if (error !== undefined) {
    const code = error.replace(/^file not readable: /, '');
    // A cap refuses the file before it is read (by its size), so trying again costs one stat.
    if (/^(too large|decompresses to more)/.test(code))
      return { path: file.path, kind: 'unreadable-file', reason: `${code}; skipped` };
    return {
      path: file.path,
      kind: 'unreadable-file',
      reason: `cannot be read (${code}); it is read again next time`,
    };
  }
  // A database row has no lines of its own; an empty file of any host is empty.
  if (file.size === 0 || (file.host === 'claude-code' && outcome.lines === 0))
    return { path: file.path, kind: 'empty', reason: 'an empty file' };
  if (!outcome.transcript)
    return {
      path: file.path,
      kind: 'not-a-transcript',
      reason:
        'not a transcript of a known agent: no Claude Code fields (type, uuid, message, sessionId, ...) in its first 50 lines (if it is one, its format changed: possible schema drift)',
    };
  return undefined;
}

function toRecord(file: SessionSource, outcome: GateOutcome, scannedAt: string): SessionRecord {
  const subagent = file.isSubagent || outcome.subagent;
  // Claude Code names a sub-agent by its file (`agent-<id>`); other hosts give it a session id of its own.
  const agentId = !subagent
    ? undefined
    : file.host === 'claude-code'
      ? basename(file.path).replace(/\.jsonl$/, '')
      : outcome.sessionId;
  return {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    host: file.host,
    sessionId: outcome.sessionId,
    // A flat agent-*.jsonl carries its parent's session id inside; a subagents/ folder names it; other
    // hosts' sub-agent sessions name their parent themselves.
    parentSessionId: subagent
      ? (file.parentFromPath ?? outcome.parentSessionId ?? outcome.sessionId)
      : undefined,
    agentId,
    // Hosts that keep no per-project folders give the session's own record of where it ran.
    project: file.project || (outcome.cwd ? projectFolderName(outcome.cwd) : ''),
    firstTimestamp: outcome.firstTimestamp,
    lastTimestamp: outcome.lastTimestamp,
    lines: outcome.lines,
    gateVersion: GATE_PROFILE_VERSIONS[outcome.profile],
    verdict: outcome.verdict,
    signalCounts: countSignals(outcome.verdict),
    gone: false,
    scannedAt,
    ledgerS2: outcome.s2Sources?.ledger,
    transcriptS2: outcome.s2Sources?.transcript,
    ledgerStale: false,
    ownRun: outcome.ownRun,
    gateProfile: outcome.profile,
    turns: outcome.turns,
    usage: outcome.usage,
  };
}

/**
 * The path prefix of a root for store queries: a folder's path with a separator; a file is its own prefix
 * (its sessions, for a database, lie under it as `<file>/<id>`).
 */
function prefixOf(root: string): string {
  const absolute = resolve(root);
  // One session row of a database is stored under its own path, as a file is.
  if (isSessionRow(absolute)) return absolute;
  try {
    if (statSync(absolute).isFile()) return absolute;
  } catch {
    // A missing root: its stored files are all gone.
  }
  return absolute.endsWith(sep) ? absolute : absolute + sep;
}

/** Whether a stored record lies under a prefix (a file prefix holds itself and its database rows). */
function under(prefix: string, path: string): boolean {
  return prefix.endsWith(sep) || path === prefix || path.startsWith(prefix + sep);
}

/** What the store holds under the scan's prefixes (a file prefix holds itself and its database rows). */
async function knownUnder(
  store: SessionStorePort,
  prefixes: readonly string[],
): Promise<Map<string, KnownFile>> {
  const known = new Map<string, KnownFile>();
  for (const prefix of prefixes)
    for (const [path, file] of await store.knownFiles(prefix)) if (under(prefix, path)) known.set(path, file);
  return known;
}

/** What the scan decided to read, and what the ledger's changes made of the verdicts it does not read. */
interface ReadPlan {
  toRead: SessionSource[];
  reading: Set<string>;
  /** Verdicts rescored (or marked stale) from stored data: saved before any file is read. */
  refreshed: SessionRecord[];
  rescored: number;
  /** Of the rescored, those whose file is still there (they count as neither read nor unchanged). */
  rescoredPresent: number;
  stale: number;
}

/**
 * The stored verdicts whose session's friction-ledger coverage changed: rescored from stored data when
 * that is exact, else their file joins `plan.toRead` (or, when the file is gone, the verdict is stale).
 */
async function refreshLedgerMoves(
  plan: ReadPlan,
  context: {
    store: SessionStorePort;
    settings: GateFileSettings;
    known: Map<string, KnownFile>;
    filesByPath: Map<string, SessionSource>;
    skipped: (path: string) => boolean;
    scannedAt: string;
  },
): Promise<void> {
  const { store, settings, known, filesByPath, skipped, scannedAt } = context;
  const coverageOf = currentCoverage(settings);
  for (const [path, stored] of known) {
    if (plan.reading.has(path) || skipped(path)) continue;
    const coverage = coverageOf(stored.sessionId);
    if (!ledgerMoved(stored, coverage)) continue;
    const record = await store.sessionAt(path);
    if (!record) continue;
    // A file that vanished since the last scan is gone now, whatever the store still says.
    const file = filesByPath.get(path);
    const refresh = refreshForLedger(
      file ? record : { ...record, gone: true },
      coverage,
      settings.threshold,
      scannedAt,
    );
    if (refresh.kind === 'reread' && file) {
      plan.toRead.push(file);
      plan.reading.add(path);
    } else if (refresh.kind === 'rescored') {
      // markGone below flags a file that vanished since the last scan (and counts it).
      plan.refreshed.push({ ...refresh.record, gone: record.gone });
      plan.rescored += 1;
      if (file) plan.rescoredPresent += 1;
    } else if (refresh.kind === 'stale') {
      plan.stale += 1;
      if (!record.ledgerStale) plan.refreshed.push({ ...refresh.record, gone: record.gone });
    }
  }
}

/** What reading the changed files gave: files that are no transcript, warnings, and those abandoned. */
interface ReadOutcome {
  /** Stored rows to drop: files that now read as no transcript, or read errors an older release cached. */
  forget: string[];
  warnings: string[];
  timedOut: string[];
}

/**
 * Gates the files to read (in a worker pool, each verdict stored as it comes), reporting progress by bytes.
 * The gate and its readers (about a hundred modules) load only when a file must be read: a scan with
 * nothing new reads none.
 */
async function readChanged(
  options: ScanOptions,
  toRead: readonly SessionSource[],
  known: Map<string, KnownFile>,
  skippedEntries: SkippedEntry[],
  scannedAt: string,
): Promise<ReadOutcome> {
  const totalBytes = toRead.reduce((sum, f) => sum + f.size, 0);
  let doneBytes = 0;
  options.onProgress?.(0, totalBytes);
  const advance = (size: number) => {
    doneBytes += size;
    options.onProgress?.(doneBytes, totalBytes);
  };
  const batch = new VerdictBatch(options.store);
  const forget: string[] = [];
  const warnings: string[] = [];
  const readPaths = new Map(toRead.map((f) => [f.path, f]));
  const outcomes =
    toRead.length === 0
      ? []
      : await (await import('./pool.js')).gateFiles([...toRead], {
          settings: options.settings,
          reader: options.reader ?? 'fast',
          jobs: options.jobs ?? 1,
          ...(options.inlineBelowBytes === undefined ? {} : { inlineBelowBytes: options.inlineBelowBytes }),
          ...(options.fileCapMs === undefined ? {} : { fileCapMs: options.fileCapMs }),
          onOutcome: (outcome, size) => {
            const file = readPaths.get(outcome.path);
            if (file) {
              const skip = skipFor(file, outcome);
              if (skip) {
                skippedEntries.push(skip);
                // The store keeps verdicts of transcripts only: a row for a file that now reads as none goes, and
                // so does a read error cached by an older release. The verdict of a transcript that has become
                // unreadable stays as it was (it is the last one known).
                const stored = known.get(file.path);
                const unreadable = skip.kind === 'unreadable-file' || skip.kind === 'vanished';
                if (stored && (!unreadable || stored.gateError)) forget.push(file.path);
              } else {
                batch.add(toRecord(file, outcome, scannedAt));
                warnings.push(...outcome.warnings);
              }
            }
            advance(size);
          },
          onTimeout: (_path, size) => advance(size),
        });
  await batch.done();
  const timedOut = toRead.filter((_file, i) => outcomes[i] === undefined).map((file) => file.path);
  return { forget, warnings, timedOut };
}

/**
 * Brings the store in step with the disk after the reads: rows of files that are no transcript go, rows
 * from a store that did not know own runs yet have their file's head checked once, and stored files that
 * disappeared are marked gone (only those of the hosts looked for). Returns how many became gone.
 */
async function settleStore(
  store: SessionStorePort,
  known: Map<string, KnownFile>,
  seen: {
    present: Set<string>;
    reading: Set<string>;
    filesByPath: Map<string, SessionSource>;
    wanted: (host: HostName) => boolean;
  },
  forget: string[],
): Promise<number> {
  const { present, reading, filesByPath, wanted } = seen;
  await store.forgetPaths(forget);
  // Rows from a store that did not know own runs yet: each file still there has its head checked, once.
  const unchecked = [...known].filter(
    ([path, k]) =>
      k.ownRun === undefined && !reading.has(path) && filesByPath.get(path)?.host === 'claude-code',
  );
  await store.setOwnRun(
    unchecked.filter(([path]) => present.has(path)).map(([path]) => [path, isOwnRunTranscript(path)]),
  );
  // A host left out by `hosts` was not looked for: its stored sessions are not gone.
  const vanished: string[] = [];
  for (const path of known.keys())
    if (!present.has(path) && wanted((await store.sessionAt(path))?.host ?? 'claude-code'))
      vanished.push(path);
  return store.markGone(vanished);
}

/** The stored records under the scan's prefixes, after the scan (only the hosts looked for). */
async function recordsUnder(
  store: SessionStorePort,
  prefixes: readonly string[],
  hosts: readonly HostName[] | undefined,
): Promise<SessionRecord[]> {
  const records = new Map<string, SessionRecord>();
  for (const prefix of prefixes) {
    for (const record of await store.listSessions({ under: prefix, ...(hosts ? { hosts } : {}) })) {
      // A file root's prefix is the file itself; keep only that file (and a database's sessions).
      if (under(prefix, record.path)) records.set(record.path, record);
    }
  }
  return [...records.values()];
}

/**
 * Gates every transcript under the roots, reading only files that are new, changed (size or mtime) or
 * gated by an older gate version; stored files that disappeared are marked gone, their verdicts kept.
 * A stored verdict whose session's friction-ledger coverage changed is rescored from stored data when
 * that is exact, else its file is read again (or, when the file is gone, the verdict is marked stale).
 */
export async function scanSessions(options: ScanOptions): Promise<ScanResult> {
  const { store, settings } = options;
  const roots = options.roots.map((root) => (typeof root === 'string' ? { path: root } : root));
  const discovery = discoverSessions(roots);
  const wanted = (host: HostName) => options.hosts === undefined || options.hosts.includes(host);
  const files = discovery.sources.filter((source) => wanted(source.host));
  const skippedEntries: SkippedEntry[] = [...discovery.skipped];
  const prefixes = [...new Set(roots.map((root) => prefixOf(root.path)))];
  const known = await knownUnder(store, prefixes);
  const present = new Set(files.map((f) => f.path));
  const scannedAt = (options.now?.() ?? new Date()).toISOString();

  // Files abandoned at the cap earlier in the same run are neither read nor rescored.
  const skipped = (path: string) => options.skipPaths?.has(path) === true;
  const toRead = files.filter((file) => needsReading(file, known, settings.profile) && !skipped(file.path));
  const plan: ReadPlan = {
    toRead,
    reading: new Set(toRead.map((f) => f.path)),
    refreshed: [],
    rescored: 0,
    rescoredPresent: 0,
    stale: 0,
  };
  const filesByPath = new Map(files.map((f) => [f.path, f]));
  await refreshLedgerMoves(plan, { store, settings, known, filesByPath, skipped, scannedAt });
  // Rescored verdicts need no reading: saved first, so that a scan stopped later keeps them.
  await store.upsertSession(...plan.refreshed);
  const read = await readChanged(options, toRead, known, skippedEntries, scannedAt);
  const newlyGone = await settleStore(
    store,
    known,
    { present, reading: plan.reading, filesByPath, wanted },
    read.forget,
  );
  return {
    skipped: skippedEntries,
    records: await recordsUnder(store, prefixes, options.hosts),
    read: toRead.length,
    readBytes: toRead.reduce((sum, f) => sum + f.size, 0),
    unchanged: files.length - toRead.length - plan.rescoredPresent,
    rescored: plan.rescored,
    stale: plan.stale,
    newlyGone,
    timedOut: read.timedOut,
    unknownFormat: discovery.unknown,
    warnings: [...new Set(read.warnings)],
  };
}
