import type { SessionUsage } from '../cost/session-usage.js';
import type { LedgerCoverage } from '../gate/ledger-s2.js';
import type { GateProfile } from '../gate/profile.js';
import type { GateSignal, GateVerdict } from '../gate/score.js';
import type { SignalName } from '../gate/signals.js';

import type { HostName, TurnCounts } from '../transcript/types.js';

export type { HostName } from '../transcript/types.js';

/** What the store keeps about one transcript file (a session, or a sub-agent of one). */
export interface SessionRecord {
  /** Absolute path of the transcript file: the record's key. */
  path: string;
  size: number;
  /** Modification time in epoch milliseconds. */
  mtimeMs: number;
  host: HostName;
  /** The session id the gate used (for a sub-agent transcript, the id written inside it). */
  sessionId: string;
  /** For a sub-agent transcript: the session that started it; undefined for a main session. */
  parentSessionId: string | undefined;
  /** For a sub-agent transcript: its file name without `.jsonl` (`agent-<id>`). */
  agentId: string | undefined;
  /**
   * The project key: the session's folder as Claude Code names its project folders (`-home-dev-shop`),
   * whatever the host; '' when the session records no folder.
   */
  project: string;
  firstTimestamp: string | undefined;
  lastTimestamp: string | undefined;
  lines: number;
  gateVersion: number;
  verdict: GateVerdict;
  /** Signal counts after caps, S1..S5 (0 when a signal did not match). */
  signalCounts: Record<SignalName, number>;
  /** The file was deleted (Claude Code cleans up old transcripts); its verdict is kept. */
  gone: boolean;
  /** When this verdict was computed (ISO-8601). */
  scannedAt: string;
  /**
   * The friction ledger's coverage of this session when the verdict was computed (what S2 used; not
   * covered when the hybrid was off). Undefined when not recorded: an error verdict (the ledger is not
   * consulted) or a row from an older store.
   */
  ledgerS2?: LedgerCoverage | undefined;
  /** The transcript's own S2, whatever the ledger said: null when it found none, undefined when not recorded. */
  transcriptS2?: GateSignal | null | undefined;
  /**
   * The ledger changed since this verdict, and it could not be recomputed: the transcript is gone and its
   * own S2 was not recorded. The verdict is the last one known.
   */
  ledgerStale?: boolean | undefined;
  /**
   * The transcript is one of Retrospect's own analysis runs (its opening prompt carries the own-run
   * marker). Undefined when not checked yet (a row from an older store).
   */
  ownRun?: boolean | undefined;
  /** The gate profile that scored the verdict (rows stored before profiles existed: `seed`). */
  gateProfile: GateProfile;
  /** The machine that scanned the file: set by a shared store, undefined in the embedded one. */
  machine?: string | undefined;
  /** The user whose transcript it is: set by a shared store, undefined in the embedded one. */
  user?: string | undefined;
  /**
   * A shared store's row of another machine or user: the transcript is not on this disk, and `path` is as
   * that machine stored it (home-relative), not a path to read here.
   */
  remote?: boolean | undefined;
  /** The session's turns as its host counts them; undefined for a row stored before turns were counted. */
  turns?: TurnCounts | undefined;
  /** What the session used (tokens, by model and friction signal); undefined for a row stored before usage was read. */
  usage?: SessionUsage | undefined;
}

/** Filters for listSessions; dates are ISO-8601 instants compared as instants with each session's start and last activity (see sessionStarts). */
export interface SessionQuery {
  /** Exact project folder name. */
  project?: string;
  /** Only sessions of these hosts. */
  hosts?: readonly HostName[];
  /** Only files whose path starts with this prefix (a folder path ending with a separator). */
  under?: string;
  /** Sessions whose last activity is at or after this instant. */
  since?: string;
  /** Sessions whose first activity is at or before this instant. */
  until?: string;
  /** Include files that were deleted since they were scanned (default true). */
  includeGone?: boolean;
  /**
   * A shared store only: this machine's and user's rows (`mine`, what a scan compares), or the rows of the
   * named machine and/or user (the team report's filters). Default: every row the store holds.
   */
  scope?: 'mine' | { machine?: string | undefined; user?: string | undefined };
}

/** One main session's score, as trial reviews compare them (mtime in epoch seconds). */
export interface StoredSessionScore {
  sessionId: string;
  score: number;
  mtime: number;
}

/** What a rescan compares to decide whether a file must be read again, or its verdict rescored. */
export interface KnownFile {
  size: number;
  mtimeMs: number;
  gateVersion: number;
  gone: boolean;
  /** The session id the ledger was looked up by. */
  sessionId: string;
  /** The stored ledger coverage as JSON (`ledgerCoverageKey`); undefined when not recorded. */
  ledgerS2: string | undefined;
  ledgerStale: boolean;
  /** The verdict is a gate error (missing or unreadable file): the ledger plays no part in it. */
  gateError: boolean;
  /** Whether the transcript is one of Retrospect's own runs; undefined when not checked yet. */
  ownRun: boolean | undefined;
  /** The profile that scored the stored verdict: a scan with another profile reads the file again. */
  gateProfile: GateProfile;
  /** Whether the row has turn counts (rows stored before they were counted are read once more). */
  hasTurns: boolean;
  /** Whether the row has its usage read (rows stored before usage was read are read once more). */
  hasUsage: boolean;
}
