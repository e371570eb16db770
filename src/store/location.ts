import { checkPostgresUrl } from './server-url.js';

/** Where a session store is: an embedded SQLite file, or a PostgreSQL server a team shares. */
export type StoreLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** Whether a `--store` value names a PostgreSQL server rather than a file. */
export function isPostgresUrl(spec: string): boolean {
  return POSTGRES_URL.test(spec);
}

/**
 * A `--store` or `RETROSPECT_STORE` value: a `postgres://` (or `postgresql://`) URL, else a file path. A
 * URL that cannot name a server (a port past 65535, a name PostgreSQL cannot keep) is an InputError here.
 */
export function storeLocation(spec: string): StoreLocation {
  if (!isPostgresUrl(spec)) return { kind: 'sqlite', path: spec };
  checkPostgresUrl(spec);
  return { kind: 'postgres', url: spec };
}

/** A server URL fit to print (see safety/url.ts): password and credential query parameters masked. */
export { redactUrl } from '../safety/url.js';
