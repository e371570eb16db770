import { createHash } from 'node:crypto';

/** SHA-256 of UTF-8 text as lower-case hex: dedup keys, decision hashes and content hashes of the records. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
