import { randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet (no I, L, O, U), the alphabet of ULIDs. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;
const MAX_TIME = 2 ** 48 - 1;

/** A ULID: 26 Crockford base32 characters, 10 of milliseconds then 16 of randomness. */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export interface UlidSource {
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
  /** Random bytes (injectable for tests). */
  random?: (count: number) => Uint8Array;
}

function encodeTime(time: number): string {
  if (!Number.isInteger(time) || time < 0 || time > MAX_TIME) {
    throw new RangeError(`ULID time must be a whole number of milliseconds in [0, 2^48), got ${time}`);
  }
  let rest = time;
  let out = '';
  for (let i = 0; i < TIME_CHARS; i++) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** Adds one to a base32 digit string; throws when all 80 random bits are spent within one millisecond. */
function increment(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    const digit = next[i] ?? 0;
    if (digit < 31) {
      next[i] = digit + 1;
      return next;
    }
    next[i] = 0;
  }
  throw new RangeError('ULID randomness overflowed within one millisecond');
}

/**
 * Returns a monotonic ULID generator: ids sort in creation order even within one millisecond (the random
 * part is incremented instead of redrawn), and a clock that steps back reuses the last time.
 */
export function createUlidGenerator(source: UlidSource = {}): () => string {
  const now = source.now ?? Date.now;
  const random = source.random ?? ((count: number) => randomBytes(count));
  let lastTime = -1;
  let lastDigits: number[] = [];
  return () => {
    const time = now();
    if (time > lastTime) {
      lastTime = time;
      lastDigits = Array.from(random(RANDOM_CHARS), (byte) => byte & 31);
    } else {
      lastDigits = increment(lastDigits);
    }
    return encodeTime(lastTime) + lastDigits.map((d) => CROCKFORD[d]).join('');
  };
}

/** The process-wide monotonic generator. */
export const ulid: () => string = createUlidGenerator();
