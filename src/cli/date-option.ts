import { UsageError } from '../errors/errors.js';
import { parseDateBound } from '../scan/options.js';

/** A `--since`/`--until` value as an ISO instant (parseDateBound), or a usage error naming the forms taken. */
export function dateOption(
  text: string | undefined,
  name: string,
  edge: 'start' | 'end',
): string | undefined {
  if (text === undefined) return undefined;
  const bound = parseDateBound(text, edge);
  if (bound === undefined)
    throw new UsageError(
      `${name} takes a date (2026-01-31, 20260131), an ISO time or 7d / 12h / 2w, got '${text}'`,
    );
  return bound;
}
