import type { SessionUsage } from '../cost/session-usage.js';
import { InputError } from '../errors/errors.js';
import { readRegularText } from '../fsx/read-regular.js';

/**
 * One session's friction score as trial review sees it. A score or mtime that could not be read is
 * undefined: such a session still counts towards a sessions window when its mtime is known, but never
 * enters a mean.
 */
export interface SessionScore {
  sessionId: string;
  score: number | undefined;
  /** Modification time, whole epoch seconds. */
  mtime: number | undefined;
  /** The transcript, when the source knows it (the effect rule reads it for size and patterns). */
  path?: string | undefined;
  /** Physical lines of the transcript when it was scored (a store keeps them after the file is gone). */
  lines?: number | undefined;
  /** The session's size in turns, when given with the score (a scores file's optional 4th column). */
  turns?: number | undefined;
  /** What the session used as the store keeps it (its transcript's own reading is preferred: docs/cost.md). */
  usage?: SessionUsage | undefined;
  /**
   * The score over the counted signals (S4 left out), when the source knows the score's per-signal breakdown
   * (a session store's row); undefined when it does not, and a review that falls back on `score` says so.
   */
  countedScore?: number | undefined;
}

/**
 * Where trial review gets its scores from. The review itself does not care whether they come from a test
 * file, from gating transcripts on disk, or from a session store that outlives transcript cleanup.
 */
export interface SessionScoreSource {
  /** A short description for messages (`scores file x.tsv`, `transcripts under ...`). */
  readonly label: string;
  scores(): Promise<SessionScore[]>;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A finite decimal number, or undefined (`abc`, empty, `NaN` and infinities are not scores). */
export function parseScore(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** Whole epoch seconds, or undefined. */
function parseEpochSeconds(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * Reads `sid<TAB>score<TAB>mtime[<TAB>turns]` rows. Blank lines and lines starting with `#` are skipped, as
 * are rows without a session id; unreadable scores and mtimes are kept as unknown. The optional turns
 * column sizes a session for the effect rule; the seed rule never reads it.
 */
export function parseScoresTsv(text: string): SessionScore[] {
  const rows: SessionScore[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith('#')) continue;
    const [sessionId = '', score, mtime, turns] = line.split('\t');
    if (sessionId === '') continue;
    const size = parseEpochSeconds(turns);
    rows.push({
      sessionId,
      score: parseScore(score),
      mtime: parseEpochSeconds(mtime),
      ...(size === undefined ? {} : { turns: size }),
    });
  }
  return rows;
}

/** Scores given as a file (`--session-scores-file`), replacing discovery. */
export function scoresFileSource(path: string): SessionScoreSource {
  return {
    label: `scores file ${path}`,
    async scores() {
      let text: string;
      try {
        text = readRegularText(path);
      } catch (error) {
        throw new InputError(`session-scores-file not found: ${path}`, { cause: error });
      }
      return parseScoresTsv(text);
    },
  };
}
