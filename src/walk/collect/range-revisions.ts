import { InputError } from '../../errors/errors.js';
import type { GitRunner } from './git-run.js';

/** A parent or ancestor step at the end of a revision (`X^`, `X^2`, `X~3`, `X^~`). */
const ANCESTRY_SUFFIX = /(?:\^\d*|~\d*)+$/;

/** Every revision named in a range (`A..B`, `A...B`, `X^!`), to check before anything else runs. */
function revisionsOf(range: string): string[] {
  if (range.endsWith('^!')) return [range.slice(0, -2)];
  return range.split(/\.\.\.?/).filter((p) => p !== '');
}

async function commitOf(git: GitRunner, revision: string, recorded: boolean): Promise<string | undefined> {
  const check = await git.collect(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`],
    { okStatuses: [1, 128], unrecorded: !recorded },
  );
  return check.status === 0 ? check.stdout.toString('utf8').trim() : undefined;
}

/** The parents of a commit given by its full sha (so that it can never read as an option). */
async function parentsOf(git: GitRunner, sha: string, recorded: boolean): Promise<string[]> {
  const out = await git.collect(['rev-list', '--no-walk', '--parents', sha, '--'], {
    inline: true,
    unrecorded: !recorded,
  });
  return out.stdout.toString('utf8').trim().split(' ').slice(1);
}

/** The first-parent chain from a commit, itself first, at most `count` commits long. */
async function firstParentChain(git: GitRunner, sha: string, count: number): Promise<string[]> {
  const out = await git.collect(['rev-list', '--first-parent', `--max-count=${count}`, sha, '--'], {
    unrecorded: true,
  });
  return out.stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
}

function rootCommitError(
  revision: string,
  range: string,
  root: string,
  named = root.slice(0, 7),
): InputError {
  const short = root.slice(0, 7);
  return new InputError(
    `'${revision}' in '${range}' goes past ${named}, a root commit (the first commit of its history), which has no parent. Walk that commit's own changes with '${short}' alone; '${short}..B' walks the commits after it.`,
  );
}

/**
 * Why a revision does not resolve. `ROOT^..HEAD` (or `HEAD~5` in a shorter history) is the usual case:
 * the steps back from a commit run past a root commit, which has no parent, and saying so beats
 * "unknown revision". The steps are followed one by one from the part before them.
 */
async function unresolved(git: GitRunner, revision: string, range: string): Promise<InputError> {
  const unknown = new InputError(
    `unknown revision '${revision}' in '${range}': expected commits such as HEAD~5..HEAD`,
  );
  const suffix = ANCESTRY_SUFFIX.exec(revision)?.[0] ?? '';
  const base = revision.slice(0, revision.length - suffix.length);
  let sha = suffix !== '' && base !== '' ? await commitOf(git, base, false) : undefined;
  if (!sha) return unknown;
  let named = `${base} (${sha.slice(0, 7)})`;
  for (const [, kind, digits] of suffix.matchAll(/([~^])(\d*)/g)) {
    const n = digits === '' ? 1 : Number(digits);
    if (n === 0) continue;
    if (kind === '~') {
      const chain = await firstParentChain(git, sha, n + 1);
      const last = chain.at(-1) ?? sha;
      if (chain.length <= n) return rootCommitError(revision, range, last, last === sha ? named : undefined);
      sha = chain[n] ?? sha;
    } else {
      const parents = await parentsOf(git, sha, false);
      if (parents.length === 0) return rootCommitError(revision, range, sha, named);
      const parent = parents[n - 1];
      if (!parent) {
        const has = `${parents.length} parent${parents.length === 1 ? '' : 's'}`;
        return new InputError(`'${revision}' in '${range}' names parent ${n} of ${named}, which has ${has}.`);
      }
      sha = parent;
    }
    named = sha.slice(0, 7);
  }
  return unknown;
}

/**
 * Checks every revision of a range, then returns the revisions `git diff` compares for it. They are the
 * range itself, except for one root commit (`X^!` where X has no parent): git resolves that to X alone,
 * and `git diff X` compares X with the working tree. The root commit is compared with git's empty tree
 * instead (its hash computed, never written, so that it fits the repository's object format), which is
 * the commit's own changes.
 */
export async function diffRevisions(git: GitRunner, range: string): Promise<string[]> {
  const shas: string[] = [];
  for (const revision of revisionsOf(range)) {
    const sha = await commitOf(git, revision, true);
    if (!sha) throw await unresolved(git, revision, range);
    shas.push(sha);
  }
  const [sha] = shas;
  if (!range.endsWith('^!') || !sha || (await parentsOf(git, sha, true)).length > 0) return [range];
  const emptyTree = await git.collect(['hash-object', '-t', 'tree', '--stdin'], { inline: true });
  return [emptyTree.stdout.toString('utf8').trim(), range.slice(0, -2)];
}
