import type { CommitInfo } from '../evidence.js';
import type { HunkLinker } from '../link/link.js';
import type { GitRunner } from './git-run.js';

/** At most this many files are read at the base: enough for a walk's edited files, bounded for huge ones. */
const MAX_BASE_FILES = 50;

/** The paths a `git diff --name-status -z` lists (the new path of a rename or copy). */
function changedPaths(nameStatus: string): string[] {
  const fields = nameStatus.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const status = fields[i] ?? '';
    if (status === '') continue;
    if (/^[RC]/.test(status)) {
      paths.push(fields[i + 2] ?? '');
      i += 2;
    } else {
      paths.push(fields[i + 1] ?? '');
      i += 1;
    }
  }
  return paths.filter((p) => p !== '');
}

/**
 * Settles the edits a range's base already holds: for each changed file a session edited before the base
 * commit (the parent of the range's oldest commit), the file is read at the base (`git show`, recorded),
 * so that lines those edits introduced and an earlier commit already added count for no hunk of the walk;
 * and a command's write of the file is settled by the commit before the range that last changed it.
 */
export async function settleAtBase(
  git: GitRunner,
  commits: readonly CommitInfo[],
  nameStatus: string,
  linker: HunkLinker,
): Promise<void> {
  const base = commits[0]?.parents[0];
  if (!base) return;
  const paths = changedPaths(nameStatus);
  if (paths.length === 0) return;
  const time = await git.collect(['show', '-s', '--format=%ct', base, '--'], { inline: true });
  const baseTime = Number(time.stdout.toString('utf8').trim()) * 1000;
  if (!Number.isFinite(baseTime)) return;
  const edited = paths.filter((path) => linker.editedBefore(path, baseTime)).slice(0, MAX_BASE_FILES);
  for (const path of edited) {
    // Exit 128: the file is not in the base (added in the range).
    const file = await git.collect(['show', `${base}:${path}`], { okStatuses: [128] });
    if (file.status !== 0) continue;
    // When a commit the base holds last changed the file: a command's earlier write went into it.
    const last = await git.collect(['log', '-1', '--format=%ct', base, '--', path], { inline: true });
    const lastChanged = Number(last.stdout.toString('utf8').trim()) * 1000;
    linker.settleBase(
      path,
      file.stdout.toString('utf8'),
      baseTime,
      Number.isFinite(lastChanged) && lastChanged > 0 ? lastChanged : undefined,
    );
  }
}
