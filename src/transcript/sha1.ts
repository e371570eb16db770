import type { Hash } from 'node:crypto';

/**
 * A SHA-1 digest, node:crypto loaded on first use: only a line long enough to be reduced needs one, and
 * loading the module at start-up costs the gate ~5 ms on every run.
 */
export function sha1Digest(): Hash {
  return process.getBuiltinModule('node:crypto').createHash('sha1');
}
