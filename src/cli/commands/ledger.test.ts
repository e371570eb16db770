import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

const ROWS = [
  {
    ts: '2026-11-02T09:14:03.120Z',
    session_id: 'sess-a',
    event: 'PostToolUseFailure',
    tool: 'Bash',
    path: '',
  },
  {
    ts: '2026-11-02T09:15:41.007Z',
    session_id: 'sess-a',
    event: 'PostToolUseFailure',
    tool: 'Edit',
    path: 'src/cart.ts',
  },
  {
    ts: '2026-11-02T10:02:00.500Z',
    session_id: 'sess-b',
    event: 'PermissionDenied',
    tool: 'Write',
    path: '.env\u001b[31m',
  },
  { ts: '2026-11-02T10:30:12.000Z', session_id: 'sess-a', event: 'StopFailure', tool: '', path: '' },
];

function ledger(extra = ''): string {
  const path = join(tempDir('retrospect-ledger-'), 'friction.jsonl');
  writeFileSync(path, `${ROWS.map((r) => JSON.stringify(r)).join('\n')}\n${extra}`);
  return path;
}

describe('retrospect ledger show', () => {
  it('prints the rows and the per-session counts, with control characters neutralised', async () => {
    const path = ledger('{"ts":"2026-11-02T10:31:0\n');
    const run = await runCli(['ledger', 'show'], { env: { FRICTION_LEDGER: path } });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^TS +SESSION +EVENT +TOOL +PATH$/);
    expect(lines[2]).toMatch(/^2026-11-02T09:15:41\.007Z +sess-a +PostToolUseFailure +Edit +src\/cart\.ts$/);
    expect(run.stdout).toContain('.env?[31m');
    expect(run.stdout).not.toContain('\u001b');
    expect(lines.slice(6, 9).map((l) => l.split(/ +/))).toEqual([
      ['SESSION', 'ROWS'],
      ['sess-a', '3'],
      ['sess-b', '1'],
    ]);
    expect(run.stderr).toBe(`1 unreadable line(s) in ${path} skipped\n`);
  });

  it('filters by session and answers JSON', async () => {
    const path = ledger();
    const run = await runCli(['ledger', 'show', '--session', 'sess-b', '--json'], {
      env: { FRICTION_LEDGER: path },
    });
    expect(JSON.parse(run.stdout)).toEqual({
      path,
      rows: [ROWS[2]],
      sessions: [{ session_id: 'sess-b', count: 1, first_ts: ROWS[2]?.ts, last_ts: ROWS[2]?.ts }],
      skipped: 0,
    });
  });

  it('takes a unique prefix of a session id, and lists the sessions an ambiguous one matches', async () => {
    const full = { ...ROWS[0]!, session_id: 'c7d3d95c-0f1e-4a2b-9c3d-4e5f6a7b8c9d' };
    const path = ledger(`${JSON.stringify(full)}\n`);
    const env = { FRICTION_LEDGER: path };
    const [prefix, ambiguous] = await Promise.all([
      runCli(['ledger', 'show', '--session', 'c7d3d95c', '--json'], { env }),
      runCli(['ledger', 'show', '--session', 'sess-'], { env }),
    ]);
    expect(JSON.parse(prefix.stdout).rows).toEqual([full]);
    expect([ambiguous.code, ambiguous.stderr]).toEqual([
      2,
      "retrospect ledger: session prefix 'sess-' is ambiguous in the ledger: sess-a, sess-b; give more characters\n",
    ]);
  });

  it('says where the ledger would be when there is none yet, and rejects a missing sub-command', async () => {
    const path = join(tempDir('retrospect-ledger-'), 'friction.jsonl');
    const run = await runCli(['ledger', 'show'], { env: { FRICTION_LEDGER: path } });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.stderr).toContain(`no friction ledger at ${path} yet`);
    expect((await runCli(['ledger'])).code).toBe(2);
  });
});
