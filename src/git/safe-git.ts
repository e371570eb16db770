import { spawnSync } from 'node:child_process';

/**
 * Settings every git call of the tool gets, so that a repository's own configuration (a checkout's
 * `.git/config`, a user's global file, picked by a committed `.gitattributes`) can never make git run a
 * program: no fsmonitor hook (it runs on every index read), no hooks (`worktree add` runs post-checkout), no
 * transport (a partial clone would fetch missing objects through `core.sshCommand` or a remote helper), no
 * automatic gc or maintenance, no pager. The diff family gets `--no-ext-diff --no-textconv` (see
 * gitArguments) and content filters are switched off by name (filterOverrides).
 *
 * `--no-optional-locks` leads, and the rest are `-c key=value` pairs: the walk's appendix recognises a
 * recorded command by that shape (walk/render/render.ts).
 */
export const SAFE_GIT_OPTIONS: readonly string[] = [
  '--no-optional-locks',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'protocol.allow=never',
  '-c',
  'gc.auto=0',
  '-c',
  'maintenance.auto=false',
  '-c',
  'core.pager=cat',
];

/**
 * Subcommands that can produce a patch or a stat, and so would run `diff.<driver>.textconv`,
 * `diff.<driver>.command` or `diff.external`.
 */
const DIFF_FAMILY = new Set(['diff', 'log', 'show', 'whatchanged']);

/**
 * `args` with `--no-ext-diff --no-textconv` added to a diff-family subcommand, after its own options and
 * before its first revision, `--` or `--end-of-options` (else at the end), so that the command reads as the
 * caller wrote it. Callers give option values joined (`--format=%H`), never as a separate word.
 */
export function gitArguments(args: readonly string[]): string[] {
  const [subcommand] = args;
  if (subcommand === undefined || !DIFF_FAMILY.has(subcommand)) return [...args];
  const end = args.findIndex(
    (arg, index) => index > 0 && (!arg.startsWith('-') || arg === '--' || arg === '--end-of-options'),
  );
  const at = end === -1 ? args.length : end;
  return [...args.slice(0, at), '--no-ext-diff', '--no-textconv', ...args.slice(at)];
}

/** Variables the user's own environment may set that would make git run a program of their choosing. */
const EXECUTING_VARIABLES = ['GIT_EXTERNAL_DIFF', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_ASKPASS', 'GIT_EDITOR'];

/**
 * The names of the content filters configured for the repository at `cwd` (`filter.<name>.clean`, `.smudge`,
 * `.process`). Reading configuration runs nothing. Subsection names may hold dots.
 */
function configuredFilters(cwd: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const result = spawnSync('git', [...SAFE_GIT_OPTIONS, 'config', '-z', '--get-regexp', '^filter\\.'], {
    cwd,
    env: { ...env, LC_ALL: 'C' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0 || typeof result.stdout !== 'string') return [];
  const names = new Set<string>();
  for (const entry of result.stdout.split('\0')) {
    const key = entry.split('\n', 1)[0] ?? '';
    const match = /^filter\.(.+)\.[^.]+$/s.exec(key);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names];
}

/**
 * Configuration, given through GIT_CONFIG_COUNT (no quoting problem with odd subsection names), that empties
 * every configured filter's commands: git then reads and checks out content as stored, and runs nothing.
 * `required=false` keeps an emptied required filter from failing the call.
 */
export function filterOverrides(filters: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const pairs: Array<[string, string]> = [];
  for (const name of filters) {
    for (const command of ['clean', 'smudge', 'process']) pairs.push([`filter.${name}.${command}`, '']);
    pairs.push([`filter.${name}.required`, 'false']);
  }
  const already = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10);
  const start = Number.isSafeInteger(already) && already > 0 ? already : 0;
  const out: NodeJS.ProcessEnv = {};
  pairs.forEach(([key, value], index) => {
    out[`GIT_CONFIG_KEY_${start + index}`] = key;
    out[`GIT_CONFIG_VALUE_${start + index}`] = value;
  });
  if (pairs.length > 0) out.GIT_CONFIG_COUNT = String(start + pairs.length);
  return out;
}

/**
 * The environment for a git call: the caller's, without the variables that name programs, with no pager,
 * no terminal prompt, C messages and every configured filter emptied.
 */
export function safeGitEnvironment(cwd: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = { ...env };
  for (const name of EXECUTING_VARIABLES) delete clean[name];
  return {
    ...clean,
    ...filterOverrides(configuredFilters(cwd, clean), clean),
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
}

/**
 * Runs git once, synchronously, with configuration that cannot execute, and returns its stdout, or undefined
 * when git fails or is missing. For short questions (`config user.name`, `check-ignore`); the walk's evidence
 * goes through walk/collect/git-run.ts, which uses the same settings.
 */
export function gitOutput(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const result = spawnSync('git', [...SAFE_GIT_OPTIONS, ...gitArguments(args)], {
    cwd,
    env: safeGitEnvironment(cwd, env),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) return undefined;
  return result.stdout;
}
