import { statSync } from 'node:fs';
import { InputError } from '../errors/errors.js';
import type { DiscoveryRoot } from '../transcript/discover.js';
import { HOST_ADAPTERS } from '../transcript/host.js';
import { isExistingSessionRow } from '../transcript/hosts.js';
import type { HostName } from '../transcript/types.js';
import { demoProjectsRoot } from './demo-root.js';

export { demoProjectsRoot };

/**
 * Where every agent keeps its sessions on this machine, each place tagged with its host: Claude Code's
 * projects folders, the Codex home, the Gemini CLI home, OpenCode's data folder (and `OPENCODE_DB`), the
 * Copilot CLI home — as the environment moves them. `hosts` keeps only those agents' places.
 */
export function defaultScanRoots(env: NodeJS.ProcessEnv, hosts?: readonly HostName[]): DiscoveryRoot[] {
  return HOST_ADAPTERS.filter((adapter) => hosts === undefined || hosts.includes(adapter.name)).flatMap(
    (adapter) => adapter.roots(env).map((path) => ({ path, host: adapter.name })),
  );
}

/** Claude Code's projects folders: `<config dir>/projects` for each config folder. */
export function defaultProjectsRoots(env: NodeJS.ProcessEnv): string[] {
  return defaultScanRoots(env, ['claude-code']).map((root) => root.path);
}

/** The folders and files a scan reads, and whether they are the defaults (the agents' own folders). */
export interface ScanRoots {
  roots: DiscoveryRoot[];
  defaults: boolean;
}

/**
 * What to scan: the bundled demo, else the paths given, else every agent's own folders (only `hosts`'
 * when given). A path the user gave must exist; a default folder may be missing (no sessions yet).
 */
export function resolveScanRoots(
  paths: string[],
  demo: boolean,
  env: NodeJS.ProcessEnv,
  hosts?: readonly HostName[],
): ScanRoots {
  const defaults = paths.length === 0 && !demo;
  if (defaults) return { roots: defaultScanRoots(env, hosts), defaults };
  const roots = demo ? [demoProjectsRoot()] : paths;
  for (const root of roots) {
    // A session inside a database (`<db>/<session id>`) exists when its row does.
    if (isExistingSessionRow(root)) continue;
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(root, { throwIfNoEntry: false });
    } catch (error) {
      throw new InputError(`${root} cannot be reached (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (stat === undefined)
      throw new InputError(
        `no such folder or file: ${root} (expected an agent's session folder, such as ~/.claude/projects or ~/.codex, or a session file)`,
      );
    // A FIFO is never opened (reading one would wait for a writer), nor is a socket or a device.
    if (!stat.isFile() && !stat.isDirectory())
      throw new InputError(
        `${root} is ${stat.isFIFO() ? 'a FIFO' : 'not a regular file'} (expected an agent's session folder, such as ~/.claude/projects or ~/.codex, or a session file)`,
      );
  }
  return { roots: roots.map((path) => ({ path })), defaults };
}

/** A date or an ISO instant (checked with a pattern, not zod: loading zod would double a warm scan's start-up). */
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** `20260131`, the compact date ccusage takes. */
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
/** `7d`, `12h`, `2w`: that long before now. */
const AGO = /^(\d+)([hdw])$/;
const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/**
 * A `--since`/`--until` value as an ISO instant: a date (`2026-01-31`, or `20260131` as ccusage takes it)
 * means the start (since) or the end (until) of that day in UTC; an ISO time is that instant; `7d`, `12h`,
 * `2w` mean that long before `now`. Undefined when the text is none of these.
 */
export function parseDateBound(
  text: string,
  edge: 'start' | 'end',
  now: Date = new Date(),
): string | undefined {
  const ago = AGO.exec(text);
  if (ago)
    return new Date(now.getTime() - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS]).toISOString();
  const compact = COMPACT_DATE.exec(text);
  const date = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
  if (!DATE.test(date) || Number.isNaN(Date.parse(date))) return undefined;
  // Date.parse rolls 2026-02-31 over to March: a day that does not exist is not a date.
  if (date.length === 10 && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
    return undefined;
  if (date.length === 10) return `${date}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(date).toISOString();
}
