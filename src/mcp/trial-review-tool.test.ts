import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../test-support/cli.js';
import { trialProject } from '../test-support/trial-project.js';

// trial_review over the real protocol (the built CLI's `mcp`, stdio, the SDK's client), held against
// `retrospect trial review --json` on the same generated project: one use case, the same rows.

describe('trial_review (the built CLI over stdio)', () => {
  it('gives the rows trial review --json prints, and refuses bad input in its own words', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: p.root,
      env: p.env as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'retrospect-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const call = async (args: Record<string, unknown>) => {
        const result = (await client.callTool({ name: 'trial_review', arguments: args })) as CallToolResult;
        const [text] = result.content.map((block) => (block.type === 'text' ? block.text : ''));
        return { text: text ?? '', error: result.isError === true };
      };
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('trial_review');

      const viaMcp = await call({ today: '2026-07-20', confidence: 0.9 });
      expect(viaMcp.error, viaMcp.text).toBe(false);
      const cli = await runCli(
        ['trial', 'review', '--json', '--today', '2026-07-20', '--confidence', '0.9'],
        {
          cwd: p.root,
          env: p.env,
        },
      );
      expect(cli.code, cli.stderr).toBe(0);
      const rows = JSON.parse(viaMcp.text);
      expect(rows).toEqual(JSON.parse(cli.stdout));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        decision: 'KEEP',
        baseline: { sessions: 12 },
        during: { sessions: 12 },
      });

      const seed = await call({ today: '2026-07-20', rule: 'seed', mroot: p.root });
      const seedCli = await runCli(['trial', 'review', '--json', '--rule', 'seed', '--today', '2026-07-20'], {
        cwd: p.root,
        env: p.env,
      });
      expect(JSON.parse(seed.text)).toEqual(JSON.parse(seedCli.stdout));

      expect(await call({ today: '20 July' })).toEqual({
        text: expect.stringContaining('today: expected YYYY-MM-DD'),
        error: true,
      });
      expect(await call({ mroot: 'no/such/folder' })).toEqual({
        text: 'trial_review: mroot: no such folder: no/such/folder',
        error: true,
      });
      expect((await call({ capWindows: 0 })).text).toContain('capWindows: expected a whole number above 0');
    } finally {
      await client.close();
    }
  }, 120_000);
});
