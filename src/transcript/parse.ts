import { pyStrip } from './pyjson.js';

/**
 * Decodes one line's bytes (invalid UTF-8 becomes U+FFFD, never an exception) and parses it as a JSON
 * object; blank, torn and non-object lines give undefined. Surrounding whitespace is stripped first,
 * as the original gate did.
 */
export function parseObjectLine(
  buffer: Buffer,
  start: number,
  end: number,
): Record<string, unknown> | undefined {
  if (start === end) return undefined;
  const text = pyStrip(buffer.toString('utf8', start, end));
  if (text.length === 0 || text.charCodeAt(0) !== 0x7b /* { */) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
