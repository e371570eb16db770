import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN } from './cli.js';

/** The built server over stdio, run in `cwd` with `env`, as an MCP client starts it. */
export async function connectMcp(cwd: string, env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'retrospect-test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd, env, stderr: 'pipe' }),
  );
  return client;
}

/**
 * The server's environment with no reader to ask: the offline provider named, no agent CLI on PATH, the
 * agent's home and Retrospect's data under `home`, no friction ledger. A tool that asked a model would fail.
 */
export function offlineMcpEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    NO_COLOR: '1',
    CLAUDE_CONFIG_DIR: home,
    RETROSPECT_DATA_DIR: join(home, 'data'),
    RETROSPECT_PROVIDER: 'heuristic',
    PATH: '/usr/bin:/bin',
    FRICTION_LEDGER: '',
    ...extra,
  };
}
