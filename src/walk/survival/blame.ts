import type { GitRunner } from '../collect/git-run.js';

/** Where one line of a file came from, as `git blame --porcelain` says: its commit, line and path there. */
export interface LineOrigin {
  sha: string;
  /** The line's number in that commit's file. */
  line: number;
  /** The line's number in the file blamed. */
  finalLine: number;
  path: string;
}

const HEADER = /^([0-9a-f]{40,64}) (\d+) (\d+)(?: \d+)?$/;

/**
 * Reads `git blame --porcelain` output: one origin per line of the blamed file, in order. The path of a
 * commit's lines is its `filename` line, given with the commit's first group and repeated when it changes.
 */
function parsePorcelain(output: string): LineOrigin[] {
  const origins: LineOrigin[] = [];
  const pathOf = new Map<string, string>();
  let current: { sha: string; line: number; finalLine: number } | undefined;
  for (const line of output.split('\n')) {
    if (line.startsWith('\t')) {
      if (current) origins.push({ ...current, path: pathOf.get(current.sha) ?? '' });
      current = undefined;
      continue;
    }
    const header = HEADER.exec(line);
    if (header) {
      current = { sha: header[1] ?? '', line: Number(header[2]), finalLine: Number(header[3]) };
      continue;
    }
    if (current && line.startsWith('filename ')) pathOf.set(current.sha, line.slice('filename '.length));
  }
  return origins;
}

/**
 * Where each line of `path` at `revision` came from, with copies and moves followed (`-C -M`) and
 * whitespace-only changes ignored (`-w`: a re-indented line is still its author's). One git call.
 */
export async function blameAt(git: GitRunner, revision: string, path: string): Promise<LineOrigin[]> {
  const result = await git.collect(['blame', '--porcelain', '-C', '-M', '-w', revision, '--', path]);
  return parsePorcelain(result.stdout.toString('utf8'));
}

/**
 * For lines `ranges` of `path` at `commit`, the last revision up to `until` in which each still stood
 * (`git blame --reverse`): the commit after it changed or removed the line. Keyed by the line's number
 * at `commit`. One git call.
 */
export async function lastSeen(
  git: GitRunner,
  commit: string,
  until: string,
  path: string,
  ranges: readonly [number, number][],
): Promise<Map<number, string>> {
  const args = ['blame', '--porcelain', '-w', '--reverse', `${commit}..${until}`];
  for (const [start, end] of ranges) args.push('-L', `${start},${end}`);
  const result = await git.collect([...args, '--', path]);
  const seen = new Map<number, string>();
  // Reversed, the file blamed is the one at `commit`: its line numbers are the final ones.
  for (const origin of parsePorcelain(result.stdout.toString('utf8'))) seen.set(origin.finalLine, origin.sha);
  return seen;
}
