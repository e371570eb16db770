import { InputError } from '../errors/errors.js';

/** PostgreSQL keeps 63 bytes of a name (NAMEDATALEN - 1); a longer user or database name cannot log in. */
const MAX_NAME_BYTES = 63;

const EXPECTED = 'expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE';

/** The URL without its password, for a message (the check runs before any redaction can parse it). */
function shown(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

/**
 * Checks a PostgreSQL store URL before a client is made from it: a port that is not a number or is past
 * 65535, a URL that does not parse, a user or database name longer than PostgreSQL keeps. Each is an
 * InputError in one line saying what was expected (the driver would throw a TypeError or RangeError from
 * deep inside, reported as a bug).
 */
export function checkPostgresUrl(url: string): void {
  const port = /^[a-z]+:\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#@[\]]*):([^/?#@]*)(?=[/?#]|$)/i.exec(url)?.[1];
  if (port !== undefined && port !== '') {
    const value = /^\d{1,5}$/.test(port) ? Number(port) : Number.NaN;
    if (!(value >= 1 && value <= 65_535)) {
      throw new InputError(`${shown(url)}: the port '${port}' is not a number from 1 to 65535; ${EXPECTED}`);
    }
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(`${shown(url)} is not a valid URL; ${EXPECTED}`);
  }
  const names: [string, string][] = [
    ['user name', safeDecode(parsed.username)],
    ['database name', safeDecode(parsed.pathname.replace(/^\//, ''))],
  ];
  for (const [what, name] of names) {
    if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) {
      throw new InputError(
        `${shown(url)}: the ${what} is ${Buffer.byteLength(name, 'utf8')} bytes, PostgreSQL keeps at most ${MAX_NAME_BYTES}; ${EXPECTED}`,
      );
    }
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
