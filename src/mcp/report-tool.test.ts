import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';

// friction_report over the real protocol (the built CLI's `mcp`, stdio, the SDK's client), held against the
// data `retrospect report` embeds in its page: one use case, the same model (its time stamp aside).

/** The data a report page embeds, without what the page adds for its charts. */
function pageModel(path: string) {
  const html = readFileSync(path, 'utf8');
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
  const { signalNames, signalLabels, signalColours, generatedAt, ...model } = JSON.parse(json ?? 'null');
  return model;
}

describe('friction_report (the built CLI over stdio)', () => {
  it('returns the model the report page shows, from the demo and from a scanned store', async () => {
    const dir = tempDir('retrospect-mcp-report-');
    // The test's environment as the CLI runs get it (runCli), so that both gate the demo alike.
    const env = {
      ...(process.env as Record<string, string>),
      NO_COLOR: '1',
      HOME: dir,
      RETROSPECT_DATA_DIR: join(dir, 'data'),
      CLAUDE_CONFIG_DIR: join(dir, '.claude'),
      XDG_DATA_HOME: '',
      RETRO_THRESHOLD: '',
    };
    const projects = join(dir, 'projects');
    cpSync(join(REPO_ROOT, 'examples', 'projects'), projects, { recursive: true });
    const store = join(dir, 'store.sqlite');
    expect((await runCli(['scan', projects, '--store', store, '--json'], { env, cwd: dir })).code).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: dir,
      env,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'retrospect-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const call = async (args: Record<string, unknown>) => {
        const result = (await client.callTool({
          name: 'friction_report',
          arguments: args,
        })) as CallToolResult;
        const [text] = result.content.map((block) => (block.type === 'text' ? block.text : ''));
        return { text: text ?? '', error: result.isError === true };
      };
      const model = (text: string) => {
        const { generatedAt, ...rest } = JSON.parse(text);
        expect(generatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        return rest;
      };

      const demo = await call({ demo: true });
      expect(demo.error, demo.text).toBe(false);
      const demoPage = join(dir, 'demo.html');
      expect((await runCli(['report', '--demo', '--out', demoPage], { env, cwd: dir })).code).toBe(0);
      expect(model(demo.text)).toEqual(pageModel(demoPage));
      expect(model(demo.text).summary).toMatchObject({ sessions: 7, flagged: 3 });

      const filtered = await call({ store, project: 'shop', since: '2026-10-01' });
      expect(filtered.error, filtered.text).toBe(false);
      const page = join(dir, 'shop.html');
      const cli = await runCli(
        ['report', '--store', store, '--project', 'shop', '--since', '2026-10-01', '--out', page],
        {
          env,
          cwd: dir,
        },
      );
      expect(cli.code, cli.stderr).toBe(0);
      expect(model(filtered.text)).toEqual(pageModel(page));
      expect(model(filtered.text).summary.sessions).toBeLessThan(7);

      expect(await call({ since: 'last week', store })).toEqual({
        text: "friction_report: since: expected a date such as 2026-10-01 or an ISO time, got 'last week'",
        error: true,
      });
      expect((await call({})).text).toContain('friction_report: store: no session store at');
      expect((await call({ store: 'missing.sqlite' })).text).toContain(
        'store: missing.sqlite does not exist',
      );
      expect((await call({ demo: true, store })).text).toContain('demo and store cannot be combined');
    } finally {
      await client.close();
    }
  }, 120_000);
});
