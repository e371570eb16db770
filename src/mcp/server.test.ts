import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open.js';
import { BIN, REPO_ROOT, runCli } from '../test-support/cli.js';
import { hostsHomeCopy } from '../test-support/hosts.js';
import { writeSessionFile } from '../test-support/session-files.js';
import { tempDir } from '../test-support/temp-dir.js';
import { ownRunMarker } from '../transcript/own-run.js';
import { createTestRepo, type TestRepo } from '../walk/test-support/repo.js';

const DEMO = join(REPO_ROOT, 'examples', 'projects');
const FLAGGED_SESSION = join(DEMO, '-home-ada-code-shop', '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24.jsonl');

function texts(result: unknown): string[] {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : ''));
}

/** A session store made beforehand, as `retrospect scan --store` makes one: the server opens only existing ones. */
function existingStore(name: string): string {
  const path = join(tempDir('retrospect-mcp-store-'), name);
  openStore(path).close();
  return path;
}

describe('retrospect mcp (the built CLI, over stdio with the SDK client)', () => {
  let scratch: string;
  let env: Record<string, string>;
  let client: Client;
  let stderr = '';
  const clientErrors: Error[] = [];

  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    scratch = tempDir('retrospect-mcp-');
    const ledger = join(scratch, 'friction.jsonl');
    writeFileSync(
      ledger,
      [
        { ts: '2026-11-02T09:00:00Z', session_id: 's-1', event: 'edit-failure', tool: 'Edit', path: 'a.ts' },
        { ts: '2026-11-02T09:01:00Z', session_id: 's-2', event: 'edit-failure', tool: 'Write', path: 'b.ts' },
        { ts: '2026-11-02T09:02:00Z', session_id: 's-1', event: 'edit-failure', tool: 'Edit', path: 'a.ts' },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n')
        .concat('\n'),
    );
    env = {
      ...(process.env as Record<string, string>),
      NO_COLOR: '1',
      FRICTION_LEDGER: ledger,
      RETROSPECT_DATA_DIR: join(scratch, 'data'),
      RETROSPECT_NOW: '2026-11-20T12:00:00Z',
    };
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: REPO_ROOT,
      env,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    client = new Client({ name: 'retrospect-test', version: '0.0.0' });
    client.onerror = (error) => clientErrors.push(error);
    await client.connect(transport);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('lists the read-only tools, each with an input schema', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual([
      'deep_read_answer',
      'deep_read_prompt',
      'friction_report',
      'gate_session',
      'ledger_show',
      'scan_sessions',
      'second_look_answer',
      'second_look_prompt',
      'sprint_report',
      'trial_review',
      'walk',
      'walk_plan',
    ]);
    const gate = tools.find((t) => t.name === 'gate_session');
    expect(gate?.inputSchema.required).toEqual(['path']);
    expect(Object.keys(gate?.inputSchema.properties ?? {})).toEqual(['path', 'threshold', 'profile']);
    expect(stderr).toContain('serving on stdio');
  });

  it('gate_session answers with the verdict JSON that `retrospect gate` prints', async () => {
    for (const threshold of [undefined, 12]) {
      const cli = await runCli(['gate', FLAGGED_SESSION, ...(threshold ? ['--threshold', '12'] : [])], {
        env,
      });
      const result = await call('gate_session', {
        path: FLAGGED_SESSION,
        ...(threshold ? { threshold } : {}),
      });
      expect(result.isError).toBeFalsy();
      expect(texts(result)[0]).toBe(cli.stdout.trimEnd());
      expect(JSON.parse(texts(result)[0] ?? '').passed).toBe(threshold === undefined);
    }
  });

  it('scan_sessions returns the `scan --json` records of the demo data, and keeps them in the given store', async () => {
    const store = existingStore('mcp-store.sqlite');
    const cli = await runCli(['scan', DEMO, '--json', '--store', join(scratch, 'cli-store.sqlite')], { env });
    const result = await call('scan_sessions', { dirs: [DEMO], store });
    expect(result.isError).toBeFalsy();
    const [records, summary] = texts(result);
    expect(records).toBe(cli.stdout.trimEnd());
    expect(records?.split('\n')).toHaveLength(9);
    expect(summary).toMatch(/^9 of 9 sessions matched, 3 flagged \(threshold 5\); read 9, unchanged 0/);

    const again = await call('scan_sessions', { dirs: [DEMO], store, flagged: true, project: 'shop' });
    const flagged =
      texts(again)[0]
        ?.split('\n')
        .map((line) => JSON.parse(line)) ?? [];
    expect(flagged.map((r) => [r.project, r.score])).toEqual([
      ['-home-ada-code-shop', 10],
      ['-home-ada-code-shop', 6.5],
    ]);
    expect(texts(again)[1]).toContain('read 0, unchanged 9');
  });

  it("scan_sessions reads other agents' sessions, keeps the chosen hosts, and takes a database row", async () => {
    const { home, opencode } = hostsHomeCopy();
    const store = existingStore('hosts-store.sqlite');
    const result = await call('scan_sessions', { dirs: [home], store, hosts: ['gemini', 'opencode'] });
    expect(result.isError).toBeFalsy();
    const rows = (texts(result)[0] ?? '').split('\n').map((line) => JSON.parse(line));
    expect([...new Set(rows.map((r) => r.host))].sort()).toEqual(['gemini', 'opencode']);
    expect(rows.every((r) => typeof r.turns?.human === 'number')).toBe(true);
    const row = join(home, '.local', 'share', 'opencode', 'opencode.db', opencode.main);
    const one = await call('scan_sessions', { dirs: [row], store });
    expect((texts(one)[0] ?? '').split('\n').map((line) => JSON.parse(line).sessionId)).toEqual([
      opencode.main,
    ]);
    const bad = await call('scan_sessions', { dirs: [home], hosts: ['cursor'] });
    expect(bad.isError).toBe(true);
    expect(texts(bad).join(' ')).toContain(
      'hosts: expected some of claude-code, codex, gemini, opencode, copilot',
    );
  });

  it("scan_sessions leaves Retrospect's own analysis runs out unless includeOwn", async () => {
    const dirs = [join(scratch, 'own-projects')];
    cpSync(DEMO, dirs[0]!, { recursive: true });
    const own = writeSessionFile(join(dirs[0]!, '-home-ada-notes'), {
      firstPrompt: `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`,
    });
    const store = existingStore('mcp-own-store.sqlite');
    const hidden = texts(await call('scan_sessions', { dirs, store }));
    expect(hidden[0]).not.toContain(own.sessionId);
    expect(hidden[1]).toContain("1 of Retrospect's own analysis runs left out (includeOwn shows them)");
    const shown = texts(await call('scan_sessions', { dirs, store, includeOwn: true }));
    const records = shown[0]?.split('\n').map((line) => JSON.parse(line)) ?? [];
    expect(records.filter((r) => r.ownRun).map((r) => r.sessionId)).toEqual([own.sessionId]);
  });

  it('ledger_show returns what `ledger show --json` prints', async () => {
    const cli = await runCli(['ledger', 'show', '--json', '--session', 's-1'], { env });
    const result = await call('ledger_show', { session: 's-1' });
    expect(texts(result)[0]).toBe(cli.stdout.trimEnd());
    expect(JSON.parse(texts(result)[0] ?? '').sessions).toEqual([
      { session_id: 's-1', count: 2, first_ts: '2026-11-02T09:00:00Z', last_ts: '2026-11-02T09:02:00Z' },
    ]);
  });

  it('sprint_report returns what `sprint report --json` prints, and walk_plan what `walk --plan` prints', async () => {
    const report = await runCli(['sprint', 'report', '--demo', '--json'], { env });
    expect(report.code).toBe(0);
    expect(texts(await call('sprint_report', { demo: true }))[0]).toBe(report.stdout.trimEnd());
    const plan = await runCli(['walk', '--plan'], { env });
    expect(texts(await call('walk_plan'))[0]).toBe(plan.stdout);
  });

  describe('walk', () => {
    let repo: TestRepo;
    beforeAll(() => {
      repo = createTestRepo();
      repo.commit('Add the invoice total', {
        'src/total.ts': 'export const total = (a: number[]) => a.length;\n',
      });
      repo.commit('Sum the amounts, not count them', {
        'src/total.ts': 'export const total = (a: number[]) => a.reduce((s, x) => s + x, 0);\n',
      });
    });
    afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));

    it('walks a commit range in summary-only mode and leaves the repository as it was', async () => {
      const before = repo.git('status', '--porcelain=v2', '--untracked-files=all');
      const sessions = mkdtempSync(join(scratch, 'sessions-'));
      const result = await call('walk', {
        target: 'HEAD~1..HEAD',
        repo: repo.dir,
        sessions: [sessions],
        format: 'json',
      });
      expect(result.isError).toBeFalsy();
      const document = JSON.parse(texts(result)[0] ?? '');
      expect(document.mode).toBe('agent-driven');
      expect(document.scope).toBe('commit-range');
      expect(document.comments).toEqual([]);
      expect(document.provenance_context.commits.map((c: { subject: string }) => c.subject)).toEqual([
        'Sum the amounts, not count them',
      ]);
      const markdown = texts(
        await call('walk', { target: 'HEAD~1..HEAD', repo: repo.dir, sessions: [sessions] }),
      );
      expect(markdown[0]).toContain('src/total.ts');
      expect(repo.git('status', '--porcelain=v2', '--untracked-files=all')).toBe(before);
    });

    it("records the calling agent's comments, placed and checked as a person's, and refuses a line out of range", async () => {
      const sessions = mkdtempSync(join(scratch, 'sessions-'));
      const walk = (comments: unknown[], extra: Record<string, unknown> = {}) =>
        call('walk', {
          target: 'HEAD~1..HEAD',
          repo: repo.dir,
          sessions: [sessions],
          format: 'json',
          comments,
          ...extra,
        });
      const result = await walk(
        [
          {
            file: 'src/total.ts',
            line_start: 1,
            type: 'concern',
            text: 'an empty list sums to 0; intended?',
          },
          { unit: 'cu_001', type: 'approval', text: 'looks right' },
        ],
        { author: 'claude-opus' },
      );
      expect(result.isError).toBeFalsy();
      const document = JSON.parse(texts(result)[0] ?? '');
      expect(document.mode).toBe('agent-driven');
      expect(
        document.comments.map((c: { type: string; location?: unknown; author: unknown }) => [
          c.type,
          c.location,
          c.author,
        ]),
      ).toEqual([
        [
          'concern',
          { file: 'src/total.ts', line_start: 1, line_end: 1, hunk_range: '@@ -1 +1 @@' },
          { author_type: 'model', identifier: 'claude-opus' },
        ],
        ['note', undefined, { author_type: 'model', identifier: 'claude-opus' }],
      ]);
      expect(document.change_units[0].comments).toHaveLength(2);
      const outOfRange = await walk([{ file: 'src/total.ts', line_start: 5, type: 'note', text: 'x' }]);
      expect(outOfRange.isError).toBe(true);
      expect(texts(outOfRange)[0]).toContain(
        'comment 1: src/total.ts has 1 line in this change; line 5 is out of range',
      );
      const human = await walk([
        { unit: 'cu_001', type: 'note', text: 'x', author: { author_type: 'human', identifier: 'me' } },
      ]);
      expect(human.isError).toBe(true);
      const summary = await walk([], { mode: 'summary-only' });
      expect(JSON.parse(texts(summary)[0] ?? '').mode).toBe('summary-only');
    });
  });

  it('answers bad input with an error result that says what was expected, and keeps serving', async () => {
    const missing = await call('gate_session', { path: join(scratch, 'nope.jsonl') });
    expect(missing.isError).toBe(true);
    expect(texts(missing)[0]).toContain('gate_session: path: no such file');

    const folder = await call('gate_session', { path: DEMO });
    expect(texts(folder)[0]).toContain('path: expected a file, got the folder');

    const wrongType = await call('gate_session', { path: FLAGGED_SESSION, threshold: 'high' });
    expect(wrongType.isError).toBe(true);
    expect(texts(wrongType)[0]).toContain('threshold: expected a number such as 7.5');

    const noPath = await call('gate_session', {});
    expect(texts(noPath)[0]).toContain('path: expected the path of a session file');

    const badDate = await call('scan_sessions', {
      dirs: [DEMO],
      since: 'last week',
      store: join(scratch, 's.sqlite'),
    });
    expect(texts(badDate)[0]).toContain(
      "since: expected a date such as 2026-10-01 or an ISO time, got 'last week'",
    );

    const nowhere = join(scratch, 'new-store.sqlite');
    const created = await call('scan_sessions', { dirs: [DEMO], store: nowhere });
    expect(created.isError).toBe(true);
    expect(texts(created)[0]).toContain(
      `store: ${nowhere} does not exist; the MCP server only opens an existing session store`,
    );
    expect(existsSync(nowhere)).toBe(false);

    const notAStore = join(scratch, 'notes.txt');
    writeFileSync(notAStore, 'keep me\n');
    const refused = await call('scan_sessions', { dirs: [DEMO], store: notAStore });
    expect(texts(refused)[0]).toContain('is not a Retrospect session store');
    expect(readFileSync(notAStore, 'utf8')).toBe('keep me\n');

    const stdinDiff = await call('walk', { target: '-' });
    expect(texts(stdinDiff)[0]).toContain('give the diff file path');

    const unknown = await call('retro_apply', {});
    expect(texts(unknown)[0]).toContain('Tool retro_apply not found');

    const stillServing = await call('gate_session', { path: FLAGGED_SESSION });
    expect(stillServing.isError).toBeFalsy();
    expect(clientErrors).toEqual([]);
  });
});

describe('retrospect mcp stdout', () => {
  it('carries nothing but JSON-RPC messages, and the server exits when stdin closes', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (b: Buffer) => {
        out.push(b);
        if (Buffer.concat(out).toString('utf8').split('\n').length > 4) resolve();
      });
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ method: 'notifications/initialized' });
    send({
      id: 2,
      method: 'tools/call',
      params: { name: 'gate_session', arguments: { path: FLAGGED_SESSION } },
    });
    send({ id: 3, method: 'tools/call', params: { name: 'gate_session', arguments: { path: 42 } } });
    send({ id: 4, method: 'tools/call', params: { name: 'walk_plan', arguments: {} } });
    await answered;
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const lines = Buffer.concat(out)
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '');
    const messages = lines.map((line) => JSON.parse(line));
    expect(messages.every((m) => m.jsonrpc === '2.0')).toBe(true);
    const byId = new Map(messages.map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(byId.get(2).result.isError).toBeFalsy();
    expect(byId.get(3).result.isError).toBe(true);
    expect(byId.get(3).result.content[0].text).toContain('path: expected the path of a session file');
    expect(Buffer.concat(err).toString('utf8')).toContain('serving on stdio');
  }, 20_000);
});
