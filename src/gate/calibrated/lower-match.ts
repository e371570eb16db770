/**
 * A match of a version 12 pattern on a reacting turn's opening, as the person typed it (for `--why`).
 * The pattern is written in lower case and compiled without the `i` flag, run on the lower-cased opening:
 * under `iu` every `\p{L}` word edge is compiled with its case closure (docs/gate.md, version 12). It is
 * built as `(bounded phrases)(?!W)|unbounded phrases` with the `g` flag, and the word edge before a bounded
 * phrase is checked where one matches, as BoundedTest does (compiled.ts), rather than tried as a
 * look-behind at every position of every opening. Bounded phrases are in scripts with spaces and unbounded
 * ones in scripts without, so no position starts both and the two agree with `(?<!W)(?:bounded)(?!W)|…`.
 */
/** A word character, as the patterns' edges `(?!WORD)` read it. */
export const WORD = '[\\p{L}\\p{N}_]';
const WORD_END_RE = new RegExp(`${WORD}$`, 'u');

export function lowerMatch(pattern: RegExp, opening: string): string | undefined {
  const lowered = opening.toLowerCase();
  pattern.lastIndex = 0;
  let match = pattern.exec(lowered);
  while (
    match !== null &&
    match[1] !== undefined &&
    WORD_END_RE.test(lowered.slice(Math.max(0, match.index - 2), match.index))
  ) {
    pattern.lastIndex = match.index + 1;
    match = pattern.exec(lowered);
  }
  pattern.lastIndex = 0;
  if (match === null) return undefined;
  // Lower-casing keeps the length of all but a few letters ("İ"): the typed words where it did.
  return lowered.length === opening.length
    ? opening.slice(match.index, match.index + match[0].length)
    : match[0];
}

/**
 * The first match of `pattern` (compiled with `u` and without `i`, its phrases in lower case) on the
 * lower-cased `text`, as the person typed it. The large lexicon patterns read this way skip the case
 * closure V8 builds for every letter of an `iu` pattern when it compiles one (docs/gate.md, version 12,
 * cost round three).
 */
export function lowerExec(pattern: RegExp, text: string): string | undefined {
  const lowered = text.toLowerCase();
  const match = pattern.exec(lowered);
  if (match === null) return undefined;
  return lowered.length === text.length ? text.slice(match.index, match.index + match[0].length) : match[0];
}
