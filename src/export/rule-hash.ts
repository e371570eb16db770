import { createHash } from 'node:crypto';

/**
 * The name of a rule across machines: 16 hex digits of SHA-256 over its text with whitespace runs folded
 * (a rule shared in git reads the same everywhere, however an editor wrapped it). Telemetry sends this,
 * never the text.
 */
export function ruleTextHash(text: string): string {
  const folded = text.trim().replace(/\s+/g, ' ');
  return createHash('sha256').update(folded, 'utf8').digest('hex').slice(0, 16);
}
