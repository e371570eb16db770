import { type IdentifiedSource, mtimeSecs } from '../transcript/source.js';
import type { RetroOutcome } from './types.js';

/**
 * A session as `retro --json` prints it: its file, id and mtime in whole epoch seconds, as the retro's JSON
 * always gave them, with the agent that wrote it and its project key. The sizes and flags the discovery
 * keeps are the program's own, not output.
 */
function sessionJson(session: IdentifiedSource) {
  return {
    path: session.path,
    sessionId: session.sessionId,
    mtime: mtimeSecs(session),
    host: session.host,
    project: session.project,
  };
}

/** A retro's outcome for JSON output: each skipped and gated session as `sessionJson` gives it. */
export function outcomeJson(outcome: RetroOutcome) {
  return {
    ...outcome,
    skipped: outcome.skipped.map(({ session, reason }) => ({ session: sessionJson(session), reason })),
    gated: outcome.gated.map(({ session, verdict }) => ({ session: sessionJson(session), verdict })),
  };
}
