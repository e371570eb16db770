/**
 * A pattern ready for its first real use, compiled to machine code rather than to bytecode first.
 *
 * V8 compiles a regular expression on its first run to bytecode for its interpreter and, from the second
 * run on, again to machine code. For the lexicon's large case-insensitive Unicode patterns the bytecode
 * compile is the costly one: CORRECTION_RE took about 22 ms of CPU to compile to bytecode and 5 ms more
 * to machine code, where compiling it to machine code at once takes 5 ms in all (Node 20, V8 11.3). V8
 * compiles to machine code at once when the text of the first run is long (1,000 UTF-16 units or more), so
 * each pattern is first run once on such a text, of spaces, whose result nobody reads. What a pattern
 * matches is the same in both engines: only the cost changes, and an engine with other rules only pays one
 * more run of a short pattern over 1,000 spaces.
 */

/** V8's length of a first text from which it compiles a pattern to machine code at once. */
const LONG_TEXT = ' '.repeat(1000);

const READY = new WeakSet<RegExp>();

/** `pattern`, run once on LONG_TEXT the first time it is asked for (its lastIndex left as it was). */
export function compiled<T extends RegExp>(pattern: T): T {
  if (READY.has(pattern)) return pattern;
  READY.add(pattern);
  const lastIndex = pattern.lastIndex;
  pattern.test(LONG_TEXT);
  pattern.lastIndex = lastIndex;
  return pattern;
}
