import type { SharedParameter } from '../parameters/shared.js';

/** The parameters `retrospect scan` and the MCP server's `scan_sessions` share (see SharedParameter). */
export const SCAN_PARAMETERS = {
  paths: {
    cli: 'DIR',
    mcp: 'dirs',
    kind: 'list',
    description:
      "agents' session folders (~/.claude/projects, ~/.codex, ~/.gemini, ~/.local/share/opencode, ~/.copilot) or session files",
    default: "each agent's own",
  },
  hosts: {
    cli: 'host',
    mcp: 'hosts',
    kind: 'list',
    description: 'only sessions of these agents: claude-code, codex, gemini, opencode, copilot',
    default: 'every agent',
    cliNote: ' (repeat or list with commas)',
  },
  project: {
    cli: 'project',
    mcp: 'project',
    kind: 'text',
    description: 'only this project: its folder name as the table prints it (-home-…)',
    cliNote: ", its path, or the repository's name",
    mcpNote: ', or a part of one',
  },
  since: {
    cli: 'since',
    mcp: 'since',
    kind: 'text',
    description: 'sessions active on or after: 2026-01-31, 20260131, an ISO time, or 7d / 12h / 2w ago',
  },
  until: {
    cli: 'until',
    mcp: 'until',
    kind: 'text',
    description: 'sessions started on or before (same forms; a bare date means the end of that day, UTC)',
  },
  minScore: {
    cli: 'min-score',
    mcp: 'minScore',
    kind: 'number',
    description: 'only sessions scoring at least N',
  },
  flagged: {
    cli: 'flagged',
    mcp: 'flagged',
    kind: 'flag',
    description: 'only flagged sessions (score at or above the threshold)',
  },
  includeOwn: {
    cli: 'include-own',
    mcp: 'includeOwn',
    kind: 'flag',
    description: "show Retrospect's own analysis runs too",
    mcpNote: ' (claude -p sessions of its claude-cli provider)',
  },
  store: {
    cli: 'store',
    mcp: 'store',
    kind: 'text',
    description: 'the session store: a SQLite file, or a shared postgres://… server (docs/teams.md)',
    default: '$RETROSPECT_STORE, else <data dir>/store.sqlite',
    mcpNote: '; the server opens only a store that exists',
  },
} as const satisfies Record<string, SharedParameter>;
