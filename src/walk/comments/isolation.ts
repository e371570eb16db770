import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { GitRunner } from '../collect/git-run.js';
import type { FileChange } from '../evidence.js';

/**
 * Runs `fn` in a throwaway `git worktree` of the walked state, so that a reviewer that may write (a model
 * with tools, a formatter) never touches the user's working tree or index. For a commit range the
 * worktree is the range's end; for the working tree it is HEAD plus the uncommitted changes (applied as
 * a binary patch) and copies of the untracked files. The worktree is removed on every exit path.
 */
export async function withDisposableWorktree<T>(
  git: GitRunner,
  revision: string,
  changes: FileChange[],
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  const parent = mkdtempSync(join(tmpdir(), 'retrospect-walk-'));
  const dir = join(parent, 'tree');
  const quiet = { unrecorded: true };
  await git.collect(['worktree', 'add', '--detach', '--quiet', dir, revision], quiet);
  try {
    if (changes.some((c) => c.origin.kind === 'staged' || c.origin.kind === 'unstaged')) {
      const patch = await git.collect(
        ['diff', '--binary', '--no-color', '--no-ext-diff', 'HEAD', '--'],
        quiet,
      );
      await git.collect(['apply', '--whitespace=nowarn', '-'], { ...quiet, cwd: dir, input: patch.stdout });
    }
    for (const change of changes.filter((c) => c.origin.kind === 'untracked')) {
      mkdirSync(dirname(join(dir, change.path)), { recursive: true });
      cpSync(join(git.cwd, change.path), join(dir, change.path));
    }
    return await fn(dir);
  } finally {
    try {
      await git.collect(['worktree', 'remove', '--force', dir], quiet);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }
}
