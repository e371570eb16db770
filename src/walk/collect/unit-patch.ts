import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileChange } from '../evidence.js';
import { type GitRunner, PATCH_FLAGS } from './git-run.js';

/** The most diff text one unit hands a model; longer diffs are cut in the middle. */
const MAX_UNIT_PATCH_CHARS = 12_000;

function cutMiddle(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const half = Math.floor(limit / 2);
  return `${text.slice(0, half)}\n[… ${text.length - limit} chars cut …]\n${text.slice(-half)}`;
}

/**
 * Re-reads a unit's diff from git on demand (the walk itself keeps only hunk places, not content):
 * `git show` per commit, `git diff HEAD` for uncommitted files, the file itself when untracked. Nothing is
 * recorded as evidence: these reads serve a reviewer, not the baseline.
 */
export async function readUnitPatch(
  git: GitRunner | undefined,
  changes: FileChange[],
  limit = MAX_UNIT_PATCH_CHARS,
): Promise<string> {
  if (!git) return '';
  const quiet = { unrecorded: true, okStatuses: [128] };
  const parts: string[] = [];
  const bySha = new Map<string, string[]>();
  const uncommitted = new Set<string>();
  for (const change of changes) {
    if (change.origin.kind === 'commit')
      bySha.set(change.origin.sha, [...(bySha.get(change.origin.sha) ?? []), change.path]);
    else if (change.origin.kind === 'staged' || change.origin.kind === 'unstaged')
      uncommitted.add(change.path);
    else if (change.origin.kind === 'untracked' && !change.binary) {
      parts.push(
        `untracked ${change.path}:\n${readFileSync(join(git.cwd, change.path), 'utf8').slice(0, limit)}`,
      );
    }
  }
  const literal = (paths: Iterable<string>) => [...paths].map((p) => `:(literal)${p}`);
  for (const [sha, paths] of bySha) {
    const show = await git.collect(
      ['show', '--format=commit %H', ...PATCH_FLAGS, sha, '--', ...literal(paths)],
      quiet,
    );
    parts.push(show.stdout.toString('utf8'));
  }
  if (uncommitted.size > 0) {
    const diff = await git.collect(['diff', ...PATCH_FLAGS, 'HEAD', '--', ...literal(uncommitted)], quiet);
    parts.push(diff.stdout.toString('utf8'));
  }
  return cutMiddle(parts.join('\n'), limit);
}
