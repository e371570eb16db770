import type pg from 'pg';
import { SESSION_COLUMNS, typeOfDefinition } from '../columns.js';
import { META_COLUMNS, OWNER_COLUMNS } from './schema.js';

/** The tables a scan and a team view read and write, and what each needs. */
const TABLES = ['retrospect_sessions', 'retrospect_meta'] as const;
const PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Each table's columns and their types (`double precision`, as the catalogs name them): the sessions table's
 * from the one column list (../columns.ts), the notes table's from META_COLUMNS. The migrations make exactly
 * these (a test checks it), so a store that differs was edited since.
 */
function expectedColumns(): Map<string, Map<string, string>> {
  const sessions = [...OWNER_COLUMNS, ...SESSION_COLUMNS];
  return new Map<string, Map<string, string>>([
    ['retrospect_sessions', new Map(sessions.map((c) => [c.name, typeOfDefinition(c.postgres)]))],
    ['retrospect_meta', new Map(META_COLUMNS.map((c) => [c.name, typeOfDefinition(c.postgres)]))],
  ]);
}

/**
 * Why the store's tables cannot serve this release, in one line with the fix, or undefined when they can:
 * the connected role lacks a privilege on a table (a grant lost or never given), or a table lacks a column
 * or has one of another type (a table edited by hand, or made by another program). Read from the catalogs,
 * which answer whatever the role may read, so a missing grant is not mistaken for missing columns.
 */
export async function storeMisfit(client: pg.Client, where: string): Promise<string | undefined> {
  const missing: string[] = [];
  for (const table of TABLES) {
    for (const privilege of PRIVILEGES) {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT has_table_privilege(current_user, $1, $2) AS ok',
        [table, privilege],
      );
      if (rows[0]?.ok !== true) missing.push(`${privilege} on ${table}`);
    }
  }
  if (missing.length > 0) {
    const { rows } = await client.query<{ role: string }>('SELECT current_user AS role');
    const role = rows[0]?.role ?? 'the role';
    return `the role ${role} may not use the PostgreSQL session store at ${where}: it lacks ${missing.join(', ')}; an owner of the tables can grant it: GRANT SELECT, INSERT, UPDATE, DELETE ON ${TABLES.join(', ')} TO ${quoteIdent(role)};`;
  }
  const problems: string[] = [];
  for (const [table, columns] of expectedColumns()) {
    const { rows } = await client.query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped`,
      [table],
    );
    const found = new Map(rows.map((row) => [row.name, row.type]));
    for (const [name, type] of columns) {
      const actual = found.get(name);
      if (actual === undefined) problems.push(`${table} has no column ${name} (${type})`);
      else if (actual !== type) problems.push(`${table}.${name} is ${actual}, not ${type}`);
    }
  }
  if (problems.length === 0) return undefined;
  return `the PostgreSQL session store at ${where} does not match this release's tables: ${problems.slice(0, 4).join('; ')}${problems.length > 4 ? `; ${problems.length - 4} more` : ''}; fix the tables (ALTER TABLE) or give --store a new database, where the tables are made as they should be`;
}

function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/**
 * The one line for an SQL error met mid-run that says the tables do not fit (a column or a grant gone since
 * the store was opened), or undefined for any other error.
 */
export function misfitOfError(error: unknown, where: string): string | undefined {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
  if (code === '42501')
    return `the PostgreSQL session store at ${where} refused the role (${message}): an owner of the tables can grant it: GRANT SELECT, INSERT, UPDATE, DELETE ON ${TABLES.join(', ')} TO <role>; (a new store also needs CREATE on the schema)`;
  if (code === '42703' || code === '42P01' || code === '42804' || code === '22P02' || code === '23502')
    return `the PostgreSQL session store at ${where} does not match this release's tables (${message}): fix the tables or give --store a new database`;
  return undefined;
}
