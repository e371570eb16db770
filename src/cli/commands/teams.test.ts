import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { startLocalServer } from '../../test-support/http.js';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../../test-support/postgres.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';

const skip = postgresSkipReason();
if (skip) console.warn(skip);

/** A developer's machine: a home with Claude Code transcripts, and the names the rows carry. */
function home(machine: string, user: string, sessions: { rejections: number }[]) {
  const dir = tempDir(`retrospect-${machine}-`);
  const projects = join(dir, '.claude', 'projects');
  for (const s of sessions)
    writeSessionFile(join(projects, `-home-${user}-code-shop`), {
      rejections: s.rejections,
      cwd: `/home/${user}/code/shop`,
      firstPrompt: `Tighten the refund rules for ${user}: partial refunds only within 14 days`,
    });
  mkdirSync(join(dir, 'data'));
  const env = {
    HOME: dir,
    RETROSPECT_DATA_DIR: join(dir, 'data'),
    RETROSPECT_MACHINE: machine,
    RETROSPECT_USER: user,
    FRICTION_LEDGER: join(dir, 'no-ledger.jsonl'),
    CLAUDE_CONFIG_DIR: join(dir, '.claude'),
  };
  return { dir, projects, env };
}

const summaryCount = (html: string, id: string) =>
  Number(html.match(new RegExp(`id="${id}">(\\d+)<`))?.[1] ?? Number.NaN);

describe.skipIf(skip !== undefined)('a team on one PostgreSQL store', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
    server.createDatabase('team');
  });
  afterAll(() => server?.stop());

  it('two machines scan into one store, the team report counts both, a rescan reads nothing, the dump holds no text', async () => {
    const url = server.url('team');
    const ada = home('ada-laptop', 'ada', [{ rejections: 2 }, { rejections: 0 }, { rejections: 1 }]);
    const bo = home('bo-desktop', 'bo', [{ rejections: 2 }, { rejections: 0 }]);

    // Both machines scan at the same moment.
    const [scanA, scanB] = await Promise.all([
      runCli(['scan', ada.projects, '--store', url], { env: ada.env }),
      runCli(['scan', bo.projects], { env: { ...bo.env, RETROSPECT_STORE: url } }),
    ]);
    expect(scanA.stderr).toBe('');
    expect(scanA.code).toBe(0);
    expect(scanB.code).toBe(0);
    expect(scanA.stdout).toContain('read 3 files');
    expect(scanB.stdout).toContain('read 2 files');

    const out = join(ada.dir, 'team.html');
    const team = await runCli(['report', '--store', url, '--out', out], { env: ada.env });
    expect(team.stderr).toBe('');
    const html = readFileSync(out, 'utf8');
    expect(summaryCount(html, 'summary-sessions')).toBe(5);
    expect(summaryCount(html, 'summary-flagged')).toBe(2);
    const mine = join(ada.dir, 'bo.html');
    await runCli(['report', '--store', url, '--machine', 'bo-desktop', '--out', mine], { env: ada.env });
    expect(summaryCount(readFileSync(mine, 'utf8'), 'summary-sessions')).toBe(2);

    // A rescan from one machine reads no file again: its rows are its own, whatever the other wrote.
    const rescan = await runCli(['scan', ada.projects, '--store', url], { env: ada.env });
    expect(rescan.stdout).toContain('read 0 files');
    expect(rescan.stdout).toContain('3 unchanged');

    // The real pg_dump of the shared database: verdicts and names, no transcript text, no home folder.
    const dump = server.dump('team');
    expect(dump).toContain('ada-laptop');
    expect(dump).toContain('bo-desktop');
    for (const text of [
      'refund',
      'why did you delete the test',
      'input validation',
      'schema check',
      ada.dir,
      bo.dir,
    ])
      expect(dump).not.toContain(text);
  });

  it("exports the team's metrics by host and user, and --team needs a shared store", async () => {
    const url = server.url('team');
    const ada = home('ada-laptop', 'ada', [{ rejections: 2 }]);
    const bo = home('bo-desktop', 'bo', [{ rejections: 0 }]);
    for (const who of [ada, bo])
      expect((await runCli(['scan', who.projects, '--store', url], { env: who.env })).code).toBe(0);
    const collector = await startLocalServer((_req, res) => res.writeHead(200).end('{}'));
    try {
      const endpoint = new URL(collector.url).origin;
      const run = await runCli(['export', 'otlp', '--endpoint', endpoint, '--store', url], { env: ada.env });
      expect(run.code, run.stderr).toBe(0);
      const body = JSON.parse(collector.received[0]?.body ?? '{}') as {
        resourceMetrics: {
          scopeMetrics: {
            metrics: {
              name: string;
              gauge?: { dataPoints: { attributes: { key: string; value: { stringValue?: string } }[] }[] };
            }[];
          }[];
        }[];
      };
      const sessions = body.resourceMetrics[0]?.scopeMetrics[0]?.metrics.find(
        (m) => m.name === 'retrospect.sessions',
      );
      const hosts = sessions?.gauge?.dataPoints.map((p) =>
        ['host.name', 'user.name']
          .map((k) => p.attributes.find((a) => a.key === k)?.value.stringValue)
          .join('/'),
      );
      expect(new Set(hosts)).toEqual(new Set(['ada-laptop/ada', 'bo-desktop/bo']));
    } finally {
      await collector.close();
    }
    const checkout = join(ada.dir, 'shop');
    mkdirSync(checkout);
    const team = await runCli(['trial', 'review', '--team', '--mroot', checkout], { env: ada.env });
    expect(team.code).toBe(2);
    expect(team.stderr).toContain('--team pools a shared store: give --store postgres://');
  });

  it('an unreachable server is one error line, and SQLite stays the default', async () => {
    const ada = home('ada-laptop', 'ada', [{ rejections: 0 }]);
    const down = await runCli(['scan', ada.projects, '--store', 'postgres://retro:pw@127.0.0.1:1/team'], {
      env: ada.env,
    });
    expect(down.code).toBe(1);
    expect(down.stderr.trim().split('\n')).toHaveLength(1);
    // The CLI's own redaction hides the URL's credentials.
    expect(down.stderr.trim()).toBe(
      'retrospect scan: cannot reach the PostgreSQL session store at postgres://[redacted]@127.0.0.1:1/team: connection refused',
    );
    const local = await runCli(['scan', ada.projects], { env: ada.env });
    expect(local.code).toBe(0);
    expect(
      readFileSync(join(ada.dir, 'data', 'store.sqlite'))
        .subarray(0, 15)
        .toString(),
    ).toBe('SQLite format 3');
  });
});
