import type { Readable, Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { terminalSafe } from '../safety/terminal.js';
import { VERSION } from '../version.js';
import { registerDeepReadTools } from './deep-read-tools.js';
import { registerGateTool } from './gate-tool.js';
import { registerLedgerTool } from './ledger-tool.js';
import { LineTransport } from './line-transport.js';
import { registerReportTool } from './report-tool.js';
import { registerScanTool } from './scan-tool.js';
import { registerSecondLookTools } from './second-look-tools.js';
import { registerSprintTool } from './sprint-tool.js';
import type { ToolContext } from './tool-kit.js';
import { registerTrialReviewTool } from './trial-review-tool.js';
import { registerWalkTools } from './walk-tools.js';

const INSTRUCTIONS =
  'Retrospect reads coding-agent sessions, sprint files and git history. These tools only read: gate a session, give the deep-read prompt of a session and validate the answer a model gives to it, the same for the second look at a session near the gate threshold, scan sessions for friction, show the friction ledger, report on a sprint, walk a change set. Anything that writes (retro apply, init, sprint write, trial record) is run with the retrospect CLI.';

/** The MCP server with every read-only tool registered; each tool calls the same core as its CLI command. */
function createRetrospectServer(context: ToolContext): McpServer {
  const server = new McpServer({ name: 'retrospect', version: VERSION }, { instructions: INSTRUCTIONS });
  registerGateTool(server, context);
  registerScanTool(server, context);
  registerLedgerTool(server, context);
  registerSprintTool(server, context);
  registerReportTool(server, context);
  registerTrialReviewTool(server, context);
  registerWalkTools(server, context);
  registerDeepReadTools(server, context);
  registerSecondLookTools(server, context);
  return server;
}

/** The streams and environment the server runs with (the CLI passes its own; a test passes pipes). */
export interface StdioIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * Serves the tools over stdio until the client closes stdin: protocol messages on `io.stdout`, every
 * diagnostic on `io.stderr`.
 */
export async function serveStdio(io: StdioIo): Promise<void> {
  const log = (line: string) => io.stderr.write(`${terminalSafe(line)}\n`);
  const server = createRetrospectServer({ env: io.env, cwd: io.cwd, log });
  const transport = new LineTransport(io.stdin, io.stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  server.server.onerror = (error) => log(`retrospect mcp: ${error.message}`);
  // The transport does not watch for the end of stdin; without this the server would outlive its client.
  io.stdin.once('end', () => void server.close());
  await server.connect(transport);
  log(`retrospect mcp ${VERSION}: serving on stdio`);
  await closed;
}
