import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../sqlite/index.js';
import { REPO_ROOT, runCli, unprivileged } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { folderFor, whyUnreachable } from '../../test-support/unprivileged.js';

const DEMO = join(REPO_ROOT, 'examples', 'projects');

/** A folder with a real store of the demo sessions in it (`good.sqlite`). */
async function withGoodStore(
  dir = tempDir('retrospect-store-bad-'),
): Promise<{ dir: string; good: string; env: NodeJS.ProcessEnv }> {
  chmodSync(dir, 0o777);
  const env = { HOME: dir, RETROSPECT_DATA_DIR: join(dir, 'data') };
  const good = join(dir, 'good.sqlite');
  expect((await runCli(['scan', DEMO, '--store', good], { env })).code).toBe(0);
  return { dir, good, env };
}

/** Writes `bytes` over the start of the file, in place. */
function overwriteStart(path: string, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
  } finally {
    closeSync(fd);
  }
}

const BREAKAGES: [string, (good: string, path: string) => void, RegExp][] = [
  [
    'truncated',
    (good, path) => {
      copyFileSync(good, path);
      truncateSync(path, 6000);
    },
    /is damaged \(database disk image is malformed\)/,
  ],
  [
    'random bytes',
    (_good, path) =>
      writeFileSync(path, Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 251))),
    /is damaged \(file is not a database\)/,
  ],
  [
    'an overwritten header',
    (good, path) => {
      copyFileSync(good, path);
      overwriteStart(path, Buffer.from('garbage '.repeat(12)));
    },
    /is damaged \(file is not a database\)/,
  ],
];

describe('a session store that cannot be used: one line naming the file and what to do', () => {
  it.each(BREAKAGES)(
    '%s: scan and report say so, exit 1, no stack trace',
    async (_name, breakIt, problem) => {
      const { dir, good, env } = await withGoodStore();
      const store = join(dir, 'store.sqlite');
      breakIt(good, store);
      for (const args of [
        ['scan', DEMO, '--store', store],
        ['report', '--store', store, '--out', join(dir, 'r.html')],
      ]) {
        const run = await runCli(args, { env });
        expect(run.code).toBe(1);
        const lines = run.stderr.trimEnd().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(problem);
        expect(lines[0]).toContain(`the session store ${store} `);
        expect(lines[0]).toContain(
          `move it aside (mv '${store}' '${store}.broken') and run 'retrospect scan' to build a new one, or run 'retrospect scan --rebuild'`,
        );
        expect(run.stderr).not.toMatch(/no session store|please report|\n\s+at /);
      }
    },
  );

  it('--store naming a folder, and another program’s database (left untouched)', async () => {
    const { dir, env } = await withGoodStore();
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const asFolder = await runCli(['scan', DEMO, '--store', folder], { env });
    expect([asFolder.code, asFolder.stderr]).toEqual([
      1,
      `retrospect scan: the session store ${folder} is a folder, not a file: give --store the path of a file (such as ${folder}/store.sqlite)\n`,
    ]);
    const other = join(dir, 'accounts.db');
    const db = openSqlite(other);
    db.exec('CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)');
    db.close();
    for (const args of [
      ['scan', DEMO, '--store', other],
      ['report', '--store', other, '--out', join(dir, 'r.html')],
    ]) {
      const run = await runCli(args, { env });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /is not a Retrospect session store \(a SQLite database with the tables accounts\); it was left as it was/,
      );
    }
    const after = openSqlite(other, { readOnly: true });
    expect(
      after
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => (r as { name: string }).name),
    ).toEqual(['accounts']);
    expect(after.pragma('user_version')).toBe(0);
    after.close();
  });

  it('a read-only store: report reads it, a scan that must write says it cannot', async (ctx) => {
    const user = unprivileged();
    const folder = folderFor(user, 'retrospect-store-bad-');
    if (folder === undefined) return ctx.skip(whyUnreachable(user as { uid: number; gid: number }));
    const { dir, good, env } = await withGoodStore(folder);
    const store = join(dir, 'store.sqlite');
    copyFileSync(good, store);
    chmodSync(store, 0o444);
    const report = await runCli(['report', '--store', store, '--out', join(dir, 'r.html')], { env, user });
    expect(report.code).toBe(0);
    const fresh = join(dir, 'fresh');
    mkdirSync(join(fresh, '-home-dev-x'), { recursive: true });
    copyFileSync(
      join(DEMO, '-home-ada-code-shop', 'c8e2f4a1-5b3d-4e7f-9a10-2b4c6d8e0f12.jsonl'),
      join(fresh, '-home-dev-x', 's.jsonl'),
    );
    const scan = await runCli(['scan', fresh, '--store', store], { env, user });
    expect(scan.code).toBe(1);
    expect(scan.stderr).toMatch(
      new RegExp(
        `^retrospect scan: the session store ${store} cannot be written \\(attempt to write a readonly database\\): make it and its folder writable, or give --store another file\\n$`,
      ),
    );
  });

  it('scan --rebuild moves a damaged store aside (never deletes it) and builds a new one', async () => {
    const { dir, good, env } = await withGoodStore();
    const store = join(dir, 'store.sqlite');
    copyFileSync(good, store);
    truncateSync(store, 6000);
    const run = await runCli(['scan', DEMO, '--store', store, '--rebuild', '--json'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(9);
    const aside = readdirSync(dir).find((name) => name.startsWith('store.sqlite.broken-'));
    expect(aside).toMatch(/^store\.sqlite\.broken-\d{8}T\d{6}Z$/);
    expect(run.stderr).toBe(
      `moved the session store aside to ${join(dir, aside ?? '')}; building a new one from the transcripts (verdicts of transcripts deleted since are not recovered)\n`,
    );
    const again = await runCli(['scan', DEMO, '--store', store], { env });
    expect(again.stdout).toMatch(/read 0 files .*, 9 unchanged/);
    // --rebuild on another program's database moves nothing.
    const other = join(dir, 'accounts.db');
    openSqlite(other).exec('CREATE TABLE accounts (id INTEGER)');
    const refused = await runCli(['scan', DEMO, '--store', other, '--rebuild'], { env });
    expect(refused.code).toBe(1);
    expect(existsSync(other)).toBe(true);
  });

  it('retro reads the transcripts directly when the store is damaged, and says so', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    mkdirSync(p.env.RETROSPECT_DATA_DIR!, { recursive: true });
    writeFileSync(join(p.env.RETROSPECT_DATA_DIR!, 'store.sqlite'), Buffer.alloc(8192, 0x5a));
    const run = await runCli(['retro', '--all', '--dry-run', '--provider', 'heuristic', '--json'], {
      cwd: p.root,
      env: p.env,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /the session store .*store\.sqlite is damaged \(file is not a database\): .*; reading the transcripts directly this time\n/,
    );
    expect(JSON.parse(run.stdout).counts).toMatchObject({ scanned: 1, gated: 1 });
  });
});
