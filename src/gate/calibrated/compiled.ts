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

const WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const WORD_AFTER = '(?![\\p{L}\\p{N}_])';

/**
 * A test of a lexicon pattern built as `(?<!W)(?:phrases)(?!W)|others` (the bounded phrases, then the
 * phrases of scripts without spaces), run as the pattern without its opening look-behind, the look-behind
 * checked where a match starts. The two agree: the look-behind is the same for every bounded phrase at a
 * position, so where it fails none of them matches there and only the others are left to try at that
 * position. Without it V8 skips ahead on the phrases' letters instead of testing a class of 140,000 code
 * points at every position: 1.6x (DECLINE_RE) and 3x (CONCESSION_RE) faster on real first replies.
 */
export interface BoundedTestOptions {
  /**
   * Test the lower-cased text with the pattern compiled without `i` (its phrases written in lower case):
   * under `iu` V8 builds the case closure of every letter of the pattern when it compiles it.
   */
  lowerCase?: boolean;
}

export class BoundedTest {
  private readonly lowerCase: boolean;
  private readonly rest: RegExp;
  private readonly others: RegExp | undefined;
  private readonly boundary: RegExp;

  constructor(pattern: RegExp, options: BoundedTestOptions = {}) {
    const source = pattern.source;
    this.lowerCase = options.lowerCase ?? false;
    const flags = this.lowerCase ? pattern.flags.replace('i', '') : pattern.flags;
    if (!source.startsWith(`${WORD_BEFORE}(?:`) || /[gy]/u.test(pattern.flags))
      throw new Error(`bounded test: ${source.slice(0, 40)} does not open with the word look-behind`);
    const body = source.slice(WORD_BEFORE.length);
    const close = groupEnd(body);
    if (!body.startsWith(WORD_AFTER, close))
      throw new Error(`bounded test: ${source.slice(0, 40)} does not close its phrases with the look-ahead`);
    const after = body.slice(close + WORD_AFTER.length);
    if (after !== '' && !after.startsWith('|'))
      throw new Error(`bounded test: ${source.slice(0, 40)} goes on after its phrases other than with |`);
    this.rest = new RegExp(body, `${flags}g`);
    this.others = after === '' ? undefined : new RegExp(`(?:${after.slice(1)})`, `${flags}y`);
    this.boundary = new RegExp(WORD_BEFORE, `${flags}y`);
  }

  test(typed: string): boolean {
    const text = this.lowerCase ? typed.toLowerCase() : typed;
    const rest = compiled(this.rest);
    for (let from = 0; from <= text.length; ) {
      rest.lastIndex = from;
      const match = rest.exec(text);
      if (match === null) return false;
      const at = match.index;
      this.boundary.lastIndex = at;
      if (this.boundary.test(text)) return true;
      if (this.others) {
        this.others.lastIndex = at;
        if (this.others.test(text)) return true;
      }
      from = at + ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1);
    }
    return false;
  }
}

/** Where the group opening `body` closes (the index past its `)`), escapes and classes skipped. */
function groupEnd(body: string): number {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i + 1;
  }
  throw new Error('bounded test: the phrases group is not closed');
}
