// Claude Code's folders of project sessions (`<config dir>/projects/<project folder>/*.jsonl`): the one place
// that knows this layout, for the retro, the trials and the session-prefix lookup.
import { basename, join } from 'node:path';
import { claudeConfigDirs, projectFolderName } from '../../paths/data-dir.js';
import { fileStat, type IdentifiedSource, isDirectory, mtimeSecs, sortedEntries } from '../source.js';
import { describeClaudeFile } from './layout.js';

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

/**
 * The session transcripts: `*.jsonl` directly inside each folder, leaving out any modified less than
 * `freshnessSecs` ago (a session still being written has no final score yet). This is the seed's rule
 * ("the newest in this project's folder", docs/design/session-retro.md §5), not the scan's walk
 * (`discoverClaude`): sub-agent transcripts live in sub-folders and are not sessions of their own, and a
 * session's age is compared in whole seconds, as the seed compared them.
 */
export function listSessionFiles(
  folders: readonly string[],
  freshnessSecs: number,
  nowMs: number,
): IdentifiedSource[] {
  const nowSecs = Math.floor(nowMs / 1000);
  const files: IdentifiedSource[] = [];
  for (const folder of folders) {
    for (const name of sortedEntries(folder)) {
      if (!name.endsWith('.jsonl')) continue;
      const path = join(folder, name);
      const stat = fileStat(path);
      if (!stat || nowSecs - mtimeSecs(stat) < freshnessSecs) continue;
      files.push({
        ...describeClaudeFile(path, stat.size, stat.mtimeMs),
        sessionId: basename(name, '.jsonl'),
      });
    }
  }
  return files;
}
