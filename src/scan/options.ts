import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors/errors.js';
import { claudeConfigDirs, dataDir } from '../paths/data-dir.js';
import { STORE_FILE } from '../store/open.js';

/** The bundled demo sessions (`examples/projects/`, laid out like `~/.claude/projects/`). */
export function demoProjectsRoot(): string {
  return fileURLToPath(new URL('../../examples/projects/', import.meta.url));
}

/** Claude Code's projects folders: `<config dir>/projects` for each config folder. */
export function defaultProjectsRoots(env: NodeJS.ProcessEnv): string[] {
  return claudeConfigDirs(env).map((dir) => join(dir, 'projects'));
}

/** The folders and files a scan reads, and whether they are the defaults (Claude Code's own folders). */
export interface ScanRoots {
  roots: string[];
  defaults: boolean;
}

/**
 * What to scan: the bundled demo, else the paths given, else Claude Code's projects folders. A path the
 * user gave must exist; a default folder may be missing (no sessions yet).
 */
export function resolveScanRoots(paths: string[], demo: boolean, env: NodeJS.ProcessEnv): ScanRoots {
  const defaults = paths.length === 0 && !demo;
  const roots = demo ? [demoProjectsRoot()] : defaults ? defaultProjectsRoots(env) : paths;
  for (const root of roots) {
    if (!existsSync(root) && !defaults)
      throw new InputError(
        `no such folder or file: ${root} (expected a Claude Code projects folder, a project folder or a .jsonl transcript)`,
      );
  }
  return { roots, defaults };
}

/** The store file: `--store PATH`, else an in-memory store for `--demo`, else `<data dir>/store.sqlite`. */
export function storePathFor(explicit: string | undefined, demo: boolean, env: NodeJS.ProcessEnv): string {
  if (explicit !== undefined) return explicit;
  return demo ? ':memory:' : join(dataDir(env), STORE_FILE);
}

/** A date or an ISO instant (checked with a pattern, not zod: loading zod would double a warm scan's start-up). */
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A `--since`/`--until` value as an ISO instant; a bare date means the start (since) or the end (until)
 * of that day in UTC. Undefined when the text is not a date.
 */
export function parseDateBound(text: string, edge: 'start' | 'end'): string | undefined {
  if (!DATE.test(text) || Number.isNaN(Date.parse(text))) return undefined;
  if (text.length === 10) return `${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(text).toISOString();
}
