import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../../test-support/cli.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { ownRunMarker } from '../../transcript/own-run.js';

/** The verdicts examples/README.md promises: [project, session label, score, flagged]. */
const EXPECTED = [
  ['-home-ada-code-shop', '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24', null, 10, true],
  ['-home-ada-code-billing-api', '4e6a8c0b-1d3f-4b5c-8a7e-9c1d3e5f7a48', null, 6.5, true],
  ['-home-ada-code-shop', '9b2d4f6a-8c1e-4a3b-9d5f-7e9a1b3c5d36', null, 6.5, true],
  ['-home-ada-notes', '5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74', 'agent-8e0a2c4d', 3, false],
  ['-home-ada-notes', '5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74', null, 3, false],
  ['-home-ada-code-billing-api', '7c9e1a3b-5d7f-4e2a-9b4c-6d8e0f2a4b50', 'agent-3b5d7f9a', 2, false],
  ['-home-ada-code-billing-api', '2a4c6e8f-0b1d-4f3a-8c5e-7f9b1d3e5a62', null, 0, false],
  ['-home-ada-code-billing-api', '7c9e1a3b-5d7f-4e2a-9b4c-6d8e0f2a4b50', null, 0, false],
  ['-home-ada-code-shop', 'c8e2f4a1-5b3d-4e7f-9a10-2b4c6d8e0f12', null, 0, false],
];

function isolatedEnv(): NodeJS.ProcessEnv {
  const home = tempDir('retrospect-scan-cli-');
  return {
    HOME: home,
    RETROSPECT_DATA_DIR: join(home, 'data'),
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    XDG_DATA_HOME: '',
  };
}

describe('retrospect scan', () => {
  it('--demo prints the table and summary without writing a store', async () => {
    const env = isolatedEnv();
    const run = await runCli(['scan', '--demo'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^PROJECT +SESSION +START \(UTC\) +TURNS +SCORE +COST +SIGNALS\n/);
    // TURNS: the turns a person typed (the transcript has 17 lines); COST at API prices, friction's share.
    expect(run.stdout).toMatch(
      /-home-ada-code-shop +1f7a9c3e +2026-10-03 13:40 +3 +10\.0 ! +\$0\.10 \d+% +S1x3 S5x1/,
    );
    expect(run.stdout).toContain('5d7f9b1c > agent-8e0a2c4d');
    expect(run.stdout).toMatch(
      /\nTOTAL: 3 projects +7 sessions \+2 sub-agent +21 +3 ! +\$0\.81 \d+% +S1x4 S2x3 S3x1 S4x5 S5x3\nS1 explicit reject, S2 tool error run, S3 edit loop, S4 assistant retry, S5 terse follow-up, S1x2 = twice, ! flagged, TURNS = turns a person typed, COST = at API prices, and the share friction took \(- no usage recorded, \? not priced\)\n\nsessions: 7/,
    );
    // Not a terminal: no colour codes.
    expect(run.stdout).not.toContain('\u001b[');
    expect(run.stdout).toContain('sessions: 7 (+2 sub-agent transcripts)\nflagged: 3\n');
    expect(run.stdout).toContain('signals: S1 4, S2 3, S3 1, S4 5, S5 3');
    expect(run.stdout).toContain('busiest projects: -home-ada-code-shop (2 flagged of 3)');
    expect(run.stdout).toMatch(
      /\nspend: \$0\.81 at API prices, friction \$0\.\d\d \(\d+%\) \(prices: @pydantic\/genai-prices 0\.1\.8 of 2026-09-23\)\n/,
    );
    expect(run.stderr).toBe('');
    expect(existsSync(env.RETROSPECT_DATA_DIR!)).toBe(false);
  });

  it('--json gives one record per session with the verdicts examples/README.md documents', async () => {
    const run = await runCli(['scan', '--demo', '--json', '--jobs', '2'], { env: isolatedEnv() });
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.map((r) => [r.project, r.sessionId, r.agentId, r.score, r.passed])).toEqual(EXPECTED);
    expect(records[0].verdict).toEqual({
      score: 10,
      passed: true,
      threshold: 5,
      signals: [
        { name: 'S1', count: 3, ids: Array(3).fill('6e9626d6-b530-4179-8eda-d0e48f989f07') },
        { name: 'S5', count: 1, ids: ['a1b35f7e-4417-4dcb-8836-22ae0fea60c9'] },
      ],
    });
    expect(records[3].parentSessionId).toBe('5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74');
  });

  it('--verbose names the store and the SQLite engine this Node opens it with, in one line on stderr', async () => {
    const env = isolatedEnv();
    const store = join(tempDir('retrospect-scan-'), 'store.sqlite');
    const run = await runCli(
      ['scan', '--verbose', '--store', store, join(REPO_ROOT, 'examples', 'projects')],
      {
        env,
      },
    );
    expect(run.code).toBe(0);
    const [line, ...rest] = run.stderr.split('\n');
    expect(line).toMatch(
      new RegExp(
        `^store: ${store.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; SQLite engine: (Node's built-in SQLite \\(node:sqlite\\)|better-sqlite3 \\(|node-sqlite3-wasm \\()`,
      ),
    );
    expect(rest.join('')).not.toContain('SQLite engine');
    const demo = await runCli(['scan', '--demo', '--verbose'], { env });
    expect(demo.stderr).toMatch(/^store: in memory; SQLite engine: /);
  });

  it('filters by project, score, flag and dates', async () => {
    const env = isolatedEnv();
    const ids = async (...args: string[]) =>
      (await runCli(['scan', '--demo', '--json', ...args], { env })).stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).sessionId.slice(0, 8));
    expect(await ids('--flagged')).toEqual(['1f7a9c3e', '4e6a8c0b', '9b2d4f6a']);
    expect(await ids('--project', 'notes')).toEqual(['5d7f9b1c', '5d7f9b1c']);
    // The name the table prints is one project (not every name containing it); a checkout's path names its folder.
    expect(await ids('--project', '-home-ada-code-shop')).toEqual(['1f7a9c3e', '9b2d4f6a', 'c8e2f4a1']);
    expect(await ids('--project', '-home-ada-code')).toEqual([]);
    expect(await ids('--project', '/home/ada/code/shop')).toEqual(['1f7a9c3e', '9b2d4f6a', 'c8e2f4a1']);
    expect(await ids('--since', '20261009', '--until', '20261009')).toEqual(['2a4c6e8f']);
    expect(await ids('--min-score', '6.5', '--until', '2026-10-06')).toEqual(['1f7a9c3e', '9b2d4f6a']);
    expect(await ids('--since', '2026-10-09', '--until', '2026-10-09T23:00:00Z')).toEqual(['2a4c6e8f']);
    const jobs = await runCli(['scan', '--demo', '--jobs', '0'], { env });
    expect([jobs.code, jobs.stderr]).toEqual([
      2,
      "retrospect scan: --jobs takes a whole number of at least 1, got '0'\n",
    ]);
    const bad = await runCli(['scan', '--demo', '--since', 'last week'], { env });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "retrospect scan: --since takes a date (2026-01-31, 20260131), an ISO time or 7d / 12h / 2w, got 'last week'\n",
    ]);
  });

  it('scans the Claude Code projects folders into the store, warns once about cleanupPeriodDays, rereads nothing unchanged', async () => {
    const env = isolatedEnv();
    const projects = join(env.CLAUDE_CONFIG_DIR!, 'projects');
    mkdirSync(projects, { recursive: true });
    cpSync(join(REPO_ROOT, 'examples', 'projects'), projects, { recursive: true });
    const first = await runCli(['scan'], { env });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /^note: Claude Code deletes transcripts after 30 days \(cleanupPeriodDays is not set/,
    );
    expect(first.stdout).toMatch(/read 9 files \([\d.]+ MB\), 0 unchanged/);
    expect(readdirSync(env.RETROSPECT_DATA_DIR!)).toContain('store.sqlite');
    const second = await runCli(['scan'], { env });
    expect(second.stderr).toBe('');
    expect(second.stdout).toMatch(/read 0 files \(0\.0 MB\), 9 unchanged/);
  });

  it('rescores a stored verdict when only the friction ledger changed, without reading the transcript', async () => {
    const env = isolatedEnv();
    const projects = join(env.CLAUDE_CONFIG_DIR!, 'projects');
    mkdirSync(projects, { recursive: true });
    cpSync(join(REPO_ROOT, 'examples', 'projects'), projects, { recursive: true });
    env.FRICTION_LEDGER = join(env.HOME!, 'friction.jsonl');
    const session = '9b2d4f6a-8c1e-4a3b-9d5f-7e9a1b3c5d36';
    const score = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { sessionId: string; score: number })
        .find((r) => r.sessionId === session)?.score;
    const first = await runCli(['scan', '--json'], { env });
    expect(score(first.stdout)).toBe(6.5);
    const row = (ts: string) =>
      `${JSON.stringify({ ts, session_id: session, event: 'PostToolUseFailure', tool: 'Bash', path: '' })}\n`;
    writeFileSync(env.FRICTION_LEDGER, row('2026-10-01T09:00:00Z') + row('2026-10-01T09:01:00Z'));
    const second = await runCli(['scan'], { env });
    expect(second.stdout).toMatch(
      /read 0 files \(0\.0 MB\), 8 unchanged, 1 rescored for ledger changes, in /,
    );
    const third = await runCli(['scan', '--json'], { env });
    expect(score(third.stdout)).toBe(4.5);
    const gate = await runCli(['gate', join(projects, '-home-ada-code-shop', `${session}.jsonl`)], { env });
    expect(JSON.parse(gate.stdout).score).toBe(4.5);
  });

  it('does not warn when cleanupPeriodDays is set, and rejects a missing folder', async () => {
    const env = isolatedEnv();
    mkdirSync(join(env.CLAUDE_CONFIG_DIR!, 'projects'), { recursive: true });
    writeFileSync(join(env.CLAUDE_CONFIG_DIR!, 'settings.json'), '{"cleanupPeriodDays": 365}');
    const run = await runCli(['scan'], { env });
    expect(run.stderr).toMatch(/^no sessions found under /);
    const missing = await runCli(['scan', join(env.HOME!, 'nope')], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /no such folder or file: .*nope \(expected an agent's session folder, such as ~\/.claude\/projects or ~\/.codex, or a session file\)/,
    );
  });

  it("leaves Retrospect's own runs out of the table, the summary and --json unless --include-own", async () => {
    const env = isolatedEnv();
    const projects = join(env.HOME!, 'projects');
    cpSync(join(REPO_ROOT, 'examples', 'projects'), projects, { recursive: true });
    const own = writeSessionFile(join(projects, '-home-ada-code-shop'), {
      rejections: 2,
      firstPrompt: `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`,
      printMode: true,
    });
    const scan = (...args: string[]) => runCli(['scan', projects, ...args], { env });
    const table = await scan('--flagged');
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain(own.sessionId.slice(0, 8));
    expect(table.stdout).toContain(
      "sessions: 3; 1 of Retrospect's own analysis runs left out (--include-own shows them)\nflagged: 3\n",
    );
    const shown = await scan('--flagged', '--include-own');
    expect(shown.stdout).toContain(`${own.sessionId.slice(0, 8)} (own run)`);
    expect(shown.stdout).toContain('sessions: 4\nflagged: 4\n');
    const lines = async (...args: string[]) =>
      (await scan('--json', ...args)).stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { sessionId: string; ownRun: boolean; passed: boolean });
    expect((await lines()).map((r) => r.sessionId)).not.toContain(own.sessionId);
    const all = await lines('--include-own');
    expect(all.filter((r) => r.ownRun)).toMatchObject([{ sessionId: own.sessionId, passed: true }]);
    expect(all).toHaveLength(10);
  });
});
