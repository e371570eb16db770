import type { KnownFile, SessionQuery, SessionRecord } from './types.js';

/** A value now (the embedded store) or later (a store across the network). */
export type Awaitable<T> = T | Promise<T>;

/**
 * The session store as its users see it: scan, report, trials, retro and the MCP server hold one of these
 * and await every call. The embedded SQLite store answers at once (its methods stay synchronous, so a
 * warm scan pays nothing for the port); the shared PostgreSQL store answers over the network.
 */
export interface SessionStorePort {
  /** `sqlite` (the embedded default) or `postgres` (a team's shared store). */
  readonly kind: 'sqlite' | 'postgres';
  /** Where the store is, for messages (a file path, or a server URL without its password). */
  readonly label: string;
  /** Inserts or replaces the records of these files in one transaction. */
  upsertSession(...records: SessionRecord[]): Awaitable<void>;
  /** What a rescan compares, for every stored file under `root` (all files when omitted). */
  knownFiles(root?: string): Awaitable<Map<string, KnownFile>>;
  /** The stored record of one file. */
  sessionAt(path: string): Awaitable<SessionRecord | undefined>;
  /** Records whether these files are Retrospect's own runs. */
  setOwnRun(flags: Iterable<[path: string, ownRun: boolean]>): Awaitable<void>;
  /** Removes the records of these files (no longer transcripts); returns how many went. */
  forgetPaths(paths: Iterable<string>): Awaitable<number>;
  /** Marks files as deleted (their verdicts stay); returns how many changed. */
  markGone(paths: Iterable<string>): Awaitable<number>;
  /** Stored records, newest first, filtered (see SessionQuery). */
  listSessions(query?: SessionQuery): Awaitable<SessionRecord[]>;
  /** A small key/value note kept with the store (per machine and user in a shared store). */
  getMeta(key: string): Awaitable<string | undefined>;
  setMeta(key: string, value: string): Awaitable<void>;
  close(): Awaitable<void>;
}
