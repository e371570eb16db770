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
