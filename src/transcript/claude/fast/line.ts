import { skipString, skipValue, skipWs, stringHadEscape } from './json-skip.js';

/**
 * One JSON value's place in the line: `start`/`end` bound its bytes; `kind` says what it is so that most
 * values never need decoding. Strings keep their quotes out: [start, end) is the content.
 */
export interface ValueRef {
  kind: number;
  start: number;
  end: number;
}

/** ValueRef kinds. */
export const ABSENT = 0;
export const STRING = 1; // content without escapes: decode the bytes
export const STRING_ESCAPED = 2; // decode with JSON.parse
export const OTHER = 3; // number, literal, array, object: JSON.parse the bytes when needed

/** What the top-level `type` and a block's `type` are, as far as the gate cares. */
const TYPE_OTHER = 0;
export const TYPE_USER = 1;
export const TYPE_ASSISTANT = 2;
export const TYPE_TEXT = 3;
export const TYPE_TOOL_USE = 4;
export const TYPE_TOOL_RESULT = 5;

export interface BlockView {
  isObject: boolean;
  type: number;
  text: ValueRef;
  name: ValueRef;
  inputIsObject: boolean;
  filePath: ValueRef;
  notebookPath: ValueRef;
  path: ValueRef;
  isErrorTruthy: boolean;
}

/** UsageView states: not looked at by this walk (the JavaScript one), no object usage, an object usage. */
export const USAGE_UNREAD = 0;
export const USAGE_NONE = 1;
export const USAGE_OBJECT = 2;

/**
 * What an assistant line's usage needs (src/cost), found by the compiled scanner in its one walk of the
 * line: the line's `timestamp` and `requestId`, its message's `model` and `id`, and the values of the
 * usage's counts (`cache_creation`'s one-hour part in `oneHour`), each ABSENT when not written. The
 * JavaScript walk leaves it USAGE_UNREAD, and the usage reader then finds the fields in the line's bytes.
 */
export interface UsageView {
  state: number;
  /** The line's own `timestamp` (the same as the view's). */
  timestamp: ValueRef;
  requestId: ValueRef;
  model: ValueRef;
  replyId: ValueRef;
  input: ValueRef;
  output: ValueRef;
  cacheWrite: ValueRef;
  cacheRead: ValueRef;
  oneHour: ValueRef;
  /**
   * The five counts' values in that order (input, output, cache write, cache read, one hour), as the scanner
   * read them: -1 where it left a value's bytes to be read from its ref (a fraction, an exponent, a long one).
   */
  counts: Int32Array;
  /** Whether one of the strings (timestamp, request id, model, id) holds a byte above ASCII. */
  wide: boolean;
  /**
   * Whether the line's message id and request id are those of the last assistant line shown before it that
   * had a message id (the compiled scanner compares the bytes; a line of a streamed reply's later content
   * blocks), and whether its model is that line's too. Set with `counts`, before `fill`.
   */
  sameReply: boolean;
  sameModel: boolean;
  /**
   * Copies the refs above (and `wide`) from the scanner's record: only `state`, `counts` and the two flags
   * are set for each line, so that a line continuing its reply costs no more. Valid during the line's call.
   */
  fill: () => void;
}

/** The fields of one Claude Code line the gate and the facts read; everything else was skipped unread. */
export interface LineView {
  type: number;
  uuid: ValueRef;
  messageId: ValueRef;
  sessionId: ValueRef;
  sessionIdSnake: ValueRef;
  timestamp: ValueRef;
  isMetaTruthy: boolean;
  knownField: boolean;
  /** ABSENT (no object message or no content), STRING/STRING_ESCAPED, OTHER (array in `blocks`, or else). */
  content: ValueRef;
  contentIsArray: boolean;
  /** The content array's elements: the first `blockCount` entries of `blocks` (entries are reused). */
  blocks: BlockView[];
  blockCount: number;
  /**
   * For an assistant line read by the compiled scanner: its text's length in code points times 2, plus 1
   * when a retry phrase may be in it, settled from the raw bytes; -1 when only decoding the text can tell
   * (and always for the JavaScript walk).
   */
  textInfo: number;
  /** An assistant line's usage fields (filled by the compiled scanner only; see UsageView). */
  usage: UsageView;
}

function ref(): ValueRef {
  return { kind: ABSENT, start: 0, end: 0 };
}

export function newBlockView(): BlockView {
  return {
    isObject: false,
    type: TYPE_OTHER,
    text: ref(),
    name: ref(),
    inputIsObject: false,
    filePath: ref(),
    notebookPath: ref(),
    path: ref(),
    isErrorTruthy: false,
  };
}

/** The JavaScript walk fills no usage fields (USAGE_UNREAD): nothing to copy. */
function noRefs(): void {}

function newUsageView(): UsageView {
  return {
    state: USAGE_UNREAD,
    timestamp: ref(),
    requestId: ref(),
    model: ref(),
    replyId: ref(),
    input: ref(),
    output: ref(),
    cacheWrite: ref(),
    cacheRead: ref(),
    oneHour: ref(),
    counts: new Int32Array(5),
    wide: false,
    sameReply: false,
    sameModel: false,
    fill: noRefs,
  };
}

export function newLineView(): LineView {
  return {
    type: TYPE_OTHER,
    uuid: ref(),
    messageId: ref(),
    sessionId: ref(),
    sessionIdSnake: ref(),
    timestamp: ref(),
    isMetaTruthy: false,
    knownField: false,
    content: ref(),
    contentIsArray: false,
    blocks: [],
    blockCount: 0,
    textInfo: -1,
    usage: newUsageView(),
  };
}

function reset(view: LineView): void {
  view.type = TYPE_OTHER;
  view.uuid.kind = ABSENT;
  view.messageId.kind = ABSENT;
  view.sessionId.kind = ABSENT;
  view.sessionIdSnake.kind = ABSENT;
  view.timestamp.kind = ABSENT;
  view.isMetaTruthy = false;
  view.knownField = false;
  view.content.kind = ABSENT;
  view.contentIsArray = false;
  view.blockCount = 0;
  view.textInfo = -1;
  view.usage.state = USAGE_UNREAD;
}

/** Skips a value at `i` and records where it was; returns the index after it (or -1). */
function capture(b: Buffer, i: number, end: number, into: ValueRef): number {
  if (b[i] === 0x22) {
    const after = skipString(b, i, end);
    if (after < 0) return -1;
    into.kind = stringHadEscape ? STRING_ESCAPED : STRING;
    into.start = i + 1;
    into.end = after - 1;
    return after;
  }
  const after = skipValue(b, i, end);
  if (after < 0) return -1;
  into.kind = OTHER;
  into.start = i;
  into.end = after;
  return after;
}

/**
 * The decoded text of a captured string (its JSON escapes resolved). Bad UTF-8 becomes U+FFFD exactly as
 * when the whole line is decoded: a string is bounded by ASCII quotes, which no bad sequence swallows.
 */
export function stringOf(b: Buffer, r: ValueRef): string {
  if (r.kind === STRING) return b.toString('utf8', r.start, r.end);
  return JSON.parse(b.toString('utf8', r.start - 1, r.end + 1)) as string;
}

/** The parsed value of any captured ref (JSON.parse of its bytes; exact for every kind). */
export function parsedValueOf(b: Buffer, r: ValueRef): unknown {
  if (r.kind === ABSENT) return undefined;
  if (r.kind === STRING || r.kind === STRING_ESCAPED) return stringOf(b, r);
  return JSON.parse(b.toString('utf8', r.start, r.end));
}

/**
 * Python truthiness of the valid JSON value `b[start, end)` (a string with its quotes), without decoding
 * strings: an empty string or container, `false`, `null` and zero are false.
 */
export function truthyAt(b: Buffer, start: number, end: number): boolean {
  const c = b[start];
  if (c === 0x22) return end - start > 2;
  if (c === 0x7b || c === 0x5b) return skipWs(b, start + 1, end) !== end - 1;
  if (c === 0x74) return true;
  if (c === 0x66 || c === 0x6e) return false;
  return Number(b.toString('latin1', start, end)) !== 0;
}

/** Skips the value at `i` and sets `truthy` to its truthiness; returns the index after it. */
let truthy = false;
function skipTruthy(b: Buffer, i: number, end: number): number {
  const after = skipValue(b, i, end);
  if (after < 0) return -1;
  truthy = truthyAt(b, i, after);
  return after;
}

function bytesAre(b: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (b[start + k] !== word[k]) return false;
  return true;
}

const enc = (s: string) => new TextEncoder().encode(s);
const W = {
  type: enc('type'),
  uuid: enc('uuid'),
  messageId: enc('messageId'),
  sessionId: enc('sessionId'),
  session_id: enc('session_id'),
  timestamp: enc('timestamp'),
  isMeta: enc('isMeta'),
  message: enc('message'),
  parentUuid: enc('parentUuid'),
  content: enc('content'),
  text: enc('text'),
  name: enc('name'),
  input: enc('input'),
  is_error: enc('is_error'),
  file_path: enc('file_path'),
  notebook_path: enc('notebook_path'),
  path: enc('path'),
  user: enc('user'),
  assistant: enc('assistant'),
  tool_use: enc('tool_use'),
  tool_result: enc('tool_result'),
};

/**
 * The key just skipped as a string: its bytes, or (when it held escapes) its decoded text re-encoded, so
 * that `"typ\u0065"` is `type` as JSON.parse sees it.
 */
let keyBytes: Uint8Array = new Uint8Array(0);
let keyStart = 0;
let keyEnd = 0;
function readKey(b: Buffer, i: number, end: number): number {
  if (b[i] !== 0x22) return -1;
  const after = skipString(b, i, end);
  if (after < 0) return -1;
  if (stringHadEscape) {
    keyBytes = enc(JSON.parse(b.toString('utf8', i, after)) as string);
    keyStart = 0;
    keyEnd = keyBytes.length;
  } else {
    keyBytes = b;
    keyStart = i + 1;
    keyEnd = after - 1;
  }
  return after;
}
function keyIs(word: Uint8Array): boolean {
  return bytesAre(keyBytes, keyStart, keyEnd, word);
}

/** Walks an object at `i` (`{` expected), calling `onKey` at each value; returns the index after `}`. */
function walkObject(
  b: Buffer,
  i: number,
  end: number,
  onKey: (b: Buffer, i: number, end: number) => number,
): number {
  i = skipWs(b, i + 1, end);
  if (i < end && b[i] === 0x7d) return i + 1;
  for (;;) {
    i = readKey(b, i, end);
    if (i < 0) return -1;
    i = skipWs(b, i, end);
    if (i >= end || b[i] !== 0x3a) return -1;
    i = skipWs(b, i + 1, end);
    if (i >= end) return -1;
    i = onKey(b, i, end);
    if (i < 0) return -1;
    i = skipWs(b, i, end);
    if (i >= end) return -1;
    if (b[i] === 0x2c) {
      i = skipWs(b, i + 1, end);
      continue;
    }
    return b[i] === 0x7d ? i + 1 : -1;
  }
}

function typeOfString(b: Buffer, r: ValueRef, words: [Uint8Array, number][]): number {
  if (r.kind === STRING) {
    for (const [word, type] of words) if (bytesAre(b, r.start, r.end, word)) return type;
    return TYPE_OTHER;
  }
  if (r.kind === STRING_ESCAPED) {
    const text = enc(stringOf(b, r));
    for (const [word, type] of words) if (bytesAre(text, 0, text.length, word)) return type;
  }
  return TYPE_OTHER;
}

const LINE_TYPES: [Uint8Array, number][] = [
  [W.user, TYPE_USER],
  [W.assistant, TYPE_ASSISTANT],
];
const BLOCK_TYPES: [Uint8Array, number][] = [
  [W.text, TYPE_TEXT],
  [W.tool_use, TYPE_TOOL_USE],
  [W.tool_result, TYPE_TOOL_RESULT],
];

const scratch = ref();
let view: LineView = newLineView();
let block: BlockView = newBlockView();

function onInputKey(b: Buffer, i: number, end: number): number {
  if (keyIs(W.file_path)) return capture(b, i, end, block.filePath);
  if (keyIs(W.notebook_path)) return capture(b, i, end, block.notebookPath);
  if (keyIs(W.path)) return capture(b, i, end, block.path);
  return skipValue(b, i, end);
}

function onBlockKey(b: Buffer, i: number, end: number): number {
  if (keyIs(W.type)) {
    const after = capture(b, i, end, scratch);
    block.type = typeOfString(b, scratch, BLOCK_TYPES);
    return after;
  }
  if (keyIs(W.text)) return capture(b, i, end, block.text);
  if (keyIs(W.name)) return capture(b, i, end, block.name);
  if (keyIs(W.input)) {
    block.filePath.kind = ABSENT;
    block.notebookPath.kind = ABSENT;
    block.path.kind = ABSENT;
    block.inputIsObject = b[i] === 0x7b;
    return block.inputIsObject ? walkObject(b, i, end, onInputKey) : skipValue(b, i, end);
  }
  if (keyIs(W.is_error)) {
    const after = skipTruthy(b, i, end);
    block.isErrorTruthy = truthy;
    return after;
  }
  return skipValue(b, i, end);
}

/** The next block entry of the view, reset (entries are reused from line to line). */
function nextBlock(): BlockView {
  let next = view.blocks[view.blockCount];
  if (next === undefined) {
    next = newBlockView();
    view.blocks.push(next);
  } else {
    next.isObject = false;
    next.type = TYPE_OTHER;
    next.text.kind = ABSENT;
    next.name.kind = ABSENT;
    next.inputIsObject = false;
    next.filePath.kind = ABSENT;
    next.notebookPath.kind = ABSENT;
    next.path.kind = ABSENT;
    next.isErrorTruthy = false;
  }
  view.blockCount++;
  return next;
}

function walkContentArray(b: Buffer, i: number, end: number): number {
  view.blockCount = 0;
  i = skipWs(b, i + 1, end);
  if (i < end && b[i] === 0x5d) return i + 1;
  for (;;) {
    if (i >= end) return -1;
    block = nextBlock();
    if (b[i] === 0x7b) {
      block.isObject = true;
      i = walkObject(b, i, end, onBlockKey);
    } else {
      i = skipValue(b, i, end);
    }
    if (i < 0) return -1;
    i = skipWs(b, i, end);
    if (i >= end) return -1;
    if (b[i] === 0x2c) {
      i = skipWs(b, i + 1, end);
      continue;
    }
    return b[i] === 0x5d ? i + 1 : -1;
  }
}

function onMessageKey(b: Buffer, i: number, end: number): number {
  if (!keyIs(W.content)) return skipValue(b, i, end);
  view.contentIsArray = b[i] === 0x5b;
  if (view.contentIsArray) {
    view.content.kind = OTHER;
    return walkContentArray(b, i, end);
  }
  view.blockCount = 0;
  return capture(b, i, end, view.content);
}

function onTopKey(b: Buffer, i: number, end: number): number {
  if (keyIs(W.type)) {
    view.knownField = true;
    const after = capture(b, i, end, scratch);
    view.type = typeOfString(b, scratch, LINE_TYPES);
    return after;
  }
  if (keyIs(W.message)) {
    view.knownField = true;
    view.content.kind = ABSENT;
    view.contentIsArray = false;
    view.blockCount = 0;
    return b[i] === 0x7b ? walkObject(b, i, end, onMessageKey) : skipValue(b, i, end);
  }
  if (keyIs(W.uuid)) {
    view.knownField = true;
    return capture(b, i, end, view.uuid);
  }
  if (keyIs(W.timestamp)) {
    view.knownField = true;
    return capture(b, i, end, view.timestamp);
  }
  if (keyIs(W.sessionId)) {
    view.knownField = true;
    return capture(b, i, end, view.sessionId);
  }
  if (keyIs(W.parentUuid)) {
    view.knownField = true;
    return skipValue(b, i, end);
  }
  if (keyIs(W.messageId)) return capture(b, i, end, view.messageId);
  if (keyIs(W.session_id)) return capture(b, i, end, view.sessionIdSnake);
  if (keyIs(W.isMeta)) {
    const after = skipTruthy(b, i, end);
    view.isMetaTruthy = truthy;
    return after;
  }
  return skipValue(b, i, end);
}

/**
 * Reads one line that starts with `{` and is a whole JSON object followed by nothing but spaces or tabs.
 * Returns the view, or undefined when the fast path cannot be sure (the caller parses the line fully).
 */
export function scanLine(b: Buffer, start: number, end: number, into: LineView): LineView | undefined {
  if (start >= end || b[start] !== 0x7b) return undefined;
  view = into;
  reset(view);
  let i = walkObject(b, start, end, onTopKey);
  if (i < 0) return undefined;
  i = skipWs(b, i, end);
  return i === end ? view : undefined;
}
