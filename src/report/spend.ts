import type { PriceSource, PriceTable } from '../cost/price-table.js';
import { sessionCost } from '../cost/session-cost.js';
import type { SessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import { weekOf } from './weeks.js';

/** Spend and friction spend of a group of sessions, at API prices. */
export interface SpendRow {
  key: string;
  sessions: number;
  /** Of `sessions`, those whose transcript records usage and whose models are all priced. */
  priced: number;
  costUsd: number;
  frictionUsd: number;
}

export interface SpendSession {
  project: string;
  sessionId: string;
  agentId: string | undefined;
  host: string;
  machine: string | undefined;
  start: string;
  costUsd: number;
  frictionUsd: number;
  frictionTokens: number;
}

/** What the report shows of cost (docs/cost.md); absent when no session recorded usage. */
export interface SpendReport {
  prices: PriceSource[];
  total: SpendRow;
  /** Sessions that record no usage, and those with a model no table prices: left out of the sums. */
  withoutUsage: number;
  unpriced: number;
  byWeek: SpendRow[];
  byProject: SpendRow[];
  byHost: SpendRow[];
  /** On a shared store: per machine. */
  byMachine: SpendRow[];
  topByFriction: SpendSession[];
}

/** How many sessions the "top by friction spend" table lists. */
const TOP_FRICTION_LIMIT = 10;

class Groups {
  private readonly rows = new Map<string, SpendRow>();
  add(key: string, cost: number | null, friction: number | null): void {
    const row = this.rows.get(key) ?? { key, sessions: 0, priced: 0, costUsd: 0, frictionUsd: 0 };
    row.sessions++;
    if (cost !== null) {
      row.priced++;
      row.costUsd += cost;
      row.frictionUsd += friction ?? 0;
    }
    this.rows.set(key, row);
  }
  list(order: 'key' | 'cost'): SpendRow[] {
    const rows = [...this.rows.values()];
    return order === 'key'
      ? rows.sort((a, b) => a.key.localeCompare(b.key))
      : rows.sort((a, b) => b.costUsd - a.costUsd || a.key.localeCompare(b.key));
  }
}

/**
 * The spend of the report's sessions (one record per session, sub-agents' transcripts included: their calls
 * are their own), per week of their start, project, agent and machine, and the sessions whose friction cost
 * the most. Undefined when none of them records usage, so a report of hosts without usage is as it was.
 */
export function spendReport(
  sessions: readonly SessionRecord[],
  starts: SessionStarts,
  prices: PriceTable,
  label: (project: string) => string,
): SpendReport | undefined {
  const total = new Groups();
  const weeks = new Groups();
  const projects = new Groups();
  const hosts = new Groups();
  const machines = new Groups();
  const top: SpendSession[] = [];
  let withoutUsage = 0;
  let unpriced = 0;
  for (const record of sessions) {
    const cost = sessionCost(record.usage, prices);
    if (cost.tokens === null) {
      withoutUsage++;
      continue;
    }
    if (cost.cost_usd === null) unpriced++;
    const start = starts.startOf(record);
    total.add('all', cost.cost_usd, cost.friction_cost_usd);
    weeks.add(weekOf(start), cost.cost_usd, cost.friction_cost_usd);
    projects.add(label(record.project), cost.cost_usd, cost.friction_cost_usd);
    hosts.add(record.host, cost.cost_usd, cost.friction_cost_usd);
    if (record.machine !== undefined) machines.add(record.machine, cost.cost_usd, cost.friction_cost_usd);
    if (cost.cost_usd !== null && (cost.friction_cost_usd ?? 0) > 0)
      top.push({
        project: label(record.project),
        sessionId: record.sessionId,
        agentId: record.agentId,
        host: record.host,
        machine: record.machine,
        start,
        costUsd: cost.cost_usd,
        frictionUsd: cost.friction_cost_usd ?? 0,
        frictionTokens: cost.friction_tokens ?? 0,
      });
  }
  const [all] = total.list('key');
  if (all === undefined) return undefined;
  top.sort((a, b) => b.frictionUsd - a.frictionUsd || a.sessionId.localeCompare(b.sessionId));
  return {
    prices: prices.sources,
    total: all,
    withoutUsage,
    unpriced,
    byWeek: weeks.list('key'),
    byProject: projects.list('cost'),
    byHost: hosts.list('cost'),
    byMachine: machines.list('cost'),
    topByFriction: top.slice(0, TOP_FRICTION_LIMIT),
  };
}
