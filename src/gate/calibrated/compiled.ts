/**
 * A pattern ready for its first real use, compiled to machine code rather than to bytecode first, and for
 * one kind of text only.
 *
 * V8 compiles a regular expression on its first run to bytecode for its interpreter and, from the second
 * run on, again to machine code. For the lexicon's large case-insensitive Unicode patterns the bytecode
 * compile is the costly one: CORRECTION_RE took about 22 ms of CPU to compile to bytecode and 5 ms more
 * to machine code, where compiling it to machine code at once takes 5 ms in all (Node 20, V8 11.3). V8
 * compiles to machine code at once when the text of the first run is long (1,000 UTF-16 units or more), so
 * each pattern is first run once on such a text, of spaces, whose result nobody reads.
 *
 * V8 also compiles a pattern apart for each of its two string representations, one byte per character
 * (Latin-1 texts) and two (any other): on real sessions both kinds reach every reading, and the lexicon's
 * patterns were compiled twice (the regex compiler was 349 M instructions of the calibrated profile's
 * 2.09 G on the 10-40 MB stretch of the 100 MB real concatenation, against the seed's 43 M, by callgrind).
 * A long pattern that is neither global nor sticky is therefore run on its texts in two-byte form only (the
 * same characters: a copy of the opening read), and compiled once. A text of one character V8 keeps in
 * one byte whatever is done to it: the machine does not read a turn of one Latin-1 character or none,
 * which no phrase matches (machine.ts, tooShortToRead). What a pattern matches is the same in both
 * engines and both forms: only the cost changes.
 */

/** A character outside Latin-1: a string joined with it is held in two bytes per character. */
const WIDE = '\u0100';

/**
 * `text` held two bytes per character (V8's representation of a string that is not all Latin-1): its
 * copy after a wide character, past that character. Texts of one character or none come back as they are.
 */
export function asTwoByte(text: string): string {
  return text.length < 2 ? text : (WIDE + text).slice(1);
}

/** A first text from which V8 compiles a pattern to machine code at once (1,000 units), in each form. */
const LONG_TEXT = ' '.repeat(1000);
const LONG_WIDE_TEXT = asTwoByte(LONG_TEXT);

const READY = new WeakSet<RegExp>();
const exec = RegExp.prototype.exec;

/** Runs `pattern` once on `text` the first time (its lastIndex left as it was); true on that first time. */
function warm(pattern: RegExp, text: string): boolean {
  if (READY.has(pattern)) return false;
  READY.add(pattern);
  const lastIndex = pattern.lastIndex;
  pattern.test(text);
  pattern.lastIndex = lastIndex;
  return true;
}

/**
 * Source length from which a pattern is run on two-byte texts only: the lexicon's phrase lists
 * (CORRECTION_RE, REJECTION_RE, DECLINE_RE, CONCESSION_RE), whose compile is what costs. A shorter pattern
 * costs little to compile twice, and some scan long texts (a pasted log's opening for an error line), which
 * V8 scans faster in one-byte form.
 */
const TWO_BYTE_SOURCE = 400;

/**
 * `pattern`, run once on a long text the first time it is asked for (its lastIndex left as it was). A long
 * pattern that is neither global nor sticky then runs `exec` and `test` on the two-byte form of its text,
 * however it is called (through `compiled` or directly), and is first run on a two-byte text.
 */
export function compiled<T extends RegExp>(pattern: T): T {
  if (pattern.global || pattern.sticky || pattern.source.length < TWO_BYTE_SOURCE) {
    warm(pattern, LONG_TEXT);
    return pattern;
  }
  if (warm(pattern, LONG_WIDE_TEXT)) {
    pattern.exec = (text: string) => exec.call(pattern, asTwoByte(String(text)));
    pattern.test = (text: string) => exec.call(pattern, asTwoByte(String(text))) !== null;
  }
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
export class BoundedTest {
  private readonly rest: RegExp;
  private readonly others: RegExp | undefined;
  private readonly boundary: RegExp;

  constructor(pattern: RegExp) {
    const source = pattern.source;
    if (!source.startsWith(`${WORD_BEFORE}(?:`) || /[gy]/u.test(pattern.flags))
      throw new Error(`bounded test: ${source.slice(0, 40)} does not open with the word look-behind`);
    const body = source.slice(WORD_BEFORE.length);
    const close = groupEnd(body);
    if (!body.startsWith(WORD_AFTER, close))
      throw new Error(`bounded test: ${source.slice(0, 40)} does not close its phrases with the look-ahead`);
    const after = body.slice(close + WORD_AFTER.length);
    if (after !== '' && !after.startsWith('|'))
      throw new Error(`bounded test: ${source.slice(0, 40)} goes on after its phrases other than with |`);
    this.rest = new RegExp(body, `${pattern.flags}g`);
    this.others = after === '' ? undefined : new RegExp(`(?:${after.slice(1)})`, `${pattern.flags}y`);
    this.boundary = new RegExp(WORD_BEFORE, `${pattern.flags}y`);
  }

  test(subject: string): boolean {
    const rest = this.rest;
    // One form of text for all three patterns, as `compiled` gives the others, and compiled for it alone.
    if (warm(rest, LONG_WIDE_TEXT)) warm(this.boundary, LONG_WIDE_TEXT);
    const text = asTwoByte(subject);
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
