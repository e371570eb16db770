/**
 * A match of a pattern written in lower case, compiled without the `i` flag, on a lower-cased opening: the
 * words the person typed, as they typed them, for `--why`. Under `iu` every `\p{L}` word edge is compiled
 * with its case closure, which cost the version 12 patterns tens of millions of instructions on first use
 * (docs/gate.md, version 12); an opening is a short text, lower-cased once per pattern.
 */
export function lowerMatch(pattern: RegExp, opening: string): string | undefined {
  const lowered = opening.toLowerCase();
  const match = pattern.exec(lowered);
  if (!match) return undefined;
  // Lower-casing keeps the length of all but a few letters ("İ"): the typed words where it did.
  return lowered.length === opening.length
    ? opening.slice(match.index, match.index + match[0].length)
    : match[0];
}
