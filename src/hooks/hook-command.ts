import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isWithin, realPathOfMaybeMissing } from '../fsx/paths.js';

/** This package's CLI entry, as installed (symlinks resolved). */
export function installedBinPath(): string {
  const bin = fileURLToPath(new URL('../../bin/retrospect.js', import.meta.url));
  try {
    return realpathSync(bin);
  } catch {
    return bin;
  }
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
}

/**
 * The command Claude Code runs for a hook. By default `node <installed bin>`: it starts in ~60 ms, needs no
 * PATH entry and never reaches for a registry, where `npx retrospect` adds hundreds of milliseconds to every
 * failed tool call and may try to download the package. When the package is installed inside the project
 * (a dev dependency), the path is written relative to `$CLAUDE_PROJECT_DIR`, so that a committed project
 * settings file works on every teammate's machine.
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
  return `node ${shellQuote(bin)} hook ${handler}`;
}
