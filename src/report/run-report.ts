import type { PriceTable } from '../cost/price-table.js';
import type { GateSettings } from '../gate/settings.js';
import { demoProjectsRoot } from '../scan/demo-root.js';
import { scanSessions } from '../scan/scan.js';
import { gateSettingsFor } from '../scan/settings.js';
import type { StoreLocation } from '../store/location.js';
import { openSessionStore } from '../store/open-session-store.js';
import type { StoreSettings } from '../store/settings.js';
import type { HostName } from '../transcript/types.js';
import { buildReportFrom, type ReportOptions, reportSelection } from './model.js';
import { projectSections, type ReportProject } from './project-sections.js';
import { buildSurvivalReport, survivalMeasureOrder } from './survival.js';
import type { ReportModel } from './types.js';

/**
 * One report as both front ends ask for it (`retrospect report`, which renders it as a page, and the MCP
 * server's `friction_report`, which returns it as JSON): every setting resolved at the edge, given here as
 * a value.
 */
export interface ReportRequest {
  /** The session store read (checked to exist by the front end, a reader never makes one). */
  store: StoreLocation;
  storeSettings: StoreSettings;
  /** Scan the bundled demo sessions into the store first (an in-memory store). */
  demo: boolean;
  /** A shared store only: one machine's or one user's sessions. */
  team?: { machine?: string | undefined; user?: string | undefined } | undefined;
  /** Which sessions the report covers (the scan's filter: folder name part, agents, ISO bounds). */
  project?: string | undefined;
  hosts?: readonly HostName[] | undefined;
  since?: string | undefined;
  until?: string | undefined;
  /** The gate's settings, resolved at the edge; the threshold says which sessions are flagged. */
  gate: GateSettings;
  /** Where the run is: the friction ledger of the project around it is read for the hybrid S2. */
  cwd: string;
  prices: PriceTable;
  /** Add this project's rules and trial decisions. */
  rulesOf?: ReportProject | undefined;
  /** Measure what became of the sessions' committed code (git work, only when asked). */
  survival?: { days: number; budgetMs: number } | undefined;
  /** git's environment and the agents' homes. */
  env: NodeJS.ProcessEnv;
  /** The gate settings' warnings and the demo scan's, one a line. */
  onWarning?: ((warning: string) => void) | undefined;
}

/** store (-> demo scan) -> select -> sections (-> rules, -> survival): the report's model, closed store. */
export async function runReport(request: ReportRequest): Promise<ReportModel> {
  const { settings, warning } = gateSettingsFor(request.gate, request.cwd);
  if (warning) request.onWarning?.(warning);
  const store = await openSessionStore(request.store, request.storeSettings.identity);
  try {
    if (request.demo) {
      const result = await scanSessions({ roots: [demoProjectsRoot()], store, settings, jobs: 1 });
      for (const w of result.warnings) request.onWarning?.(w);
    }
    const all = await store.listSessions({ scope: request.team ?? {} });
    const options: ReportOptions = {
      project: request.project,
      hosts: request.hosts,
      since: request.since,
      until: request.until,
      threshold: settings.threshold,
      prices: request.prices,
      ...(request.rulesOf === undefined
        ? {}
        : await projectSections(request.rulesOf, request.store, {
            env: request.env,
            gate: request.gate,
            storeSettings: request.storeSettings,
            prices: request.prices,
          })),
    };
    const model = buildReportFrom(all, options);
    if (request.survival) {
      const { selected, starts } = reportSelection(all, options);
      const order = survivalMeasureOrder(selected, starts, request.survival.days, Date.now());
      const { scanSurvival } = await import('../scan/survival.js');
      const measured = await scanSurvival(order, { ...request.survival, env: request.env });
      model.survival = buildSurvivalReport(selected, measured, request.survival.days, starts);
    }
    return model;
  } finally {
    await store.close();
  }
}
