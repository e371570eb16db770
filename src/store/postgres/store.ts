import pg from 'pg';
import { InputError, StoreUnreachableError } from '../../errors/errors.js';
import { redactUrl, redactUrlIn } from '../../safety/url.js';
import {
  KNOWN_FILE_COLUMNS,
  type KnownFileRow,
  postgresValues,
  SESSION_COLUMNS,
  type SessionRow,
} from '../columns.js';
import type { StoreIdentity } from '../identity.js';
import type { SessionStorePort } from '../port.js';
import { profileOf, recordOfRow, rowOfRecord, usableRows } from '../row.js';
import { activeWithin, sessionStartsBounded } from '../session-starts.js';
import type { KnownFile, SessionQuery, SessionRecord } from '../types.js';
import { misfitOfError, storeMisfit } from './fit.js';
import { localPath, storedPath } from './paths.js';
import { migratePostgres, OWNER_COLUMNS } from './schema.js';

/** A shared store's row: whose it is (machine and user, with the path the row's key), then the session row. */
type Row = SessionRow & { machine: string; user_name: string };

/** Whose each row is, then the session columns. */
const COLUMNS = [...OWNER_COLUMNS.map((c) => c.name), ...SESSION_COLUMNS.map((c) => c.name)];
const UPDATE = SESSION_COLUMNS.filter((c) => c.name !== 'path')
  .map((c) => `${c.name} = excluded.${c.name}`)
  .join(', ');
/** Every column of a stored row. */
const SELECT_ROW = `SELECT ${COLUMNS.join(', ')} FROM retrospect_sessions`;
/** Rows per INSERT: one parameter per column (33) each stays far below PostgreSQL's 65,535. */
const BATCH = 500;

/** BIGINT arrives as text by default; sizes fit a double exactly. */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Deadlines on every wait for the server (see PostgresTimeouts). */
interface PostgresTimeouts {
  /** Connecting, TLS and logging in (default 10 s). */
  connectMs?: number;
  /**
   * One statement, on both sides: the server cancels it (`statement_timeout`) and the client gives up waiting
   * for its answer (`query_timeout`, for a server that stalls or a network that drops packets). Default 60 s.
   */
  statementMs?: number;
  /** A session left idle inside a transaction is ended by the server (default 60 s). */
  idleInTransactionMs?: number;
  /** Ending the connection: a server that never answers the goodbye has its socket closed (default 2 s). */
  closeMs?: number;
}

const DEFAULT_TIMEOUTS: Required<PostgresTimeouts> = {
  connectMs: 10_000,
  statementMs: 60_000,
  idleInTransactionMs: 60_000,
  closeMs: 2_000,
};

/** Why a connection failed, in a few words (the driver's codes, else its message), with the URL's secrets masked. */
function reasonOf(error: unknown, url: string, timeouts: Required<PostgresTimeouts>): string {
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'host not found';
  if (code === 'ETIMEDOUT') return 'timed out';
  const message = error instanceof Error ? error.message : String(error);
  if (/^Connection terminated due to connection timeout/i.test(message) || /^timeout expired/i.test(message))
    return `no answer while connecting within ${timeouts.connectMs} ms`;
  if (/^Query read timeout/i.test(message)) return `no answer to a query within ${timeouts.statementMs} ms`;
  return redactUrlIn(message.split('\n')[0] || 'unknown error', url);
}

/**
 * Runs `make` with the driver's multi-line notice about `sslmode=prefer|require|verify-ca` held back: pg 8
 * already treats those modes as `verify-full` (a certificate that does not verify is a connection error,
 * one line), and a dozen lines about its next major version would bury the command's own output.
 */
function withoutSslModeNotice<T>(make: () => T): T {
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (text.startsWith("SECURITY WARNING: The SSL modes 'prefer', 'require', and 'verify-ca'")) return;
    (original as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return make();
  } finally {
    process.emitWarning = original;
  }
}

/** Ends the connection, but never waits past `ms` for a server that does not answer the goodbye. */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      // The socket is closed under the driver: nothing more can come from this server.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      resolve();
    }, ms);
  });
  await Promise.race([client.end().catch(() => undefined), late]);
  clearTimeout(timer);
}

/**
 * The shared session store on PostgreSQL: the same port as the embedded store, for a team. Every row names
 * its machine and user; a scan reads and writes only its own (machine, user) rows, so scans from several
 * machines never touch the same row, and each keeps its own incremental state. Team views read them all.
 */
export class PostgresSessionStore implements SessionStorePort {
  readonly kind = 'postgres' as const;
  readonly label: string;
  /** Set when the connection broke while idle: the next call fails with it instead of hanging. */
  private broken: Error | undefined;

  private constructor(
    private readonly client: pg.Client,
    private readonly identity: StoreIdentity,
    private readonly url: string,
    private readonly timeouts: Required<PostgresTimeouts>,
  ) {
    this.label = redactUrl(url);
    client.on('error', (error) => {
      this.broken = error;
    });
  }

  /** Connects, migrates, and returns the store; an unreachable server is one StoreUnreachableError. */
  static async open(
    url: string,
    identity: StoreIdentity,
    timeouts: PostgresTimeouts = {},
  ): Promise<PostgresSessionStore> {
    const limits = { ...DEFAULT_TIMEOUTS, ...timeouts };
    let client: pg.Client;
    try {
      client = withoutSslModeNotice(
        () =>
          new pg.Client({
            connectionString: url,
            connectionTimeoutMillis: limits.connectMs,
            statement_timeout: limits.statementMs,
            query_timeout: limits.statementMs,
            idle_in_transaction_session_timeout: limits.idleInTransactionMs,
            types: TYPES,
          }),
      );
    } catch (error) {
      // The driver parses the URL here (`:notaport`, a bad sslmode): a bad URL, worded as one.
      throw new InputError(
        `store: expected a postgres:// URL such as postgres://db.example:5432/retro, got ${redactUrl(url)} (${reasonOf(error, url, limits)})`,
        { cause: error },
      );
    }
    const reason = (error: unknown) => reasonOf(error, url, limits);
    // An error while connecting is also emitted; the rejected connect below carries it.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await endWithin(client, limits.closeMs);
      throw new StoreUnreachableError(
        `cannot reach the PostgreSQL session store at ${redactUrl(url)}: ${reason(error)}`,
        { cause: error },
      );
    }
    try {
      await migratePostgres(client);
      // Tables made by an earlier step but edited since, or a role whose grants were taken back.
      const misfit = await storeMisfit(client, redactUrl(url));
      if (misfit !== undefined) {
        await endWithin(client, limits.closeMs);
        throw new InputError(misfit);
      }
    } catch (error) {
      if (error instanceof InputError) throw error;
      await endWithin(client, limits.closeMs);
      // A role without the right to create tables, a newer schema: said in one line, where and why.
      const message = `the PostgreSQL session store at ${redactUrl(url)} could not be prepared: ${reason(error)}`;
      throw /^Query read timeout/i.test(error instanceof Error ? error.message : '')
        ? new StoreUnreachableError(message, { cause: error })
        : new InputError(message, { cause: error });
    }
    return new PostgresSessionStore(client, identity, url, limits);
  }

  private async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
    if (this.broken) throw this.lost(this.broken);
    try {
      return await this.client.query<R>(sql, params);
    } catch (error) {
      // SQL errors carry a five-character SQLSTATE; none (a dropped socket), a connection failure (class 08)
      // or a server shutting down (57P) is the server going away mid-run.
      const code = (error as { code?: unknown }).code;
      const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
      if (sqlState === undefined || sqlState.startsWith('08') || sqlState.startsWith('57P')) {
        // Later calls fail at once rather than wait their own deadline on a server already given up on.
        this.broken ??= error instanceof Error ? error : new Error(String(error));
        throw this.lost(error);
      }
      // A column or a grant gone since the store was opened: one line, not a crash.
      const misfit = misfitOfError(error, this.label);
      if (misfit !== undefined) throw new InputError(misfit, { cause: error });
      throw error;
    }
  }

  private lost(error: unknown): StoreUnreachableError {
    return new StoreUnreachableError(
      `lost the PostgreSQL session store at ${this.label}: ${reasonOf(error, this.url, this.timeouts)}`,
      {
        cause: error,
      },
    );
  }

  private async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.query('BEGIN');
    try {
      const result = await work();
      await this.query('COMMIT');
      return result;
    } catch (error) {
      if (!this.broken) await this.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  private mine(): unknown[] {
    return [this.identity.machine, this.identity.user];
  }

  private rowValues(r: SessionRecord): unknown[] {
    const row = rowOfRecord({ ...r, path: storedPath(r.path, this.identity.home) });
    return [this.identity.machine, this.identity.user, ...postgresValues(row)];
  }

  private toRecord(row: Row): SessionRecord {
    const isMine = row.machine === this.identity.machine && row.user_name === this.identity.user;
    return {
      ...recordOfRow(row),
      // Another machine's path stays as stored (home-relative): it means nothing on this one.
      path: isMine ? localPath(row.path, this.identity.home) : row.path,
      machine: row.machine,
      user: row.user_name,
      remote: !isMine,
    };
  }

  async upsertSession(...records: SessionRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.transaction(async () => {
      for (let start = 0; start < records.length; start += BATCH) {
        const batch = records.slice(start, start + BATCH);
        const params: unknown[] = [];
        const tuples = batch.map((r) => {
          const values = this.rowValues(r);
          const base = params.length;
          params.push(...values);
          return `(${values.map((_v, i) => `$${base + i + 1}`).join(', ')})`;
        });
        await this.query(
          `INSERT INTO retrospect_sessions (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}
           ON CONFLICT (machine, user_name, path) DO UPDATE SET ${UPDATE}`,
          params,
        );
      }
    });
  }

  async knownFiles(root?: string): Promise<Map<string, KnownFile>> {
    const params = this.mine();
    let where = 'machine = $1 AND user_name = $2';
    if (root !== undefined) {
      params.push(storedPath(root, this.identity.home));
      where += ' AND starts_with(path, $3)';
    }
    const { rows } = await this.query<KnownFileRow<boolean>>(
      `SELECT ${KNOWN_FILE_COLUMNS.join(', ')},
         verdict ->> 'error' IS NOT NULL AS gate_error, turns_human IS NOT NULL AS has_turns,
         usage IS NOT NULL AS has_usage FROM retrospect_sessions WHERE ${where}`,
      params,
    );
    const known = new Map<string, KnownFile>();
    for (const row of rows) {
      known.set(localPath(row.path, this.identity.home), {
        size: row.size,
        mtimeMs: row.mtime_ms,
        gateVersion: row.gate_version,
        gone: row.gone,
        sessionId: row.session_id,
        ledgerS2: row.ledger_s2 ?? undefined,
        ledgerStale: row.ledger_stale,
        gateError: row.gate_error,
        ownRun: row.own_run ?? undefined,
        gateProfile: profileOf(row.gate_profile),
        hasTurns: row.has_turns,
        hasUsage: row.has_usage,
      });
    }
    return known;
  }

  async sessionAt(path: string): Promise<SessionRecord | undefined> {
    const { rows } = await this.query<Row>(
      `${SELECT_ROW} WHERE machine = $1 AND user_name = $2 AND path = $3`,
      [...this.mine(), storedPath(path, this.identity.home)],
    );
    return rows[0] ? this.toRecord(rows[0]) : undefined;
  }

  async setOwnRun(flags: Iterable<[path: string, ownRun: boolean]>): Promise<void> {
    const list = [...flags];
    if (list.length === 0) return;
    await this.transaction(async () => {
      for (const [path, ownRun] of list) {
        await this.query(
          'UPDATE retrospect_sessions SET own_run = $4 WHERE machine = $1 AND user_name = $2 AND path = $3',
          [...this.mine(), storedPath(path, this.identity.home), ownRun],
        );
      }
    });
  }

  async forgetPaths(paths: Iterable<string>): Promise<number> {
    const stored = [...paths].map((p) => storedPath(p, this.identity.home));
    if (stored.length === 0) return 0;
    const result = await this.query(
      'DELETE FROM retrospect_sessions WHERE machine = $1 AND user_name = $2 AND path = ANY($3::text[])',
      [...this.mine(), stored],
    );
    return result.rowCount ?? 0;
  }

  async markGone(paths: Iterable<string>): Promise<number> {
    const stored = [...paths].map((p) => storedPath(p, this.identity.home));
    if (stored.length === 0) return 0;
    const result = await this.query(
      `UPDATE retrospect_sessions SET gone = TRUE
       WHERE machine = $1 AND user_name = $2 AND path = ANY($3::text[]) AND NOT gone`,
      [...this.mine(), stored],
    );
    return result.rowCount ?? 0;
  }

  async listSessions(query: SessionQuery = {}): Promise<SessionRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    // A folder prefix is a path of this machine: only this machine's and user's rows can lie under it.
    const scope = query.under !== undefined ? 'mine' : query.scope;
    if (scope === 'mine') {
      add((n) => `machine = ${n}`, this.identity.machine);
      add((n) => `user_name = ${n}`, this.identity.user);
    } else if (scope !== undefined) {
      if (scope.machine !== undefined) add((n) => `machine = ${n}`, scope.machine);
      if (scope.user !== undefined) add((n) => `user_name = ${n}`, scope.user);
    }
    const scoped = where.length;
    if (query.project !== undefined) add((n) => `project = ${n}`, query.project);
    if (query.under !== undefined)
      add((n) => `starts_with(path, ${n})`, storedPath(query.under, this.identity.home));
    if (query.includeGone === false) where.push('NOT gone');
    if (query.hosts !== undefined) add((n) => `host = ANY(${n}::text[])`, [...query.hosts]);
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const { rows } = await this.query<Row>(
      `${SELECT_ROW} ${clause} ORDER BY machine, user_name, path`,
      params,
    );
    // As in the embedded store: starts are bounded by the newest file among the rows in scope.
    const scopeClause = scoped > 0 ? `WHERE ${where.slice(0, scoped).join(' AND ')}` : '';
    const newest = await this.query<{ newest: number | null }>(
      `SELECT max(mtime_ms) AS newest FROM retrospect_sessions ${scopeClause}`,
      params.slice(0, scoped),
    );
    const records = usableRows(rows).map((row) => this.toRecord(row));
    const starts = sessionStartsBounded(newest.rows[0]?.newest ?? Number.NEGATIVE_INFINITY, new Date());
    const within = activeWithin(query.since, query.until, starts);
    return records.filter(within).sort((a, b) => starts.startMs(b) - starts.startMs(a));
  }

  async getMeta(key: string): Promise<string | undefined> {
    const { rows } = await this.query<{ value: string }>(
      'SELECT value FROM retrospect_meta WHERE machine = $1 AND user_name = $2 AND key = $3',
      [...this.mine(), key],
    );
    return rows[0]?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.query(
      `INSERT INTO retrospect_meta (machine, user_name, key, value) VALUES ($1, $2, $3, $4)
       ON CONFLICT (machine, user_name, key) DO UPDATE SET value = excluded.value`,
      [...this.mine(), key, value],
    );
  }

  async close(): Promise<void> {
    await endWithin(this.client, this.timeouts.closeMs);
  }
}
