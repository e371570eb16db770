import type { GateSettings } from '../gate/settings.js';
import type { StoreIdentity } from '../store/identity.js';
import type { StoreLocation } from '../store/location.js';
import { openSessionStore } from '../store/open-session-store.js';
import type { SessionStorePort } from '../store/port.js';
import { type SessionStarts, sessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import type { DiscoveryRoot } from '../transcript/discover.js';
import type { HostName } from '../transcript/types.js';
import type { SurvivalAfterDays } from '../walk/survival/after-days.js';
import { ownRunsLeftOut, type ScanFilter, selectRecords } from './filter.js';
import { defaultScanRoots } from './options.js';
import { type ScanResult, scanSessions } from './scan.js';
import { gateSettingsFor } from './settings.js';

/**
 * One scan as both front ends ask for it (`retrospect scan`, the MCP server's `scan_sessions`): every
 * setting resolved at the edge and given here as a value.
 */
export interface ScanRequest {
  /** The folders and files given, checked by the front end; undefined: every agent's own places. */
  paths?: readonly (string | DiscoveryRoot)[] | undefined;
  /** Only sessions of these agents (their default places, and their sessions under the paths). */
  hosts?: readonly HostName[] | undefined;
  /** Which of the scanned records are returned. */
  filter: ScanFilter;
  /** The gate's settings, resolved at the edge (resolveGateSettings). */
  gate: GateSettings;
  /** Where the run is: the friction ledger of the project around it is read once for the hybrid S2. */
  cwd: string;
  /** The session store, and who writes into it (a shared store's rows name both). */
  store: StoreLocation;
  identity: StoreIdentity;
  /** Where the agents keep their sessions (their homes), and git's environment for survival. */
  env: NodeJS.ProcessEnv;
  /** Worker threads gating at most. */
  jobs: number;
  /** Files under this many bytes in all are gated on this thread (see ScanOptions). */
  inlineBelowBytes?: number | undefined;
  /** Return only the first this many selected records (highest score first); default all. */
  limit?: number | undefined;
  /** Measure the survival of the returned records' committed lines (git work, only when asked). */
  survival?: { days: number; budgetMs: number } | undefined;
  /** The gate settings' warnings, said before the store is opened (one a line). */
  onWarning?: ((warning: string) => void) | undefined;
  /** Just before the store is opened (the CLI's `--rebuild` moves the old one aside here). */
  beforeOpen?: (() => void) | undefined;
  /** The store is open, nothing read yet (the CLI's `--verbose` line and its cleanup warning). */
  onStoreOpen?: ((store: SessionStorePort) => Promise<void> | void) | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
}

export interface ScanOutcome {
  /** The roots scanned, and whether they were the agents' own places. */
  roots: (string | DiscoveryRoot)[];
  defaults: boolean;
  result: ScanResult;
  threshold: number;
  /** The gate settings' warnings, one a line (also said through onWarning). */
  warning?: string;
  /** Wall time of the scan itself, in seconds (the store's opening and the selection left out). */
  seconds: number;
  starts: SessionStarts;
  /** Every record the filter keeps, highest score first. */
  selected: SessionRecord[];
  /** The first `limit` of them (all without a limit). */
  returned: SessionRecord[];
  /** Retrospect's own analysis runs the filter left out. */
  ownLeftOut: number;
  /** Each returned record's survival, keyed by path, when asked. */
  survival?: Map<string, SurvivalAfterDays>;
}

/**
 * roots -> settings -> store -> scan -> select (-> survival): gates every session under the roots through
 * the store (only new or changed files are read), then selects, orders and limits the records. The store
 * is closed before this returns.
 */
export async function runScan(request: ScanRequest): Promise<ScanOutcome> {
  const defaults = request.paths === undefined;
  const roots = request.paths ? [...request.paths] : defaultScanRoots(request.env, request.hosts);
  const { settings, warning } = gateSettingsFor(request.gate, request.cwd);
  if (warning) request.onWarning?.(warning);
  request.beforeOpen?.();
  const store = await openSessionStore(request.store, request.identity);
  let result: ScanResult;
  let seconds: number;
  try {
    await request.onStoreOpen?.(store);
    const started = performance.now();
    result = await scanSessions({
      roots,
      ...(request.hosts ? { hosts: request.hosts } : {}),
      store,
      settings,
      jobs: request.jobs,
      ...(request.inlineBelowBytes === undefined ? {} : { inlineBelowBytes: request.inlineBelowBytes }),
      onProgress: request.onProgress,
    });
    seconds = (performance.now() - started) / 1000;
  } finally {
    await store.close();
  }
  // One reading of every session's start serves the filter, the order and the rendering alike.
  const starts = sessionStarts(result.records, new Date());
  const { threshold } = settings;
  const selected = selectRecords(result.records, threshold, request.filter, starts);
  const returned = request.limit === undefined ? selected : selected.slice(0, request.limit);
  // Git work, and its modules (git, the walk's readers: a quarter of the scan's code), only when asked.
  const survival = request.survival
    ? await (await import('./survival.js')).scanSurvival(returned, { ...request.survival, env: request.env })
    : undefined;
  return {
    roots,
    defaults,
    result,
    threshold,
    ...(warning ? { warning } : {}),
    seconds,
    starts,
    selected,
    returned,
    ownLeftOut: ownRunsLeftOut(result.records, threshold, request.filter, starts),
    ...(survival ? { survival } : {}),
  };
}
