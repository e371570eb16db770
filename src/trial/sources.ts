import { StoreUnreachableError } from '../errors/errors.js';
import { type GateSettings, resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import type { StoreLocation } from '../store/location.js';
import type { StoreSettings } from '../store/settings.js';
import {
  listSessionFiles,
  type SessionFolderQuery,
  sessionFolders,
} from '../transcript/claude/project-folders.js';
import { isOwnRunTranscript } from '../transcript/own-run.js';
import { mtimeSecs } from '../transcript/source.js';
import { gateScorer } from './gate-scorer.js';
import { type SessionScore, type SessionScoreSource, scoresFileSource } from './scores.js';
import { storeScoreSource } from './store-source.js';
import type { UnscoredSession } from './unscored.js';

export interface TranscriptSourceOptions extends SessionFolderQuery {
  /** Sessions modified less than this many seconds ago are left out (default 60). */
  freshnessSecs?: number;
  nowMs?: number;
  /**
   * The friction score of one transcript (the phase-1 gate; 0 when it cannot be read), or undefined when
   * gating it was abandoned at a cap.
   */
  scoreTranscript: (path: string) => Promise<number | undefined>;
  /** Transcripts not to read (abandoned at the cap earlier in the same run): unscored. */
  skipPaths?: ReadonlySet<string> | undefined;
  /** Told of each session left unscored. */
  onUnscored?: ((session: UnscoredSession) => void) | undefined;
}

/**
 * Scores read by gating the project's transcripts on disk. A transcript that Claude Code has cleaned up is
 * gone from this source; a session store that keeps scores is the source to prefer when there is one.
 */
export function transcriptScoreSource(options: TranscriptSourceOptions): SessionScoreSource {
  const folders = sessionFolders(options);
  return {
    label: `transcripts in ${folders.length} project folder(s)`,
    async scores(): Promise<SessionScore[]> {
      const files = listSessionFiles(folders, options.freshnessSecs ?? 60, options.nowMs ?? Date.now());
      const rows: SessionScore[] = [];
      for (const file of files) {
        // Retrospect's own analysis runs are not the user's work: they would dilute every trial.
        if (isOwnRunTranscript(file.path)) continue;
        let score: number | undefined = 0;
        if (options.skipPaths?.has(file.path)) score = undefined;
        else {
          try {
            score = await options.scoreTranscript(file.path);
          } catch {
            // An unreadable transcript scores 0, as a gate error verdict does.
          }
        }
        // Abandoned at the cap: in neither side's mean, still a session of the window (as the store says).
        if (score === undefined)
          options.onUnscored?.({ sessionId: file.sessionId, path: file.path, reason: 'gate-timeout' });
        rows.push({ sessionId: file.sessionId, score, mtime: mtimeSecs(file), path: file.path });
      }
      return rows;
    },
  };
}

export interface ProjectScoreOptions extends SessionFolderQuery {
  /** The session store (default: the configured store, else `<data dir>/store.sqlite`). */
  store?: StoreLocation | undefined;
  /** A shared store only: pool every machine's sessions of this repository (see storeScoreSource). */
  team?: boolean | undefined;
  /** `sid<TAB>score<TAB>mtime` rows that replace discovery (tests, or scores kept elsewhere). */
  scoresFile?: string | undefined;
  freshnessSecs?: number;
  /** Wall time one transcript may take to gate when the store is brought up to date (default: no cap). */
  fileCapMs?: number | undefined;
  /** Transcripts not to read (abandoned at the cap earlier in the same run). */
  skipPaths?: ReadonlySet<string> | undefined;
  /** Told of each session left unscored (abandoned at the cap, here or earlier in the run). */
  onUnscored?: ((session: UnscoredSession) => void) | undefined;
  /** The session store (default `<data dir>/store.sqlite`). */
  storePath?: string | undefined;
  /** The gate's settings, resolved at the caller's edge (default: resolved from `env`). */
  gate?: GateSettings | undefined;
  /** The store's settings, resolved at the caller's edge (default: resolved from `env`). */
  storeSettings?: StoreSettings | undefined;
}

/**
 * The score source a review of this project uses: the given scores file, else the session store (the
 * project's transcripts are scanned into it first), so that trials outlive transcript cleanup. Should the
 * store not open, the transcripts on disk are gated directly, under the same cap. Sessions abandoned at the
 * cap are returned without a score and reported through `onUnscored`.
 */
export function projectScoreSource(options: ProjectScoreOptions): SessionScoreSource {
  if (options.scoresFile) return scoresFileSource(options.scoresFile);
  // A library caller that gives no settings gets them from its env, by the same resolver as the CLI.
  const gate = options.gate ?? resolveGateSettings({ env: options.env, ledger: ledgerFromEnv(options.env) });
  const fromTranscripts = transcriptScoreSource({
    ...options,
    // The fallback keeps the run's cap too: no transcript is gated for longer than the store's scan allows.
    scoreTranscript: gateScorer({ gate, cwd: options.mainCheckout, capMs: options.fileCapMs }),
  });
  const { storePath, ...rest } = { ...options, gate };
  const fromStore = storeScoreSource(storePath === undefined ? rest : { ...rest, storePath });
  return {
    label: fromStore.label,
    async scores() {
      try {
        return await fromStore.scores();
      } catch (error) {
        // A shared store the team asked for is not silently replaced by this machine's transcripts.
        if (error instanceof StoreUnreachableError) throw error;
        return fromTranscripts.scores();
      }
    },
  };
}
