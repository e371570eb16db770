import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, runCli } from '../test-support/cli.js';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../test-support/postgres.js';
import { tempDir } from '../test-support/temp-dir.js';

const DEMO = join(REPO_ROOT, 'examples', 'projects');
const skip = postgresSkipReason();
if (skip) console.warn(skip);

const texts = (result: CallToolResult) => result.content.map((b) => (b.type === 'text' ? b.text : ''));

describe.skipIf(skip !== undefined)('the MCP server on a shared PostgreSQL store', () => {
  let server: TestPostgres;
  let client: Client;
  let scratch: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startPostgres();
    server.createDatabase('mcp');
    scratch = tempDir('retrospect-mcp-pg-');
    env = {
      ...(process.env as Record<string, string>),
      NO_COLOR: '1',
      HOME: REPO_ROOT,
      FRICTION_LEDGER: join(scratch, 'no-ledger.jsonl'),
      RETROSPECT_DATA_DIR: join(scratch, 'data'),
      RETROSPECT_MACHINE: 'ci-box',
    };
    client = new Client({ name: 'retrospect-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp'],
        cwd: REPO_ROOT,
        env,
        stderr: 'pipe',
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('scan_sessions answers as with a store file, and a rescan reads nothing', async () => {
    const store = server.url('mcp');
    const call = () =>
      client.callTool({
        name: 'scan_sessions',
        arguments: { dirs: [DEMO], store },
      }) as Promise<CallToolResult>;
    const first = await call();
    expect(first.isError).toBeFalsy();
    const cli = await runCli(['scan', DEMO, '--json', '--store', join(scratch, 'cli.sqlite')], { env });
    expect(texts(first)[0]).toBe(cli.stdout.trimEnd());
    expect(texts(first)[1]).toMatch(
      /^9 of 9 sessions matched, 3 flagged \(threshold 5\); read 9, unchanged 0/,
    );
    expect(texts(await call())[1]).toContain('read 0, unchanged 9');
  });
});
