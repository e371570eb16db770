import type { SharedParameter } from '../parameters/shared.js';

/**
 * The parameters `retrospect sprint report` and the MCP server's `sprint_report` share (see
 * SharedParameter). The CLI's root and demo options are the ones every sprint sub-command takes.
 */
export const SPRINT_REPORT_PARAMETERS = {
  root: {
    cli: 'root',
    mcp: 'root',
    kind: 'text',
    description: 'the project root',
    default: 'CLAUDE_PROJECT_ROOT, else the current directory',
    mcpNote: ': the folder holding .gaia/ or a sprint-status.yaml',
  },
  sprintId: {
    cli: 'SPRINT_ID',
    mcp: 'sprintId',
    kind: 'text',
    description: 'the sprint',
    default: 'the current one in .gaia/state/sprint-status.yaml',
    mcpNote: ', or in a BMAD project the epic (epic-19), to report on',
  },
  demo: {
    cli: 'demo',
    mcp: 'demo',
    kind: 'flag',
    description: 'the bundled demo project',
    cliNote: ' (copied to a temporary folder when written)',
    mcpNote: ' instead of a root (read in place)',
  },
} as const satisfies Record<string, SharedParameter>;
