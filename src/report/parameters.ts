import type { SharedParameter } from '../parameters/shared.js';
import { SCAN_PARAMETERS } from '../scan/parameters.js';

/**
 * The parameters `retrospect report` and the MCP server's `friction_report` share (see SharedParameter).
 * The session filter and the store are the scan's (a report covers what a scan selects).
 */
export const REPORT_PARAMETERS = {
  project: SCAN_PARAMETERS.project,
  hosts: SCAN_PARAMETERS.hosts,
  since: SCAN_PARAMETERS.since,
  until: SCAN_PARAMETERS.until,
  store: SCAN_PARAMETERS.store,
  demo: {
    cli: 'demo',
    mcp: 'demo',
    kind: 'flag',
    description: 'report on the bundled demo sessions (an in-memory store)',
    mcpNote: ', instead of a store',
  },
  mroot: {
    cli: 'mroot',
    mcp: 'mroot',
    kind: 'text',
    description: "a project's main checkout: add its rules (as trial list weighs them) and trial decisions",
    mcpNote: ' (relative to the server folder)',
  },
  budget: {
    cli: 'budget',
    mcp: 'budget',
    kind: 'number',
    // The CLI says "with --mroot: " before these words; the tool's input is mroot.
    description: 'context budget per agent above which the weakest rules are proposed for removal',
    default: '800',
    mcpNote: ', with mroot',
  },
} as const satisfies Record<string, SharedParameter>;
