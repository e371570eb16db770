import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real PostgreSQL server for tests: Debian's `postgresql` package, `initdb` into a temporary folder
 * (as the `postgres` user when the tests run as root, since the server refuses to run as root), started on a
 * free port on 127.0.0.1 with trust authentication, stopped and removed afterwards.
 */
export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/` + database. */
  url(database?: string): string;
  createDatabase(name: string): void;
  /** A plain-SQL `pg_dump` of one database (the real tool, the server's own version). */
  dump(database: string): string;
  stop(): void;
}

/** The folder with initdb, pg_ctl and pg_dump: `PG_BINDIR`, else the newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(): string | undefined {
  const given = process.env.PG_BINDIR;
  if (given && existsSync(join(given, 'initdb'))) return given;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin');
}

/**
 * Why PostgreSQL tests skip on this machine, or undefined when they run. They skip only when no server is
 * installed and this is not CI: under CI=true a missing server fails the tests instead.
 */
export function postgresSkipReason(): string | undefined {
  if (postgresBinDir() !== undefined || process.env.CI === 'true') return undefined;
  return 'PostgreSQL tests skipped: no PostgreSQL server installed (apt-get install postgresql, or set PG_BINDIR)';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a server tool as the user that owns the cluster. */
function asOwner(bin: string, tool: string, args: string[]): void {
  const [file, fileArgs] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
    : [join(bin, tool), args];
  const run = spawnSync(file, fileArgs, { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0)
    throw new Error(`${tool} failed (${run.status}): ${run.stderr || run.stdout || run.error?.message}`);
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (bin === undefined)
    throw new Error('no PostgreSQL server installed: apt-get install postgresql (or set PG_BINDIR)');
  // As root the cluster belongs to `postgres`, which must be able to reach it: a TMPDIR inside root's home
  // would not do, /tmp does.
  const folder = mkdtempSync(join(isRoot() ? '/tmp' : tmpdir(), 'retrospect-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  asOwner(bin, 'initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  asOwner(bin, 'pg_ctl', [
    '-D',
    data,
    '-o',
    options,
    '-l',
    join(folder, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const client = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
  return {
    url,
    createDatabase(name) {
      client('createdb', [name]);
    },
    dump(database) {
      return client('pg_dump', ['--no-owner', database]);
    },
    stop() {
      try {
        asOwner(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
