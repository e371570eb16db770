import { copyFileSync, cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../test-support/cli.js';
import { HOSTS_HOME, hostsHomeCopy } from '../test-support/hosts.js';
import { connectMcp } from '../test-support/mcp-client.js';
import { tempDir } from '../test-support/temp-dir.js';

const DEMO = join(REPO_ROOT, 'examples', 'projects');
const FLAGGED_ID = '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24';

function firstText(result: CallToolResult): string {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

describe('gate_session names a session by id prefix, as `retrospect gate` does', () => {
  let config: string;
  let env: Record<string, string>;
  let client: Client;

  beforeAll(async () => {
    config = tempDir('retrospect-mcp-prefix-');
    cpSync(DEMO, join(config, 'projects'), { recursive: true });
    // A second session whose id shares the first four characters, so '1f7a' is ambiguous.
    const shop = join(config, 'projects', '-home-ada-code-shop');
    copyFileSync(join(shop, `${FLAGGED_ID}.jsonl`), join(shop, '1f7a0000-0000-4000-8000-000000000000.jsonl'));
    env = { ...(process.env as Record<string, string>), NO_COLOR: '1', CLAUDE_CONFIG_DIR: config };
    client = await connectMcp(config, env);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    rmSync(config, { recursive: true, force: true });
  });

  const call = (path: string) =>
    client.callTool({ name: 'gate_session', arguments: { path } }) as Promise<CallToolResult>;

  it('answers a unique prefix with the verdict the CLI prints for the same prefix', async () => {
    const cli = await runCli(['gate', '1f7a9c3e'], { env, cwd: config });
    const result = await call('1f7a9c3e');
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe(cli.stdout.trimEnd());
    const byPath = await runCli(
      ['gate', join(config, 'projects', '-home-ada-code-shop', `${FLAGGED_ID}.jsonl`)],
      {
        env,
      },
    );
    expect(firstText(result)).toBe(byPath.stdout.trimEnd());
  });

  it('lists the candidates of an ambiguous prefix, and says where it looked for an unknown one', async () => {
    const ambiguous = await call('1f7a');
    expect(ambiguous.isError).toBe(true);
    expect(firstText(ambiguous)).toContain("session prefix '1f7a' is ambiguous: 2 sessions match");
    expect(firstText(ambiguous)).toContain('1f7a0000-0000-4000-8000-000000000000 (-home-ada-code-shop)');

    const unknown = await call('abcdef12');
    expect(unknown.isError).toBe(true);
    expect(firstText(unknown)).toContain(
      `no session id starts with 'abcdef12' (looked under ${config}/projects, `,
    );
  });
});

describe("gate_session reads another agent's session file by its format", () => {
  const rollout = join(
    HOSTS_HOME,
    '.codex',
    'sessions',
    '2026',
    '08',
    '06',
    'rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
  );
  let client: Client;
  let env: Record<string, string>;

  beforeAll(async () => {
    const config = tempDir('retrospect-mcp-codex-');
    env = { ...(process.env as Record<string, string>), NO_COLOR: '1', CLAUDE_CONFIG_DIR: config };
    client = await connectMcp(config, env);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
  });

  it('gates a Codex rollout as Codex, citing its own call ids, as `retrospect gate` does', async () => {
    const result = (await client.callTool({
      name: 'gate_session',
      arguments: { path: rollout, profile: 'calibrated' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const verdict = JSON.parse(firstText(result));
    // The integration run interrupted by hand and run again: a Codex exit code, not a Claude Code record.
    expect(verdict.score).toBeGreaterThan(0);
    expect(
      verdict.signals.flatMap((s: { ids: string[] }) => s.ids).every((id: string) => id.startsWith('call_')),
    ).toBe(true);
    const cli = await runCli(['gate', rollout, '--profile', 'calibrated'], { env });
    expect(firstText(result)).toBe(cli.stdout.trimEnd());
  });

  it("gates another agent's session by the short id scan prints, as `retrospect gate` does", async () => {
    const { home, opencode } = hostsHomeCopy();
    const homeEnv = {
      ...env,
      HOME: home,
      CODEX_HOME: '',
      GEMINI_CLI_HOME: '',
      XDG_DATA_HOME: '',
      COPILOT_HOME: '',
    };
    const server = await connectMcp(home, homeEnv);
    try {
      for (const id of ['019fd608', '2cbc6e5f', '8baa78ec', opencode.main.slice(0, 10)]) {
        const result = (await server.callTool({
          name: 'gate_session',
          arguments: { path: id, profile: 'calibrated' },
        })) as CallToolResult;
        expect(result.isError, firstText(result)).toBeFalsy();
        const cli = await runCli(['gate', id, '--profile', 'calibrated'], { env: homeEnv, cwd: home });
        expect(firstText(result), id).toBe(cli.stdout.trimEnd());
        expect(JSON.parse(firstText(result)).error).toBeUndefined();
      }
    } finally {
      await server.close();
    }
  });

  it('gates an OpenCode session, a row named <database>/<session id>, as `retrospect gate` does', async () => {
    const { home, opencode } = hostsHomeCopy();
    const row = join(home, '.local', 'share', 'opencode', 'opencode.db', opencode.main);
    const result = (await client.callTool({
      name: 'gate_session',
      arguments: { path: row, profile: 'calibrated' },
    })) as CallToolResult;
    expect(result.isError, firstText(result)).toBeFalsy();
    const cli = await runCli(['gate', row, '--profile', 'calibrated'], { env });
    expect(cli.code).toBe(0);
    expect(firstText(result)).toBe(cli.stdout.trimEnd());
    expect(JSON.parse(firstText(result)).score).toBeGreaterThan(0);
  });
});
