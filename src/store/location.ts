/** Where a session store is: an embedded SQLite file, or a PostgreSQL server a team shares. */
export type StoreLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** Whether a `--store` value names a PostgreSQL server rather than a file. */
export function isPostgresUrl(spec: string): boolean {
  return POSTGRES_URL.test(spec);
}

/** A `--store` or `RETROSPECT_STORE` value: a `postgres://` (or `postgresql://`) URL, else a file path. */
export function storeLocation(spec: string): StoreLocation {
  return isPostgresUrl(spec) ? { kind: 'postgres', url: spec } : { kind: 'sqlite', path: spec };
}

/** A server URL fit to print (see safety/url.ts): password and credential query parameters masked. */
export { redactUrl } from '../safety/url.js';
