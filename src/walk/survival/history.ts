import type { GitRunner } from '../collect/git-run.js';
import { unquoteGitPath } from '../collect/patch.js';

/** One commit after the walked ones, with the files it touched. */
export interface LaterCommit {
  sha: string;
  /** Committer time, ms. */
  time: number;
  author: string;
  /** `[status letter, path, old path for renames and copies]`. */
  files: { status: string; path: string; oldPath?: string }[];
}

/** What happened to one path after a commit: the commits that touched it, and its path at the end. */
export interface PathHistory {
  touchedBy: LaterCommit[];
  /** The path at the later revision; undefined when a later commit deleted the file. */
  finalPath?: string;
  /** The commit that deleted it. */
  deletedBy?: LaterCommit;
}

const MARK = '\x01';
const FIELD = '\x1f';

/**
 * The history between `from` (excluded) and `until`, oldest first, with each commit's files and git's
 * rename detection: one git call for every hunk of the walk. Merges are listed (a line's last revision may
 * be one) with no files of their own: the commits they merged changed them.
 */
export async function laterHistory(git: GitRunner, from: string, until: string): Promise<LaterCommit[]> {
  const result = await git.collect([
    'log',
    '--reverse',
    '--topo-order',
    '-M',
    '--name-status',
    `--format=${MARK}%H${FIELD}%ct${FIELD}%an`,
    `${from}..${until}`,
    '--',
  ]);
  const commits: LaterCommit[] = [];
  for (const line of result.stdout.toString('utf8').split('\n')) {
    if (line.startsWith(MARK)) {
      const [sha = '', time = '0', author = ''] = line.slice(1).split(FIELD);
      commits.push({ sha, time: Number(time) * 1000, author, files: [] });
      continue;
    }
    const current = commits.at(-1);
    if (!current || line === '') continue;
    const [status = '', first = '', second] = line.split('\t');
    if (second !== undefined)
      current.files.push({
        status: status[0] ?? '',
        path: unquoteGitPath(second),
        oldPath: unquoteGitPath(first),
      });
    else current.files.push({ status: status[0] ?? '', path: unquoteGitPath(first) });
  }
  return commits;
}

/** Follows `path` forward from the commit at `index` (excluded) through renames, to the later revision. */
export function followPath(history: readonly LaterCommit[], after: number, path: string): PathHistory {
  const touchedBy: LaterCommit[] = [];
  let current = path;
  for (let i = after + 1; i < history.length; i++) {
    const commit = history[i];
    if (!commit) continue;
    for (const file of commit.files) {
      if (file.oldPath === current && file.status === 'R') {
        touchedBy.push(commit);
        current = file.path;
        break;
      }
      if (file.path !== current) continue;
      touchedBy.push(commit);
      if (file.status === 'D') return { touchedBy, deletedBy: commit };
      break;
    }
  }
  return { touchedBy, finalPath: current };
}
