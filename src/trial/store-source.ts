import { existsSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { pushAll } from '../arrays/bounded.js';
import { type GateSettings, resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { claudeConfigDirs, projectFolderName } from '../paths/data-dir.js';
import { scanSessions } from '../scan/scan.js';
import { gateSettingsFor } from '../scan/settings.js';
import { redactUrl, type StoreLocation } from '../store/location.js';
import { openSessionStore } from '../store/open-session-store.js';
import { storeLocationFor } from '../store/path.js';
import type { SessionStorePort } from '../store/port.js';
import { resolveStoreSettings, type StoreSettings } from '../store/settings.js';
import type { SessionRecord } from '../store/types.js';
import { type SessionFolderQuery, sessionFolders } from '../transcript/claude/project-folders.js';
import type { DiscoveryRoot } from '../transcript/discover.js';
import { HOST_ADAPTERS } from '../transcript/hosts.js';
import { isDirectory } from '../transcript/source.js';
import { countedStoredScore } from './evidence/stored.js';
import type { SessionScore, SessionScoreSource } from './scores.js';
import { type UnscoredSession, unscoredSessions } from './unscored.js';

export interface StoreSourceOptions extends SessionFolderQuery {
  /** Sessions modified less than this many seconds ago are left out (default 60). */
  freshnessSecs?: number;
  nowMs?: number;
  /** The store (default: `storePath`, else the configured store, else `<data dir>/store.sqlite`). */
  store?: StoreLocation | undefined;
  /** A store file (the SQLite store), when `store` is not given. */
  storePath?: string | undefined;
  /**
   * A shared store only: pool every machine's sessions of this repository (project folders named after a
   * checkout with the same folder name), not only this machine's.
   */
  team?: boolean | undefined;
  /** Wall time one transcript may take to gate while the folders are scanned (default: no cap). */
  fileCapMs?: number | undefined;
  /** Transcripts not to read (abandoned at the cap earlier in the same run). */
  skipPaths?: ReadonlySet<string> | undefined;
  /** Told of each session left unscored (abandoned at the cap, here or earlier in the run). */
  onUnscored?: ((session: UnscoredSession) => void) | undefined;
  /** The gate's settings, resolved at the caller's edge (default: resolved from `env`). */
  gate?: GateSettings | undefined;
  /** The store's settings (configured store, data folder, identity), resolved at the caller's edge (default: from `env`). */
  storeSettings?: StoreSettings | undefined;
}

function projectsRoots(options: StoreSourceOptions): string[] {
  if (options.projectsRoot) return [options.projectsRoot];
  return claudeConfigDirs(options.env).map((dir) => join(dir, 'projects'));
}

/**
 * The other agents' places (Codex, Gemini CLI, OpenCode, Copilot CLI), as the environment moves them: they
 * keep no folder per project, so all of them are scanned and a session's project is the folder it records.
 */
function otherAgentRoots(env: NodeJS.ProcessEnv): DiscoveryRoot[] {
  return HOST_ADAPTERS.filter((adapter) => adapter.name !== 'claude-code').flatMap((adapter) =>
    adapter.roots(env).map((path) => ({ path, host: adapter.name })),
  );
}

/**
 * The store prefix of a place: a folder's path and a separator, a database file's path as it is (its
 * sessions are stored as `<database>/<id>`). A place since removed keeps its stored sessions.
 */
function prefixOf(path: string): string {
  const absolute = resolve(path);
  return isDirectory(absolute) || !existsSync(absolute) ? absolute + sep : absolute;
}

/**
 * Scores from the session store: the project's folders and the other agents' places are scanned into it
 * first (only new or changed sessions are read), then every main session it knows of the project (by
 * Claude Code's folder, or the folder another agent's session recorded) is scored, including those Claude Code has
 * since deleted (Retrospect's own analysis runs are left out). That is what lets a trial that outlives its
 * transcripts still be reviewed. A session abandoned at the gating cap is unscored (see unscoredSessions).
 */
export function storeScoreSource(options: StoreSourceOptions): SessionScoreSource {
  const storeSettings = options.storeSettings ?? resolveStoreSettings(options.env);
  const location =
    options.store ??
    (options.storePath === undefined
      ? storeLocationFor(undefined, false, storeSettings)
      : { kind: 'sqlite' as const, path: options.storePath });
  return {
    label:
      location.kind === 'sqlite'
        ? `session store ${location.path}`
        : `shared session store ${redactUrl(location.url)}`,
    async scores(): Promise<SessionScore[]> {
      const store = await openSessionStore(location, storeSettings.identity);
      try {
        const folders = sessionFolders(options);
        const others = otherAgentRoots(options.env).filter((root) => existsSync(root.path));
        let timedOut: string[] = [];
        const gate =
          options.gate ?? resolveGateSettings({ env: options.env, ledger: ledgerFromEnv(options.env) });
        const { settings } = gateSettingsFor(gate, options.mainCheckout);
        if (folders.length + others.length > 0) {
          const scan = await scanSessions({
            roots: [...folders, ...others],
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
        for (const r of await candidateRecords(store, options)) {
          // Sub-agents are part of their session; Retrospect's own analysis runs are not the user's work.
          if (r.parentSessionId !== undefined || r.ownRun) continue;
          // Scores of two profiles are never compared: a verdict of another profile whose transcript is
          // gone (so the scan could not score it again) is left out.
          if (r.gateProfile !== settings.profile) continue;
          if (options.scope === 'current' && !sameProject(r, project, options)) continue;
          // Another machine's (or user's) transcript is not on this disk: its stored path is not a path here.
          const local = r.remote !== true;
          if (local && unscored.paths.has(resolve(r.path))) continue;
          const mtime = Math.floor(r.mtimeMs / 1000);
          if (mtime <= newest) {
            const counted = countedStoredScore(r.verdict.score, r.signalCounts, r.gateProfile);
            rows.push({
              sessionId: r.sessionId,
              score: r.verdict.score,
              mtime,
              ...(local ? { path: r.path } : {}),
              lines: r.lines,
              // A row that records no usage adds nothing: unknown, as a missing row is.
              ...(r.usage?.entries ? { usage: r.usage } : {}),
              ...(counted === undefined ? {} : { countedScore: counted }),
            });
          }
        }
        return rows.sort((a, b) => (a.mtime ?? 0) - (b.mtime ?? 0) || a.sessionId.localeCompare(b.sessionId));
      } finally {
        await store.close();
      }
    },
  };
}

/**
 * This machine's records under the projects roots and the other agents' places; with `team` on a shared
 * store, every machine's.
 */
async function candidateRecords(
  store: SessionStorePort,
  options: StoreSourceOptions,
): Promise<SessionRecord[]> {
  if (options.team === true && store.kind === 'postgres') return store.listSessions({ scope: {} });
  const records: SessionRecord[] = [];
  const places = [
    ...projectsRoots(options).map((root) => resolve(root) + sep),
    ...otherAgentRoots(options.env).map((root) => prefixOf(root.path)),
  ];
  for (const under of places) pushAll(records, await store.listSessions({ under }));
  return records;
}

/**
 * Whether a record is this project's session. Another machine's checkout of the same repository sits at
 * another path, so a pooled review matches project folders that end with the checkout's folder name.
 */
function sameProject(record: SessionRecord, project: string, options: StoreSourceOptions): boolean {
  if (record.project === project) return true;
  if (options.team !== true || record.machine === undefined) return false;
  return record.project.endsWith(`-${projectFolderName(basename(options.mainCheckout))}`);
}
