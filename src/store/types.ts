import type { GateVerdict } from '../gate/score.js';
import type { SignalName } from '../gate/signals.js';

/** Which agent host wrote a transcript. */
export type HostName = 'claude-code';

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
  /** The Claude Code project folder name (`-home-dev-shop`). */
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
}

/** Filters for listSessions; dates are ISO-8601 strings compared with the session's timestamps. */
export interface SessionQuery {
  /** Exact project folder name. */
  project?: string;
  /** Only files whose path starts with this prefix (a folder path ending with a separator). */
  under?: string;
  /** Sessions whose last activity is at or after this instant. */
  since?: string;
  /** Sessions whose first activity is at or before this instant. */
  until?: string;
  /** Include files that were deleted since they were scanned (default true). */
  includeGone?: boolean;
}

/** One main session's score, as trial reviews compare them (mtime in epoch seconds). */
export interface SessionScore {
  sessionId: string;
  score: number;
  mtime: number;
}

/** Size and mtime a rescan compares to decide whether a file must be read again. */
export interface KnownFile {
  size: number;
  mtimeMs: number;
  gateVersion: number;
  gone: boolean;
}
