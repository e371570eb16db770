import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { hostsHomeCopy } from '../../test-support/hosts.js';

/** A person's own home: every agent's default place is in it, none moved by a variable. */
function homeEnv(home: string): NodeJS.ProcessEnv {
  return {
    HOME: home,
    RETROSPECT_DATA_DIR: join(home, '.retrospect'),
    CLAUDE_CONFIG_DIR: '',
    CODEX_HOME: '',
    GEMINI_CLI_HOME: '',
    XDG_DATA_HOME: '',
    OPENCODE_DB: '',
    COPILOT_HOME: '',
  };
}

type Row = {
  host: string;
  path: string;
  sessionId: string;
  project: string;
  turns: { human: number; assistant: number; tool_errors: number };
};

const parse = (stdout: string): Row[] =>
  stdout
    .trim()
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Row);

describe('retrospect scan across agents', () => {
  it('finds every session of every agent in a home, names its host and counts its turns and failed commands', async () => {
    const { home, opencode } = hostsHomeCopy();
    const run = await runCli(['scan', '--json'], { env: homeEnv(home), cwd: home });
    expect(run.code).toBe(0);
    const rows = parse(run.stdout);
    const bySession = new Map(
      rows.map((r) => [r.sessionId, [r.host, r.turns.human, r.turns.assistant, r.turns.tool_errors]]),
    );
    expect(Object.fromEntries(bySession)).toEqual({
      'c0ffee00-1111-4222-8333-444455556666': ['codex', 1, 1, 0],
      '01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6': ['codex', 2, 2, 2],
      '019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff': ['codex', 1, 2, 2],
      '019b40aa-0000-7111-8222-333344445555': ['codex', 1, 1, 0],
      '019fd608-aaaa-7bbb-8ccc-123456789abc': ['codex', 2, 2, 2],
      '019fd609-bbbb-7ccc-8ddd-eeeeffff0001': ['codex', 0, 1, 0],
      '1e2d3c4b-5a69-4788-9766-554433221100': ['codex', 1, 1, 1],
      '019dd7f8-1111-7222-8333-944455556666': ['codex', 1, 1, 1],
      '7b1f4f6b-1111-4000-8000-000000000001': ['gemini', 2, 4, 1],
      k3x9q2: ['gemini', 0, 1, 0],
      '9ed495f4-2222-4000-8000-000000000002': ['gemini', 2, 2, 0],
      '2cbc6e5f-eb6a-4869-9d0f-a07806539ff7': ['gemini', 2, 3, 2],
      [opencode.main]: ['opencode', 3, 5, 3],
      [opencode.child]: ['opencode', 0, 1, 1],
      ses_5f1a2b3c4ffeLegacyA1b2c3: ['opencode', 1, 1, 1],
      '8baa78ec-b203-4c7f-b1d3-c1170ae84b7d': ['copilot', 2, 5, 3],
      '27d7ef99-f7c7-43eb-8599-cb469623c8f7': ['copilot', 1, 2, 0],
      '683e6d77-d4bd-4078-a6f0-3a002e91164a': ['copilot', 1, 3, 2],
    });
    expect(rows.some((r) => r.host === 'claude-code')).toBe(false);
    // The project key is the folder each session ran in, spelled as Claude Code spells it.
    expect(rows.find((r) => r.sessionId === opencode.main)?.project).toBe('-home-ada-site');
    expect(rows.find((r) => r.sessionId === '019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff')?.project).toBe(
      '-home-ada-shop',
    );
    expect(run.stderr).not.toMatch(/schema drift/);
  });

  it('--host keeps one agent, the table names it, and a rescan reads nothing again', async () => {
    const { home } = hostsHomeCopy();
    const env = homeEnv(home);
    const json = await runCli(['scan', '--json', '--host', 'gemini,opencode'], { env, cwd: home });
    expect([...new Set(parse(json.stdout).map((r) => r.host))].sort()).toEqual(['gemini', 'opencode']);
    expect(json.stderr).not.toMatch(/Claude Code deletes transcripts/);
    await runCli(['scan', '--json'], { env, cwd: home });
    const table = await runCli(['scan', '--host', 'codex'], { env, cwd: home });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/01997a10 \(codex\)/);
    expect(table.stdout).toMatch(/019fd608 > 019fd609-bbbb- \(codex\)/);
    expect(table.stdout).not.toMatch(/\(gemini\)/);
    expect(table.stdout).toMatch(/read 0 files.*, 8 unchanged/);
    const bad = await runCli(['scan', '--host', 'cursor'], { env, cwd: home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--host takes claude-code, codex, gemini, opencode, copilot \(got 'cursor'\)/);
  });

  it('reports a file in a format no reader knows once, and reads none of the others as Claude Code', async () => {
    const { home } = hostsHomeCopy();
    const run = await runCli(['scan', '--json', home], { env: homeEnv(home), cwd: home });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('skipped 1 file in a format no reader knows:');
    expect(run.stderr).toContain(join('.codex', 'sessions', 'notes.jsonl'));
    const rows = parse(run.stdout);
    expect(rows).toHaveLength(18);
    expect(rows.some((r) => r.host === 'claude-code')).toBe(false);
  });

  it('scans one OpenCode session named by its database row, as a file is named', async () => {
    const { home, opencode } = hostsHomeCopy();
    const row = join(home, '.local', 'share', 'opencode', 'opencode.db', opencode.main);
    const run = await runCli(['scan', '--json', row], { env: homeEnv(home), cwd: home });
    expect(run.code).toBe(0);
    expect(parse(run.stdout).map((r) => [r.host, r.sessionId, r.path])).toEqual([
      ['opencode', opencode.main, row],
    ]);
  });

  it('report shows friction per agent, and --host keeps one', async () => {
    const { home } = hostsHomeCopy();
    const env = homeEnv(home);
    expect((await runCli(['scan', '--json'], { env, cwd: home })).code).toBe(0);
    const out = join(home, 'report.html');
    const run = await runCli(['report', '--out', out], { env, cwd: home });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const data = reportData(readFileSync(out, 'utf8'));
    const rows = Object.fromEntries(
      data.hosts.map((h: HostRow) => [h.label, [h.sessions, h.humanTurns, h.toolErrors]]),
    );
    // Sub-agent transcripts (a Codex fork, a Gemini and an OpenCode child) are not main sessions.
    expect(rows).toEqual({
      Codex: [7, 9, 8],
      'Gemini CLI': [3, 6, 3],
      OpenCode: [2, 4, 5],
      'Copilot CLI': [3, 4, 5],
    });
    const codexOnly = join(home, 'codex.html');
    await runCli(['report', '--out', codexOnly, '--host', 'codex'], { env, cwd: home });
    const html = readFileSync(codexOnly, 'utf8');
    expect(reportData(html).hosts.map((h: HostRow) => h.host)).toEqual(['codex']);
    expect(html).toContain('agents codex');
    expect(html).toContain('<section id="hosts">');
  });
});

type HostRow = { host: string; label: string; sessions: number; humanTurns: number; toolErrors: number };

function reportData(html: string) {
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}
