import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { openStore } from '../store/open.js';
import { BIN, REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { TranscriptBuilder } from '../test-support/transcript.js';
import { createTestRepo } from '../walk/test-support/repo.js';

const CART =
  'export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price * item.qty, 0);\n';

describe('scan_sessions survival (the built CLI over stdio)', () => {
  it("adds each record's survival when asked, as scan --survival --json does", async () => {
    const repo = createTestRepo();
    const root = tempDir('retrospect-mcp-survival-');
    const folder = join(root, 'projects', '-tmp-shop');
    mkdirSync(folder, { recursive: true });
    const t = new TranscriptBuilder('aaaaaaaa-0000-4000-8000-000000000001', repo.dir);
    t.user('Add a cart total');
    t.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
    t.result('File created successfully');
    writeFileSync(join(folder, `${t.sessionId}.jsonl`), t.text());
    repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
    const cart = repo.commit('Cart total', { 'src/cart.ts': CART }, '2026-10-01T09:01:00Z');
    repo.commit('Drop it', { 'src/cart.ts': null }, '2026-10-20T09:00:00Z');
    const store = join(root, 'store.sqlite');
    openStore(store).close();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: REPO_ROOT,
      env: {
        ...(process.env as Record<string, string>),
        HOME: root,
        RETROSPECT_DATA_DIR: join(root, 'data'),
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'retrospect-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const call = async (args: Record<string, unknown>) => {
        const result = (await client.callTool({ name: 'scan_sessions', arguments: args })) as CallToolResult;
        return result.content.map((block) => (block.type === 'text' ? block.text : ''));
      };
      const base = { dirs: [join(root, 'projects')], store };
      const [records] = await call({ ...base, survival: { days: 2 } });
      expect(JSON.parse(records ?? '').survival).toEqual({ added: 2, alive: 2, at: cart, days: 2 });
      const [plain] = await call(base);
      expect(JSON.parse(plain ?? '')).not.toHaveProperty('survival');
      const [refused] = await call({ ...base, survival: { days: 0 } });
      expect(refused).toContain('survival.days: expected 1 or more');
    } finally {
      await client.close();
    }
  }, 60_000);
});
