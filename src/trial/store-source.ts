import { join, resolve, sep } from 'node:path';
import { claudeConfigDirs, projectFolderName } from '../paths/data-dir.js';
import { scanSessions } from '../scan/scan.js';
import { gateSettingsFor } from '../scan/settings.js';
import { openStore } from '../store/open.js';
import { storePathFor } from '../store/path.js';
import { type SessionFolderQuery, sessionFolders } from './discover.js';
import type { SessionScore, SessionScoreSource } from './scores.js';
import { type UnscoredSession, unscoredSessions } from './unscored.js';

export interface StoreSourceOptions extends SessionFolderQuery {
  /** Sessions modified less than this many seconds ago are left out (default 60). */
  freshnessSecs?: number;
  nowMs?: number;
  /** The store file (default `<data dir>/store.sqlite`). */
  storePath?: string;
  /** Wall time one transcript may take to gate while the folders are scanned (default: no cap). */
  fileCapMs?: number | undefined;
  /** Transcripts not to read (abandoned at the cap earlier in the same run). */
  skipPaths?: ReadonlySet<string> | undefined;
  /** Told of each session left unscored (abandoned at the cap, here or earlier in the run). */
  onUnscored?: ((session: UnscoredSession) => void) | undefined;
}

function projectsRoots(options: StoreSourceOptions): string[] {
  if (options.projectsRoot) return [options.projectsRoot];
  return claudeConfigDirs(options.env).map((dir) => join(dir, 'projects'));
}

/**
 * Scores from the session store: the project's folders are scanned into it first (only new or changed
 * transcripts are read), then every main session it knows is scored, including those Claude Code has
 * since deleted (Retrospect's own analysis runs are left out). That is what lets a trial that outlives its
 * transcripts still be reviewed. A session abandoned at the gating cap is unscored (see unscoredSessions).
 */
export function storeScoreSource(options: StoreSourceOptions): SessionScoreSource {
  const path = options.storePath ?? storePathFor(undefined, false, options.env);
  return {
    label: `session store ${path}`,
    async scores(): Promise<SessionScore[]> {
      const store = openStore(path);
      try {
        const folders = sessionFolders(options);
        let timedOut: string[] = [];
        const { settings } = gateSettingsFor(options.env, options.mainCheckout);
        if (folders.length > 0) {
          const scan = await scanSessions({
            roots: folders,
            store,
            settings,
            ...(options.fileCapMs === undefined ? {} : { fileCapMs: options.fileCapMs }),
            ...(options.skipPaths === undefined ? {} : { skipPaths: options.skipPaths }),
          });
          timedOut = scan.timedOut;
        }
        const freshnessSecs = options.freshnessSecs ?? 60;
        const nowMs = options.nowMs ?? Date.now();
        // A transcript abandoned at the cap keeps the verdict (and mtime) of an older version in the store,
        // or has none: it is scored by neither, and said so.
        const unscored = unscoredSessions({
          folders,
          slowPaths: new Set([...timedOut, ...(options.skipPaths ?? [])]),
          freshnessSecs,
          nowMs,
        });
        for (const session of unscored.sessions) options.onUnscored?.(session);
        const project = projectFolderName(options.mainCheckout);
        const newest = Math.floor(nowMs / 1000) - freshnessSecs;
        const rows: SessionScore[] = [...unscored.rows];
        for (const root of projectsRoots(options)) {
          for (const r of store.listSessions({ under: resolve(root) + sep })) {
            // Sub-agents are part of their session; Retrospect's own analysis runs are not the user's work.
            if (r.parentSessionId !== undefined || r.ownRun) continue;
            // Scores of two profiles are never compared: a verdict of another profile whose transcript is
            // gone (so the scan could not score it again) is left out.
            if (r.gateProfile !== settings.profile) continue;
            if (options.scope === 'current' && r.project !== project) continue;
            if (unscored.paths.has(resolve(r.path))) continue;
            const mtime = Math.floor(r.mtimeMs / 1000);
            if (mtime <= newest)
              rows.push({
                sessionId: r.sessionId,
                score: r.verdict.score,
                mtime,
                path: r.path,
                lines: r.lines,
              });
          }
        }
        return rows.sort((a, b) => (a.mtime ?? 0) - (b.mtime ?? 0) || a.sessionId.localeCompare(b.sessionId));
      } finally {
        store.close();
      }
    },
  };
}
