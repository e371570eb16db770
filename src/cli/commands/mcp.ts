import { format } from 'node:util';
import { defineCommand, parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';

export const SPEC = defineCommand({
  path: 'mcp',
  summary: 'Serve the read-only tools to an MCP client (Claude Code) over stdio',
  details:
    'Tools: gate_session, scan_sessions, ledger_show, sprint_report, trial_review, friction_report, walk_plan, walk. Stdout carries only the\nprotocol; diagnostics go to stderr. See docs/mcp.md.',
  options: {},
  examples: [['claude mcp add retrospect -- retrospect mcp', 'register the server with Claude Code']],
  exitStatus: '0 when the client closes stdin, 2 usage error',
});

/** `retrospect mcp`: the MCP server on stdio, until the client closes stdin. */
export async function run(args: string[], io: CliIo): Promise<number> {
  parseCommandArgs(args, SPEC);
  // A stray console.log anywhere below would corrupt the protocol stream: send the console to stderr.
  const toStderr = (...items: unknown[]) => println(io.stderr, format(...items));
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const { serveStdio } = await import('../../mcp/server.js');
  await serveStdio(io);
  return 0;
}
