// Claude Code's folders of project sessions (`<config dir>/projects/<project folder>/*.jsonl`): the one place
// that knows this layout, for the retro, the trials and the session-prefix lookup.
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { claudeConfigDirs, projectFolderName } from '../../paths/data-dir.js';
import { isDirectory, sortedEntries } from '../source.js';

/** Which projects' sessions count: this project's only, or every project's. */
export type SessionScope = 'current' | 'all';

export interface SessionFolderQuery {
  mainCheckout: string;
  scope: SessionScope;
  /** A projects folder to use instead of `<Claude config dir>/projects` (every `CLAUDE_CONFIG_DIR` entry). */
  projectsRoot?: string | undefined;
  env: NodeJS.ProcessEnv;
}

/** The projects folders searched: `projectsRoot`, else `<config dir>/projects` of each config dir. */
export function projectsRoots(query: Pick<SessionFolderQuery, 'projectsRoot' | 'env'>): string[] {
  return query.projectsRoot
    ? [query.projectsRoot]
    : claudeConfigDirs(query.env).map((dir) => join(dir, 'projects'));
}

/**
 * Where sessions are looked for, whether the folders exist or not (for messages that say where): the main
 * checkout's folder under each projects root (`current`), or the projects roots themselves (`all`).
 */
export function sessionPlaces(query: SessionFolderQuery): string[] {
  const roots = projectsRoots(query);
  return query.scope === 'all'
    ? roots
    : roots.map((root) => join(root, projectFolderName(query.mainCheckout)));
}

/**
 * The Claude Code project folders whose sessions belong to the review: the main checkout's folder under
 * each projects root (`current`), or every folder under them (`all`). Missing folders are skipped.
 */
export function sessionFolders(query: SessionFolderQuery): string[] {
  const roots = projectsRoots(query);
  const folders: string[] = [];
  for (const root of roots) {
    if (query.scope === 'current') {
      folders.push(join(root, projectFolderName(query.mainCheckout)));
    } else {
      for (const name of sortedEntries(root)) folders.push(join(root, name));
    }
  }
  return folders.filter(isDirectory);
}

/** A session transcript on disk. */
export interface SessionFile {
  path: string;
  sessionId: string;
  /** Whole epoch seconds. */
  mtime: number;
}

/**
 * The session transcripts (`*.jsonl` directly inside each folder; sub-agent transcripts live in
 * sub-folders and are not sessions of their own), leaving out any modified less than `freshnessSecs` ago:
 * a session still being written has no final score yet.
 */
export function listSessionFiles(
  folders: readonly string[],
  freshnessSecs: number,
  nowMs: number,
): SessionFile[] {
  const nowSecs = Math.floor(nowMs / 1000);
  const files: SessionFile[] = [];
  for (const folder of folders) {
    for (const name of sortedEntries(folder)) {
      if (!name.endsWith('.jsonl')) continue;
      const path = join(folder, name);
      let mtime: number;
      try {
        const stat = statSync(path);
        if (!stat.isFile()) continue;
        mtime = Math.floor(stat.mtimeMs / 1000);
      } catch {
        continue;
      }
      if (nowSecs - mtime < freshnessSecs) continue;
      files.push({ path, sessionId: basename(name, '.jsonl'), mtime });
    }
  }
  return files;
}
