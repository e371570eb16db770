import { format } from 'node:util';
import { UsageError } from '../../errors/errors.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';

const USAGE = 'retrospect mcp';

const HELP = `usage: ${USAGE}

Serves Retrospect's read-only tools (gate_session, scan_sessions, ledger_show, sprint_report, walk_plan,
walk) to an MCP client over stdio. Register it with Claude Code:

  claude mcp add retrospect -- retrospect mcp

Stdout carries only the protocol; diagnostics go to stderr. See docs/mcp.md.`;

/** `retrospect mcp`: the MCP server on stdio, until the client closes stdin. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { help: { type: 'boolean', short: 'h' } }, USAGE);
  if (values.help) {
    println(io.stdout, HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`mcp takes no arguments\nusage: ${USAGE}`);
  // A stray console.log anywhere below would corrupt the protocol stream: send the console to stderr.
  const toStderr = (...items: unknown[]) => println(io.stderr, format(...items));
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const { serveStdio } = await import('../../mcp/server.js');
  await serveStdio(io);
  return 0;
}
