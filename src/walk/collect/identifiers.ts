/** Identifier-like words of four or more characters (shorter ones link everything to everything). */
const IDENTIFIER = /[A-Za-z_$][\w$]{3,}/g;
/** Enough to link files by the names they share, bounded for very large additions. */
const MAX_IDENTIFIERS = 4000;

/** Adds the identifiers used in `lines` to `into` (up to a bound). */
export function collectIdentifiers(into: Set<string>, lines: string[]): void {
  for (const line of lines) {
    for (const match of line.matchAll(IDENTIFIER)) {
      if (into.size >= MAX_IDENTIFIERS) return;
      into.add(match[0]);
    }
  }
}
