import type { TokenCounts } from './tokens.js';

/** One model call's usage as a transcript records it. */
export interface UsageRecord {
  /** The reader's line of the record (Claude Code: the reply's first physical line, counted from 0). */
  lineNo: number;
  /** Later lines of the same reply (Claude Code writes one per content block): friction on any marks the call. */
  moreLines?: number[];
  /** The model id as the host wrote it (untrusted text: only ever looked up, never run or shown raw). */
  model: string;
  /** The call's time as written, when the record has one (prices that changed on a date are chosen by it). */
  timestamp: string | undefined;
  tokens: TokenCounts;
}

/**
 * What a session's file says about its usage: the calls, or `undefined` when the host (or this file) keeps
 * no usage at all, which is not the same as a session that used no tokens.
 */
export type SessionUsageRecords = UsageRecord[] | undefined;
