import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors/errors.js';
import { gitArguments, SAFE_GIT_OPTIONS, safeGitEnvironment } from '../git/safe-git.js';

function git(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync('git', [...SAFE_GIT_OPTIONS, ...gitArguments(args)], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? result.error?.message ?? '').trim(),
  };
}

/** The commit `rev` names in `repo`, or a one-line error saying the task cannot start there. */
export function resolveTaskRevision(
  repo: string,
  rev: string,
  taskId: string,
  env: NodeJS.ProcessEnv,
): string {
  const found = git(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`],
    repo,
    safeGitEnvironment(repo, env),
  );
  const sha = found.stdout.trim();
  if (!found.ok || !/^[0-9a-f]{40,64}$/.test(sha))
    throw new InputError(`task ${taskId}: ${rev} is not a commit of the git repository ${repo}`);
  return sha;
}

/** Each repository's object folder, asked once: every run of a task borrows from the same one. */
const objectDirs = new Map<string, string>();

function objectsDirOf(repo: string, env: NodeJS.ProcessEnv): string {
  const known = objectDirs.get(repo);
  if (known !== undefined) return known;
  const objects = git(['rev-parse', '--path-format=absolute', '--git-path', 'objects'], repo, env);
  const dir = objects.stdout.trim();
  if (!objects.ok || dir === '')
    throw new InputError(`cannot read the objects of ${repo} for a run: ${objects.stderr.split('\n').pop()}`);
  objectDirs.set(repo, dir);
  return dir;
}

/**
 * A disposable checkout of `repo` at `sha` in `dir`: a repository of its own that borrows the
 * repository's objects through git's alternates (what `clone --shared` sets up; nothing is copied, and
 * nothing is written into the repository: no worktree entry, no ref), detached at the commit, with no
 * remote and no branch, so that nothing the agent does can push back and no later commit is named in
 * it. The person's own checkout is never touched. Hooks and other configured programs do not run
 * (SAFE_GIT_OPTIONS).
 *
 * Not `git clone`: a local clone still talks to the repository through an upload-pack process of its own,
 * and then needs its remote removed; three cheap calls instead of a clone's four processes were half a
 * scripted run's time spent outside the agent (docs/experiment.md, "Does the effect rule find a difference").
 */
export function createCheckout(repo: string, sha: string, dir: string, env: NodeJS.ProcessEnv): void {
  // Read once for the three calls (reading it is a git call of its own): the new repository's own
  // configuration is the one `init` writes, with no filter in it, so the repository's overrides cover it.
  const safeEnv = safeGitEnvironment(repo, env);
  const objectsDir = objectsDirOf(repo, safeEnv);
  // No template: a run's checkout needs none of git's sample hooks, and each is a file to write and remove.
  const init = git(['init', '--quiet', '--template=', '--end-of-options', dir], repo, safeEnv);
  if (!init.ok) throw new InputError(`cannot make a checkout for a run: ${init.stderr.split('\n').pop()}`);
  // A new file in the folder `init` has just made, which nothing else reads yet: created exclusively
  // ('wx' refuses an existing file or link), without the temp file and syncs a shared file needs.
  mkdirSync(join(dir, '.git', 'objects', 'info'), { recursive: true });
  writeFileSync(join(dir, '.git', 'objects', 'info', 'alternates'), `${objectsDir}\n`, { flag: 'wx' });
  const checkout = git(['checkout', '--quiet', '--detach', sha], dir, safeEnv);
  if (!checkout.ok)
    throw new InputError(`cannot check out ${sha} for a run: ${checkout.stderr.split('\n').pop()}`);
}

/** Removes a run's checkout (its own folder only: the repository it borrows objects from is left alone). */
export function removeCheckout(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
