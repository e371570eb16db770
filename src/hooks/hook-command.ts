import { realpathSync } from 'node:fs';
import { delimiter, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isWithin, realPathOfMaybeMissing } from '../fsx/paths.js';

/** This package's CLI entry, as installed (symlinks resolved). */
function installedBinPath(): string {
  const bin = fileURLToPath(new URL('../../bin/retrospect.js', import.meta.url));
  try {
    return realpathSync(bin);
  } catch {
    return bin;
  }
}

/**
 * Whether `retrospect` on PATH is this very installation (a global install or `npm link`), so that a hook
 * can run it by name: the command then names no path of this machine.
 */
export function retrospectOnPath(env: NodeJS.ProcessEnv, binPath: string = installedBinPath()): boolean {
  const bin = realPathOr(binPath);
  return (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => realPathOr(join(dir, 'retrospect')) === bin);
}

function realPathOr(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Whether a hook command works on any machine that has Retrospect: it names no absolute path of this one
 * (`retrospect hook …`, `npx …`, or a path under `$CLAUDE_PROJECT_DIR`). Such a command belongs in the
 * committed `.claude/settings.json`; any other in `.claude/settings.local.json`.
 */
export function isPortableHookCommand(command: string): boolean {
  return command.includes('$CLAUDE_PROJECT_DIR') || !/(^|\s)['"]?(\/|~|[A-Za-z]:\\)/.test(command);
}

/** Quotes a word for a POSIX shell (Claude Code runs hook commands through one). */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export interface HookCommandOptions {
  /** The project whose `.claude/settings.json` gets the hook; undefined for the user's settings. */
  projectRoot?: string;
  /** The installed CLI entry (default: this package's `bin/retrospect.js`). */
  binPath?: string;
  /** Replaces the launcher, e.g. `npx --no-install retrospect`. */
  launcher?: string;
  /** `retrospect` on PATH is this installation (see retrospectOnPath): run it by name. */
  onPath?: boolean;
}

/**
 * The command Claude Code runs for a hook, never through npx (which adds hundreds of milliseconds to every
 * failed tool call and may try to download the package). When the package is installed inside the project
 * (a dev dependency), `node` with a path relative to `$CLAUDE_PROJECT_DIR`; else `retrospect` by name when
 * it is on PATH (`onPath`); both work on every teammate's machine. Else `node <installed bin>`, which names
 * this machine's path (see isPortableHookCommand).
 */
export function hookCommand(handler: string, options: HookCommandOptions = {}): string {
  if (options.launcher) return `${options.launcher} hook ${handler}`;
  const bin = options.binPath ?? installedBinPath();
  if (options.projectRoot !== undefined) {
    const root = realPathOfMaybeMissing(options.projectRoot);
    const rel = relative(root, bin).split(sep).join('/');
    if (isWithin(root, bin) && /^[A-Za-z0-9_./@+-]+$/.test(rel)) {
      return `node "$CLAUDE_PROJECT_DIR/${rel}" hook ${handler}`;
    }
  }
  if (options.onPath) return `retrospect hook ${handler}`;
  return `node ${shellQuote(bin)} hook ${handler}`;
}
