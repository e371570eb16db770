import type { TextReduction } from '../transcript/claude/long-line/types.js';
import { CONTINUATION_PREFIX, S1_RE, S4_PREFILTER, S4_RE, S5_MIN_ASSISTANT_LENGTH } from './signals.js';

/*
 * A text too long to hold — one turn's text in a line over the reader's cap, streamed in chunks — reduced
 * to a short text that the gate reads exactly as it reads the original, as a user turn and as an assistant
 * turn, alone or joined with other text blocks by `\n`:
 * - S1 and S4 match counts, up to the cap of 3 (a line's count above the signal's cap scores as the cap and
 *   anchors on the same id),
 * - a system notification anywhere, and a tag still open at the very end (a `\n` join would close it),
 * - the continuation prefix, and a `/` after leading white space,
 * - the word count up to 4 and, for three words or fewer, each word's approval status and the matches that
 *   span words,
 * - being empty, and having 500 code points.
 * No match spans a `\n` join (each alternative is words joined by single spaces), so the parts compose.
 */

const MATCH_CAP = 3;
/** Longer than any S1/S4 match in UTF-16 units (22 code points at most, two units each) plus look-around. */
const MATCH_WINDOW = 64;
/** A word longer than this is reduced; its first and last EDGE units are kept (longer than any word of an alternative). */
const WORD_VERBATIM = 64;
const EDGE = 24;
/** A word whose core (punctuation stripped) is at most this long keeps its core: it may be an approval. */
const SHORT_CORE = 16;
/** What stands between a reduced word's kept edges: not white space, not a word character, not `<`. */
const SEAM = '\u0001';

const WHITESPACE = new Set<number>([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f,
  0x205f, 0x3000,
]);
for (let c = 0x2000; c <= 0x200a; c++) WHITESPACE.add(c);
const isSpace = (c: number) => WHITESPACE.has(c);
/** Python's white space, as a global search (what str.split() splits on). */
const SPACE_RE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
const NON_SPACE_RE = /[^\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
const isPunct = (c: number) => c === 0x2e || c === 0x2c || c === 0x21 || c === 0x3f; // . , ! ?
const WORD_CHAR = /[\p{L}\p{N}_]/u;
const isLowerAlpha = (c: number) => c >= 0x61 && c <= 0x7a;
const isTagChar = (c: number) => isLowerAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d;

/** `at`, moved back by one when it points at the second unit of a surrogate pair. */
function pairStart(text: string, at: number): number {
  if (at <= 0) return 0;
  const c = text.charCodeAt(at);
  const p = text.charCodeAt(at - 1);
  return c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff ? at - 1 : at;
}

/** Non-overlapping matches of a global regex over a text given in chunks (Python findall), up to a cap. */
export class StreamingCount {
  count = 0;
  private carry = '';
  private from = 0;

  /** `prefilter`: a cheap test that every match's text passes (a window that fails it holds no match). */
  constructor(
    private readonly re: RegExp,
    private readonly prefilter?: RegExp,
  ) {}

  feed(chunk: string, last: boolean): void {
    if (this.count >= MATCH_CAP) return;
    const text = this.carry + chunk;
    if (this.prefilter && !this.prefilter.test(text)) {
      if (last) return;
      const next = pairStart(text, Math.max(this.from, text.length - MATCH_WINDOW));
      const keep = pairStart(text, Math.max(0, next - 2));
      this.carry = text.slice(keep);
      this.from = next - keep;
      return;
    }
    const re = this.re;
    re.lastIndex = this.from;
    let resume = this.from;
    let deferred: number | undefined;
    for (let match = re.exec(text); match !== null; match = re.exec(text)) {
      const end = match.index + match[0].length;
      // The look-ahead of a match this close to the end has not seen its character yet: decide it later.
      if (!last && end + 2 > text.length) {
        deferred = match.index;
        break;
      }
      this.count += 1;
      resume = end;
      if (this.count >= MATCH_CAP) return;
    }
    if (last) return;
    // A match starting before the window would have been found whole: the search resumes inside it.
    const next = pairStart(text, deferred ?? Math.max(resume, text.length - MATCH_WINDOW));
    const keep = pairStart(text, Math.max(0, next - 2));
    this.carry = text.slice(keep);
    this.from = next - keep;
  }
}

/**
 * Whether a text given in chunks holds a system notification (`<` a lower-case tag name, then white space or
 * `>`: SYSTEM_NOTIFICATION_RE), however long the tag name, and whether a tag name is still open at its end.
 */
export class NotificationScan {
  found = false;
  /** 0 outside a tag, 1 after `<`, 2 inside a tag name. */
  private tag = 0;

  get openAtEnd(): boolean {
    return this.tag === 2;
  }

  feed(text: string): void {
    let i = 0;
    while (i < text.length) {
      if (this.tag === 0) {
        const at = text.indexOf('<', i);
        if (at < 0) return;
        this.tag = 1;
        i = at + 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (this.tag === 1) this.tag = isLowerAlpha(c) ? 2 : c === 0x3c ? 1 : 0;
      else if (isTagChar(c)) this.tag = 2;
      else {
        if (isSpace(c) || c === 0x3e) this.found = true;
        this.tag = c === 0x3c ? 1 : 0;
      }
      i++;
    }
  }
}

/** What is known of one word while it streams by. */
interface Word {
  length: number;
  /** Its first units (up to EDGE), its last units (up to EDGE), and the whole of it while short. */
  head: string;
  tail: string;
  whole: string;
  /** Leading and (so far) trailing runs of `. , ! ?`; and the first units after the leading run. */
  leadPunct: number;
  trailPunct: number;
  coreHead: string;
}

function newWord(): Word {
  return { length: 0, head: '', tail: '', whole: '', leadPunct: 0, trailPunct: 0, coreHead: '' };
}

/** The first `n` units of `text`, one fewer when that would end inside a surrogate pair. */
function wholeUnitsBefore(text: string, n: number): string {
  if (text.length <= n) return text;
  const c = text.charCodeAt(n - 1);
  return c >= 0xd800 && c <= 0xdbff ? text.slice(0, n - 1) : text.slice(0, n);
}

/** The last `n` units of `text`, one fewer when that would start inside a surrogate pair. */
function wholeUnitsAfter(text: string, n: number): string {
  if (text.length <= n) return text;
  const c = text.charCodeAt(text.length - n);
  return c >= 0xdc00 && c <= 0xdfff ? text.slice(text.length - n + 1) : text.slice(text.length - n);
}

/** Adds `text[from, to)` (no white space in it) to the word. */
function growWord(word: Word, text: string, from: number, to: number): void {
  const piece = text.slice(from, to);
  if (word.length < WORD_VERBATIM + 1) word.whole = (word.whole + piece).slice(0, WORD_VERBATIM + 1);
  // While the word is shorter than EDGE its head is all of it, so each piece continues it.
  if (word.length < EDGE) word.head = wholeUnitsBefore((word.head + piece).slice(0, EDGE + 1), EDGE);
  word.tail = wholeUnitsAfter(word.tail + piece.slice(-EDGE - 1), EDGE);
  let i = from;
  if (word.leadPunct === word.length) while (i < to && isPunct(text.charCodeAt(i))) i++;
  word.leadPunct += i - from;
  if (word.coreHead.length < SHORT_CORE + 1 && i < to)
    word.coreHead = (word.coreHead + text.slice(i, Math.min(to, i + SHORT_CORE + 1))).slice(
      0,
      SHORT_CORE + 1,
    );
  let run = 0;
  for (let j = to - 1; j >= from && isPunct(text.charCodeAt(j)); j--) run++;
  word.trailPunct = run === to - from ? word.trailPunct + run : run;
  word.length += to - from;
}

/** A run of white space as kept: as it is when one or two units (a single space can join a match), else two tabs. */
function keptSpace(run: string, length: number): string {
  return length <= 2 ? run : '\t\t';
}

/**
 * The text reduction the gate's reader uses for over-long lines (see TextReduction): one pass over the
 * chunks, bounded memory, work linear in the text (regex searches stop at the cap).
 *
 * Long on purpose: one closure over the streaming state of a line (the two signal counters, the head, the
 * code-point count, the first words and the spaces between them); each step is a few lines, and split into
 * functions that state would have to travel through each chunk's call.
 */
export function gateTextReduction(): TextReduction {
  const s1 = new StreamingCount(S1_RE);
  const s4 = new StreamingCount(S4_RE, S4_PREFILTER);
  let pending = '';
  let head = '';
  let codePoints = 0;
  let highPending = false;
  const tags = new NotificationScan();
  // Words: up to four, then only the count matters (four or more).
  const words: Word[] = [];
  let word: Word | undefined;
  let spaceRun = '';
  let spaceLength = 0;
  const spaces: string[] = []; // spaces[i] precedes words[i]; spaces[words.length] trails

  const countCodePoints = (text: string) => {
    for (let i = 0; i < text.length && codePoints < S5_MIN_ASSISTANT_LENGTH; i++) {
      const c = text.charCodeAt(i);
      if (highPending && c >= 0xdc00 && c <= 0xdfff) {
        highPending = false;
        continue;
      }
      highPending = c >= 0xd800 && c <= 0xdbff;
      codePoints++;
    }
  };

  const scanWords = (text: string) => {
    let i = 0;
    while (i < text.length && words.length < 4) {
      if (word === undefined) {
        NON_SPACE_RE.lastIndex = i;
        const at = NON_SPACE_RE.exec(text)?.index ?? text.length;
        if (spaceLength <= 2) spaceRun = (spaceRun + text.slice(i, Math.min(at, i + 3))).slice(0, 3);
        spaceLength += at - i;
        i = at;
        if (i < text.length) {
          spaces.push(keptSpace(spaceRun, spaceLength));
          spaceRun = '';
          spaceLength = 0;
          word = newWord();
          words.push(word);
        }
      } else {
        SPACE_RE.lastIndex = i;
        const at = SPACE_RE.exec(text)?.index ?? text.length;
        growWord(word, text, i, at);
        i = at;
        if (i < text.length) word = undefined;
      }
    }
  };

  // A text under 500 code points is short enough to keep as it is (and its length, when joined, counts).
  let whole = '';
  const feed = (chunk: string, last: boolean) => {
    if (codePoints < S5_MIN_ASSISTANT_LENGTH) whole += chunk;
    if (head.length < CONTINUATION_PREFIX.length) head = (head + chunk).slice(0, CONTINUATION_PREFIX.length);
    s1.feed(chunk, last);
    s4.feed(chunk, last);
    if (codePoints < S5_MIN_ASSISTANT_LENGTH) countCodePoints(chunk);
    tags.feed(chunk);
    if (words.length < 4) scanWords(chunk);
  };

  return {
    feed(chunk) {
      // One chunk is held back, so that the last one is known as the last (the regexes' look-ahead).
      if (pending.length > 0) feed(pending, false);
      pending = chunk;
    },
    finish() {
      feed(pending, true);
      pending = '';
      // A tag still open at the very end: a `\n` join after this text would close it.
      const openAtEnd = tags.openAtEnd;
      const notification = tags.found;
      if (codePoints < S5_MIN_ASSISTANT_LENGTH) return whole;
      const target1 = Math.min(s1.count, MATCH_CAP);
      const target4 = Math.min(s4.count, MATCH_CAP);
      if (words.length >= 4) {
        const slash = spaces.length > 0 && words[0]?.head.startsWith('/');
        let text = head.startsWith(CONTINUATION_PREFIX) ? CONTINUATION_PREFIX : slash ? '/x' : 'x';
        text += ' x x x';
        text += ' stop'.repeat(target1) + ' my mistake'.repeat(target4);
        if (notification) text += ' <a>';
        text += ` ${'x'.repeat(S5_MIN_ASSISTANT_LENGTH)}`;
        if (openAtEnd) text += ' <a';
        return text;
      }
      return fewWords({
        words,
        spaces: [...spaces, keptSpace(spaceRun, spaceLength)],
        trailing: word === undefined,
        target1,
        notification,
        openAtEnd,
      });
    },
  };
}

/** The reduced text of a text of three words or fewer (see gateTextReduction). */
function fewWords(parts: {
  words: Word[];
  spaces: string[];
  trailing: boolean;
  target1: number;
  notification: boolean;
  openAtEnd: boolean;
}): string {
  const { words, spaces } = parts;
  const seams: { index: number; text: string }[] = [];
  let text = spaces[0] ?? '';
  words.forEach((word, i) => {
    if (word.length <= WORD_VERBATIM) {
      text += word.whole;
    } else {
      const coreLength = word.length - word.leadPunct - word.trailPunct;
      if (coreLength <= 0) {
        text += word.head.slice(0, 2);
      } else if (coreLength <= SHORT_CORE) {
        // Mostly punctuation around a short core (`!!!…ok…!!!`): the core, one mark on each side kept.
        text += `${word.leadPunct > 0 ? word.head[0] : ''}${word.coreHead.slice(0, coreLength)}${word.trailPunct > 0 ? word.tail.slice(-1) : ''}`;
      } else {
        // The edges as they were, and between them a seam: nothing spans it, and it holds what is added.
        const afterHead = word.length > EDGE ? 'x' : '';
        const beforeTail = word.tail.length > 0 && WORD_CHAR.test(word.tail[0] ?? '') ? 'x' : '';
        text += word.head;
        seams.push({ index: text.length, text: '' });
        text += `${afterHead}${SEAM}${SEAM}${beforeTail}${word.tail}`;
      }
    }
    if (i < words.length - 1) text += spaces[i + 1] ?? ' ';
  });
  if (parts.trailing && words.length > 0) text += spaces[words.length] ?? '';
  // What the kept edges and words lost, put into the first seam (inside a word, so no word is added).
  const seam = seams[0];
  if (seam) {
    let extra = '';
    const counted = countOf(S1_RE, text);
    for (let k = counted; k < parts.target1; k++) extra += `stop${SEAM}`;
    if (parts.notification && !hasNotification(text)) extra += `<a>${SEAM}`;
    const at = seam.index + (text[seam.index] === 'x' ? 1 : 0) + 1;
    text = text.slice(0, at) + extra + text.slice(at);
  }
  // The original has 500 code points or more (a shorter one is kept whole): so has this, by leading space.
  if (codePointCount(text) < S5_MIN_ASSISTANT_LENGTH) text = '\t'.repeat(S5_MIN_ASSISTANT_LENGTH) + text;
  if (parts.openAtEnd && !/<[a-z][a-z0-9-]*$/.test(text)) text += '<a';
  return text;
}

function countOf(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

const NOTIFICATION =
  /<[a-z][a-z0-9-]*[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000>]/;
function hasNotification(text: string): boolean {
  return NOTIFICATION.test(text);
}

function codePointCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
