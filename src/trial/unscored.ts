import { basename, resolve } from 'node:path';
import { listSessionFiles } from '../transcript/claude/project-folders.js';
import { isOwnRunTranscript } from '../transcript/own-run.js';
import { mtimeSecs } from '../transcript/source.js';
import type { SessionScore } from './scores.js';

/** A session of the project that trial review could not score this time: gating it ran past the cap. */
export interface UnscoredSession {
  sessionId: string;
  path: string;
  reason: 'gate-timeout';
}

export interface UnscoredQuery {
  /** The project folders the review reads. */
  folders: readonly string[];
  /** Transcripts abandoned at the gating cap, in this review's scan or earlier in the same run. */
  slowPaths: ReadonlySet<string>;
  freshnessSecs: number;
  nowMs: number;
}

export interface UnscoredRows {
  /** One row per unscored session: no score, the transcript's current mtime. */
  rows: SessionScore[];
  sessions: UnscoredSession[];
  /**
   * Every slow path, resolved (fresh ones too): a row stored for one earlier describes an older transcript
   * and is not used.
   */
  paths: Set<string>;
}

/**
 * The project's main sessions (not sub-agents, not Retrospect's own runs) among the slow transcripts. A
 * row without a score enters neither side's mean and sample size, but the session still counts towards
 * an `N-sessions` window, by the mtime the transcript has now; an older verdict or mtime stored for it
 * would score it in the wrong window, or with friction it no longer has.
 */
export function unscoredSessions(query: UnscoredQuery): UnscoredRows {
  const slow = new Set([...query.slowPaths].map((path) => resolve(path)));
  const result: UnscoredRows = { rows: [], sessions: [], paths: slow };
  if (slow.size === 0) return result;
  for (const file of listSessionFiles(query.folders, query.freshnessSecs, query.nowMs)) {
    const path = resolve(file.path);
    if (!slow.has(path) || basename(path).startsWith('agent-') || isOwnRunTranscript(path)) continue;
    result.rows.push({ sessionId: file.sessionId, score: undefined, mtime: mtimeSecs(file) });
    result.sessions.push({ sessionId: file.sessionId, path, reason: 'gate-timeout' });
  }
  return result;
}
