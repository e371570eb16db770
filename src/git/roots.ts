import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface GitRoots {
  /** The main checkout: the parent of git's common dir (shared by every worktree). */
  mainCheckout: string;
  /** The top of the worktree that contains `cwd` (equal to mainCheckout outside linked worktrees). */
  worktree: string;
  /** git's common dir (`.git` of the main checkout). */
  commonDir: string;
}

function readGitFile(dotGit: string): string | undefined {
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
  if (!match?.[1]) return undefined;
  return isAbsolute(match[1]) ? match[1] : resolve(dirname(dotGit), match[1]);
}

/**
 * Finds the git roots for `cwd` by reading `.git` entries on disk, as `git rev-parse --git-common-dir`
 * would, without spawning git (the gate and the hooks run on every session end and must start fast).
 * Returns undefined outside a git repository.
 */
export function findGitRoots(cwd: string): GitRoots | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      try {
        const stat = statSync(dotGit);
        const gitDir = stat.isDirectory() ? dotGit : readGitFile(dotGit);
        if (gitDir) {
          const commonFile = join(gitDir, 'commondir');
          let commonDir = gitDir;
          if (existsSync(commonFile)) {
            const rel = readFileSync(commonFile, 'utf8').trim();
            commonDir = isAbsolute(rel) ? rel : resolve(gitDir, rel);
          }
          return { mainCheckout: dirname(commonDir), worktree: dir, commonDir };
        }
      } catch {
        return undefined;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
