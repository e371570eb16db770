import { isOwnRunTranscript } from './own-run.js';

export interface NewestUserSession<T extends { path: string }> {
  /** The newest session that is not one of Retrospect's own runs; undefined when there is none. */
  session: T | undefined;
  /** Retrospect's own runs newer than the choice, newest first: they were passed over on the way. */
  ownRuns: T[];
}

/**
 * The newest of the user's sessions among a project's transcripts. A `claude-cli` deep read runs
 * `claude -p` in the project folder, so its transcript is usually the newest one there, and choosing it
 * would look at Retrospect's own analysis instead of the user's work. Own runs are therefore passed over
 * (and returned); nothing else is. `dateOf` gives the time compared, in the caller's unit (the retro compares
 * whole seconds, as the seed did). Equal times keep listing order, the first listed winning. Reads only the
 * head of the files it passes through (see isOwnRunTranscript), never modifies them.
 */
export function newestUserSession<T extends { path: string }>(
  sessions: readonly T[],
  dateOf: (session: T) => number,
): NewestUserSession<T> {
  const ownRuns: T[] = [];
  for (const session of [...sessions].sort((a, b) => dateOf(b) - dateOf(a))) {
    if (!isOwnRunTranscript(session.path)) return { session, ownRuns };
    ownRuns.push(session);
  }
  return { session: undefined, ownRuns };
}
