import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { InputError } from '../errors/errors.js';
import { gitArguments, SAFE_GIT_OPTIONS, safeGitEnvironment } from '../git/safe-git.js';

/**
 * A local clone reads the source repository through the `file` transport, which the tool's safe git
 * settings switch off (`protocol.allow=never`); it is allowed again for these calls only.
 */
const CLONE_OPTIONS = [...SAFE_GIT_OPTIONS, '-c', 'protocol.file.allow=always'];

function git(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync('git', [...CLONE_OPTIONS, ...gitArguments(args)], {
    cwd,
    env: safeGitEnvironment(cwd, env),
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
  const found = git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], repo, env);
  const sha = found.stdout.trim();
  if (!found.ok || !/^[0-9a-f]{40,64}$/.test(sha))
    throw new InputError(`task ${taskId}: ${rev} is not a commit of the git repository ${repo}`);
  return sha;
}

/**
 * A disposable checkout of `repo` at `sha` in `dir`: a clone that shares the repository's objects
 * (nothing is copied, and nothing is written into the repository: no worktree entry, no ref), detached at
 * the commit, with its `origin` remote removed so that nothing the agent does can push back. The person's
 * own checkout is never touched. Hooks and other configured programs do not run (SAFE_GIT_OPTIONS).
 */
export function createCheckout(repo: string, sha: string, dir: string, env: NodeJS.ProcessEnv): void {
  const steps: string[][] = [
    ['clone', '--quiet', '--shared', '--no-checkout', '--end-of-options', repo, dir],
  ];
  for (const args of steps) {
    const result = git(args, repo, env);
    if (!result.ok)
      throw new InputError(`cannot clone ${repo} for a run: ${result.stderr.split('\n').pop()}`);
  }
  for (const args of [
    ['checkout', '--quiet', '--detach', sha],
    ['remote', 'remove', 'origin'],
  ]) {
    const result = git(args, dir, env);
    if (!result.ok)
      throw new InputError(`cannot check out ${sha} for a run: ${result.stderr.split('\n').pop()}`);
  }
}

/** Removes a run's checkout (the clone only: the repository it shares objects with is left alone). */
export function removeCheckout(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
