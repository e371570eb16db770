// The fast reader's line scanner, compiled to WebAssembly (AssemblyScript; scripts/build-wasm.mjs, run by
// `npm run build`).
//
// It walks one JSON line of a Claude Code transcript in place, checks that the whole line is JSON that
// JSON.parse accepts, and records where the few fields the gate reads are (as byte ranges in this
// module's memory), without decoding anything. It is the same walk as src/transcript/claude/fast/line.ts (the
// JavaScript version, kept for runtimes without WebAssembly): compiled code runs at full speed from the
// first line, where JavaScript spends the first tens of megabytes warming up. Whatever it cannot be sure
// of (an escaped key or type, nesting deeper than 512, more than MAX_BLOCKS content blocks) makes it
// answer 0, and the caller parses that line in full.
//
// Memory: [static data][record: RECORD_BYTES][lines: grown by the caller]. The record holds i32 slots:
// the line's fields, then one BLOCK_SLOTS group per content block. A ref is three slots: kind, start, end
// (absolute addresses; a string's range excludes its quotes).

const ABSENT: i32 = 0;
const STRING: i32 = 1;
const STRING_ESCAPED: i32 = 2;
const OTHER: i32 = 3;

const TYPE_OTHER: i32 = 0;
const TYPE_USER: i32 = 1;
const TYPE_ASSISTANT: i32 = 2;
const TYPE_TEXT: i32 = 3;
const TYPE_TOOL_USE: i32 = 4;
const TYPE_TOOL_RESULT: i32 = 5;
/** typeOf's answer for an escaped string: the line goes to the full parse. */
const TYPE_UNSURE: i32 = -1;

// Line slots.
const R_TYPE: i32 = 0;
const R_KNOWN: i32 = 1;
const R_UUID: i32 = 2;
const R_MESSAGE_ID: i32 = 5;
const R_SESSION_ID: i32 = 8;
const R_SESSION_ID_SNAKE: i32 = 11;
const R_TIMESTAMP: i32 = 14;
const R_IS_META: i32 = 17;
const R_CONTENT: i32 = 20;
const R_CONTENT_IS_ARRAY: i32 = 23;
const R_BLOCK_COUNT: i32 = 24;
/** An assistant line's text facts (assistantTextInfo), or -1 for other lines. */
const R_TEXT_INFO: i32 = 25;
/** breakAndScan's answer for the line it scanned (scanLine's 1 or 0). */
const R_STATUS: i32 = 26;
// What an assistant line's usage needs (src/cost): the line's `requestId`, its message's `model`, `id`
// and whether its `usage` is an object, and where that usage's counts are (refs to their values), so
// that the cost read looks at those few bytes only.
const R_REQUEST_ID: i32 = 27;
const R_MODEL: i32 = 30;
const R_REPLY_ID: i32 = 33;
const R_USAGE: i32 = 36;
const R_INPUT_TOKENS: i32 = 37;
const R_OUTPUT_TOKENS: i32 = 40;
const R_CACHE_WRITE_TOKENS: i32 = 43;
const R_CACHE_READ_TOKENS: i32 = 46;
const R_ONE_HOUR_TOKENS: i32 = 49;
/** The five counts' values (in the order above), read here when each is a plain integer of up to 9 digits; -1: read the ref. */
const R_COUNTS: i32 = 52;
// Slot 57 is free (it held whether the strings above are ASCII; usageWide() answers that now).
const R_BLOCKS: i32 = 58;
// Block slots.
const B_IS_OBJECT: i32 = 0;
const B_TYPE: i32 = 1;
const B_TEXT: i32 = 2;
const B_NAME: i32 = 5;
const B_INPUT_IS_OBJECT: i32 = 8;
const B_FILE_PATH: i32 = 9;
const B_NOTEBOOK_PATH: i32 = 12;
const B_PATH: i32 = 15;
const B_IS_ERROR: i32 = 18;
const BLOCK_SLOTS: i32 = 21;
const MAX_BLOCKS: i32 = 1024;
const RECORD_BYTES: usize = 128 * 1024; // >= (R_BLOCKS + MAX_BLOCKS * BLOCK_SLOTS) * 4

const MAX_DEPTH: i32 = 512;
const IN_OBJECT: u8 = 1;
const IN_ARRAY: u8 = 2;

const QUOTE: u32 = 0x22;
const BACKSLASH: u32 = 0x5c;

const K_TYPE = memory.data<u8>([116, 121, 112, 101]);
const K_UUID = memory.data<u8>([117, 117, 105, 100]);
const K_MESSAGE_ID = memory.data<u8>([109, 101, 115, 115, 97, 103, 101, 73, 100]);
const K_SESSION_ID = memory.data<u8>([115, 101, 115, 115, 105, 111, 110, 73, 100]);
const K_SESSION_ID_SNAKE = memory.data<u8>([115, 101, 115, 115, 105, 111, 110, 95, 105, 100]);
const K_TIMESTAMP = memory.data<u8>([116, 105, 109, 101, 115, 116, 97, 109, 112]);
const K_IS_META = memory.data<u8>([105, 115, 77, 101, 116, 97]);
const K_MESSAGE = memory.data<u8>([109, 101, 115, 115, 97, 103, 101]);
const K_PARENT_UUID = memory.data<u8>([112, 97, 114, 101, 110, 116, 85, 117, 105, 100]);
const K_CONTENT = memory.data<u8>([99, 111, 110, 116, 101, 110, 116]);
const K_TEXT = memory.data<u8>([116, 101, 120, 116]);
const K_NAME = memory.data<u8>([110, 97, 109, 101]);
const K_INPUT = memory.data<u8>([105, 110, 112, 117, 116]);
const K_IS_ERROR = memory.data<u8>([105, 115, 95, 101, 114, 114, 111, 114]);
const K_FILE_PATH = memory.data<u8>([102, 105, 108, 101, 95, 112, 97, 116, 104]);
const K_NOTEBOOK_PATH = memory.data<u8>([110, 111, 116, 101, 98, 111, 111, 107, 95, 112, 97, 116, 104]);
const K_PATH = memory.data<u8>([112, 97, 116, 104]);
const K_REQUEST_ID = memory.data<u8>([114, 101, 113, 117, 101, 115, 116, 73, 100]);
const K_MODEL = memory.data<u8>([109, 111, 100, 101, 108]);
const K_ID = memory.data<u8>([105, 100]);
const K_USAGE = memory.data<u8>([117, 115, 97, 103, 101]);
const K_INPUT_TOKENS = memory.data<u8>([105, 110, 112, 117, 116, 95, 116, 111, 107, 101, 110, 115]);
const K_OUTPUT_TOKENS = memory.data<u8>([111, 117, 116, 112, 117, 116, 95, 116, 111, 107, 101, 110, 115]);
const K_CACHE_WRITE_TOKENS = memory.data<u8>([
  99, 97, 99, 104, 101, 95, 99, 114, 101, 97, 116, 105, 111, 110, 95, 105, 110, 112, 117, 116, 95, 116, 111, 107, 101,
  110, 115,
]);
const K_CACHE_READ_TOKENS = memory.data<u8>([
  99, 97, 99, 104, 101, 95, 114, 101, 97, 100, 95, 105, 110, 112, 117, 116, 95, 116, 111, 107, 101, 110, 115,
]);
const K_CACHE_CREATION = memory.data<u8>([99, 97, 99, 104, 101, 95, 99, 114, 101, 97, 116, 105, 111, 110]);
const K_ONE_HOUR_TOKENS = memory.data<u8>([
  101, 112, 104, 101, 109, 101, 114, 97, 108, 95, 49, 104, 95, 105, 110, 112, 117, 116, 95, 116, 111, 107, 101, 110, 115,
]);
const W_USER = memory.data<u8>([117, 115, 101, 114]);
const W_ASSISTANT = memory.data<u8>([97, 115, 115, 105, 115, 116, 97, 110, 116]);
const W_TEXT = memory.data<u8>([116, 101, 120, 116]);
const W_TOOL_USE = memory.data<u8>([116, 111, 111, 108, 95, 117, 115, 101]);
const W_TOOL_RESULT = memory.data<u8>([116, 111, 111, 108, 95, 114, 101, 115, 117, 108, 116]);

/** The container stack of skipValue. */
const STACK = memory.data(MAX_DEPTH);

const RECORD: usize = (__heap_base + 15) & ~(<usize>15);

/** Where the record is. */
export function recordAddress(): usize {
  return RECORD;
}

/** Where the caller may keep its line buffer (everything from here on is the caller's). */
export function linesAddress(): usize {
  return RECORD + RECORD_BYTES;
}

// The walk's state: the last string's escape flag, the last key, and the block being filled.
let stringHadEscape = false;
let keyStart: usize = 0;
let keyLength: usize = 0;
let block: usize = 0;

@inline function setSlot(base: usize, slot: i32, value: i32): void {
  store<i32>(base + (<usize>slot << 2), value);
}

@inline function getSlot(base: usize, slot: i32): i32 {
  return load<i32>(base + (<usize>slot << 2));
}

function setRef(base: usize, slot: i32, kind: i32, start: usize, end: usize): void {
  setSlot(base, slot, kind);
  setSlot(base, slot + 1, <i32>start);
  setSlot(base, slot + 2, <i32>end);
}

@inline function isSimpleEscape(c: u32): bool {
  // " \ / b f n r t
  return c == 0x22 || c == 0x5c || c == 0x2f || c == 0x62 || c == 0x66 || c == 0x6e || c == 0x72 || c == 0x74;
}

@inline function isHex(c: u32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

@inline function isDigit(c: u32): bool {
  return c >= 0x30 && c <= 0x39;
}

function skipWs(i: usize, end: usize): usize {
  while (i < end) {
    const c = <u32>load<u8>(i);
    if (c != 0x20 && c != 0x09) break;
    i++;
  }
  return i;
}

/**
 * `i` at the opening quote; returns the index after the closing quote, or 0 (not JSON: a control
 * character, a bad escape, no closing quote). Sixteen bytes at a time until a quote, a backslash or a
 * control character shows up.
 */
function skipString(i: usize, end: usize): usize {
  let p = i + 1;
  let escaped = false;
  const quotes = i8x16.splat(0x22);
  const backslashes = i8x16.splat(0x5c);
  const space = i8x16.splat(0x20);
  for (;;) {
    if (p + 16 <= end) {
      const v = v128.load(p);
      const special = v128.or(v128.or(i8x16.eq(v, quotes), i8x16.eq(v, backslashes)), i8x16.lt_u(v, space));
      const mask = i8x16.bitmask(special);
      if (mask == 0) {
        p += 16;
        continue;
      }
      p += <usize>ctz<i32>(mask);
    } else {
      if (p >= end) return 0;
      const c = <u32>load<u8>(p);
      if (c != QUOTE && c != BACKSLASH && c >= 0x20) {
        p++;
        continue;
      }
    }
    const c = <u32>load<u8>(p);
    if (c == QUOTE) {
      stringHadEscape = escaped;
      return p + 1;
    }
    if (c != BACKSLASH) return 0;
    escaped = true;
    if (p + 1 >= end) return 0;
    const d = <u32>load<u8>(p + 1);
    if (isSimpleEscape(d)) {
      p += 2;
    } else if (
      d == 0x75 &&
      p + 5 < end &&
      isHex(<u32>load<u8>(p + 2)) &&
      isHex(<u32>load<u8>(p + 3)) &&
      isHex(<u32>load<u8>(p + 4)) &&
      isHex(<u32>load<u8>(p + 5))
    ) {
      p += 6;
    } else {
      return 0;
    }
  }
  return 0; // not reached: the loop returns
}

/** A number (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`) or `true`/`false`/`null`; 0 when neither. */
function skipScalar(i: usize, end: usize): usize {
  const c = <u32>load<u8>(i);
  if (c == 0x74) {
    return end - i >= 4 && load<u8>(i + 1) == 0x72 && load<u8>(i + 2) == 0x75 && load<u8>(i + 3) == 0x65 ? i + 4 : 0;
  }
  if (c == 0x66) {
    return end - i >= 5 &&
      load<u8>(i + 1) == 0x61 &&
      load<u8>(i + 2) == 0x6c &&
      load<u8>(i + 3) == 0x73 &&
      load<u8>(i + 4) == 0x65
      ? i + 5
      : 0;
  }
  if (c == 0x6e) {
    return end - i >= 4 && load<u8>(i + 1) == 0x75 && load<u8>(i + 2) == 0x6c && load<u8>(i + 3) == 0x6c ? i + 4 : 0;
  }
  let p = i;
  if (load<u8>(p) == 0x2d) p++;
  if (p >= end) return 0;
  if (load<u8>(p) == 0x30) p++;
  else if (isDigit(<u32>load<u8>(p))) while (p < end && isDigit(<u32>load<u8>(p))) p++;
  else return 0;
  if (p < end && load<u8>(p) == 0x2e) {
    p++;
    if (p >= end || !isDigit(<u32>load<u8>(p))) return 0;
    while (p < end && isDigit(<u32>load<u8>(p))) p++;
  }
  if (p < end && (load<u8>(p) == 0x65 || load<u8>(p) == 0x45)) {
    p++;
    if (p < end && (load<u8>(p) == 0x2b || load<u8>(p) == 0x2d)) p++;
    if (p >= end || !isDigit(<u32>load<u8>(p))) return 0;
    while (p < end && isDigit(<u32>load<u8>(p))) p++;
  }
  return p;
}

/** Any JSON value, containers walked iteratively with their structure checked; 0 when not JSON. */
function skipValue(i: usize, end: usize): usize {
  if (i >= end) return 0;
  const first = <u32>load<u8>(i);
  if (first == QUOTE) return skipString(i, end);
  if (first != 0x7b && first != 0x5b) return skipScalar(i, end);
  let depth: i32 = 0;
  for (;;) {
    // At the start of a value.
    if (i >= end) return 0;
    const c = <u32>load<u8>(i);
    if (c == 0x7b || c == 0x5b) {
      if (depth == MAX_DEPTH) return 0;
      const isObject = c == 0x7b;
      store<u8>(STACK + <usize>depth, isObject ? IN_OBJECT : IN_ARRAY);
      depth++;
      i = skipWs(i + 1, end);
      if (i < end && <u32>load<u8>(i) == (isObject ? 0x7d : 0x5d)) {
        i++;
        depth--;
      } else if (isObject) {
        if (i >= end || <u32>load<u8>(i) != QUOTE) return 0;
        i = skipString(i, end);
        if (i == 0) return 0;
        i = skipWs(i, end);
        if (i >= end || <u32>load<u8>(i) != 0x3a) return 0;
        i = skipWs(i + 1, end);
        continue;
      } else {
        continue;
      }
    } else {
      i = c == QUOTE ? skipString(i, end) : skipScalar(i, end);
      if (i == 0) return 0;
    }
    // After a value: a separator, or the end of one or more containers.
    for (;;) {
      if (depth == 0) return i;
      i = skipWs(i, end);
      if (i >= end) return 0;
      const d = <u32>load<u8>(i);
      const top = load<u8>(STACK + <usize>(depth - 1));
      if (d == 0x2c) {
        i = skipWs(i + 1, end);
        if (top == IN_OBJECT) {
          if (i >= end || <u32>load<u8>(i) != QUOTE) return 0;
          i = skipString(i, end);
          if (i == 0) return 0;
          i = skipWs(i, end);
          if (i >= end || <u32>load<u8>(i) != 0x3a) return 0;
          i = skipWs(i + 1, end);
        }
        break;
      }
      if ((d == 0x7d && top == IN_OBJECT) || (d == 0x5d && top == IN_ARRAY)) {
        i++;
        depth--;
        continue;
      }
      return 0;
    }
  }
  return 0; // not reached: the loop returns
}

/** Skips the value at `i` and records it in the ref at `slot` of `base`. */
function capture(i: usize, end: usize, base: usize, slot: i32): usize {
  if (<u32>load<u8>(i) == QUOTE) {
    const after = skipString(i, end);
    if (after == 0) return 0;
    setRef(base, slot, stringHadEscape ? STRING_ESCAPED : STRING, i + 1, after - 1);
    return after;
  }
  const after = skipValue(i, end);
  if (after == 0) return 0;
  setRef(base, slot, OTHER, i, after);
  return after;
}

function equalsWord(start: usize, length: usize, word: usize, wordLength: usize): bool {
  if (length != wordLength) return false;
  for (let k: usize = 0; k < length; k++) if (load<u8>(start + k) != load<u8>(word + k)) return false;
  return true;
}

@inline function keyIs(word: usize, wordLength: usize): bool {
  return equalsWord(keyStart, keyLength, word, wordLength);
}

/** Reads a key; an escaped key is left to the full parse (0). */
function readKey(i: usize, end: usize): usize {
  if (<u32>load<u8>(i) != QUOTE) return 0;
  const after = skipString(i, end);
  if (after == 0 || stringHadEscape) return 0;
  keyStart = i + 1;
  keyLength = after - 1 - keyStart;
  return after;
}

/** The type a string value names, as far as the gate cares; TYPE_UNSURE for an escaped string. */
function lineTypeOf(kind: i32, start: usize, end: usize): i32 {
  if (kind == STRING_ESCAPED) return TYPE_UNSURE;
  if (kind != STRING) return TYPE_OTHER;
  if (equalsWord(start, end - start, W_USER, 4)) return TYPE_USER;
  if (equalsWord(start, end - start, W_ASSISTANT, 9)) return TYPE_ASSISTANT;
  return TYPE_OTHER;
}

function blockTypeOf(kind: i32, start: usize, end: usize): i32 {
  if (kind == STRING_ESCAPED) return TYPE_UNSURE;
  if (kind != STRING) return TYPE_OTHER;
  if (equalsWord(start, end - start, W_TEXT, 4)) return TYPE_TEXT;
  if (equalsWord(start, end - start, W_TOOL_USE, 8)) return TYPE_TOOL_USE;
  if (equalsWord(start, end - start, W_TOOL_RESULT, 11)) return TYPE_TOOL_RESULT;
  return TYPE_OTHER;
}

// Which object walkObject is in, so it knows which keys to record.
const IN_LINE: i32 = 0;
const IN_MESSAGE: i32 = 1;
const IN_BLOCK: i32 = 2;
const IN_INPUT: i32 = 3;
const IN_USAGE: i32 = 4;
const IN_CACHE_CREATION: i32 = 5;

/** The value of a scratch ref (kind, start, end), for a `type` value. */
const SCRATCH = memory.data(12);

function onLineKey(i: usize, end: usize): usize {
  if (keyIs(K_TYPE, 4)) {
    setSlot(RECORD, R_KNOWN, 1);
    const after = capture(i, end, SCRATCH, 0);
    if (after == 0) return 0;
    const type = lineTypeOf(getSlot(SCRATCH, 0), <usize>getSlot(SCRATCH, 1), <usize>getSlot(SCRATCH, 2));
    if (type == TYPE_UNSURE) return 0;
    setSlot(RECORD, R_TYPE, type);
    return after;
  }
  if (keyIs(K_MESSAGE, 7)) {
    setSlot(RECORD, R_KNOWN, 1);
    setSlot(RECORD, R_CONTENT, ABSENT);
    setSlot(RECORD, R_CONTENT_IS_ARRAY, 0);
    setSlot(RECORD, R_BLOCK_COUNT, 0);
    // A later `message` replaces an earlier one, as JSON.parse reads it.
    setSlot(RECORD, R_MODEL, ABSENT);
    setSlot(RECORD, R_REPLY_ID, ABSENT);
    resetUsage(0);
    return <u32>load<u8>(i) == 0x7b ? walkObject(i, end, IN_MESSAGE) : skipValue(i, end);
  }
  if (keyIs(K_UUID, 4)) {
    setSlot(RECORD, R_KNOWN, 1);
    return capture(i, end, RECORD, R_UUID);
  }
  if (keyIs(K_TIMESTAMP, 9)) {
    setSlot(RECORD, R_KNOWN, 1);
    return capture(i, end, RECORD, R_TIMESTAMP);
  }
  if (keyIs(K_SESSION_ID, 9)) {
    setSlot(RECORD, R_KNOWN, 1);
    return capture(i, end, RECORD, R_SESSION_ID);
  }
  if (keyIs(K_PARENT_UUID, 10)) {
    setSlot(RECORD, R_KNOWN, 1);
    return skipValue(i, end);
  }
  if (keyIs(K_MESSAGE_ID, 9)) return capture(i, end, RECORD, R_MESSAGE_ID);
  if (keyIs(K_REQUEST_ID, 9)) return capture(i, end, RECORD, R_REQUEST_ID);
  if (keyIs(K_SESSION_ID_SNAKE, 10)) return capture(i, end, RECORD, R_SESSION_ID_SNAKE);
  if (keyIs(K_IS_META, 6)) return capture(i, end, RECORD, R_IS_META);
  return skipValue(i, end);
}

/** Forgets the usage read so far (a message, or a usage, written again); `isObject`: the new one is. */
function resetUsage(isObject: i32): void {
  setSlot(RECORD, R_USAGE, isObject);
  setSlot(RECORD, R_INPUT_TOKENS, ABSENT);
  setSlot(RECORD, R_OUTPUT_TOKENS, ABSENT);
  setSlot(RECORD, R_CACHE_WRITE_TOKENS, ABSENT);
  setSlot(RECORD, R_CACHE_READ_TOKENS, ABSENT);
  setSlot(RECORD, R_ONE_HOUR_TOKENS, ABSENT);
}

function onMessageKey(i: usize, end: usize): usize {
  if (keyIs(K_MODEL, 5)) return capture(i, end, RECORD, R_MODEL);
  if (keyIs(K_ID, 2)) return capture(i, end, RECORD, R_REPLY_ID);
  if (keyIs(K_USAGE, 5)) {
    const isObject = <u32>load<u8>(i) == 0x7b;
    resetUsage(isObject ? 1 : 0);
    return isObject ? walkObject(i, end, IN_USAGE) : skipValue(i, end);
  }
  if (!keyIs(K_CONTENT, 7)) return skipValue(i, end);
  if (<u32>load<u8>(i) == 0x5b) {
    setSlot(RECORD, R_CONTENT_IS_ARRAY, 1);
    setSlot(RECORD, R_CONTENT, OTHER);
    return walkContentArray(i, end);
  }
  setSlot(RECORD, R_CONTENT_IS_ARRAY, 0);
  setSlot(RECORD, R_BLOCK_COUNT, 0);
  return capture(i, end, RECORD, R_CONTENT);
}

function onBlockKey(i: usize, end: usize): usize {
  if (keyIs(K_TYPE, 4)) {
    const after = capture(i, end, SCRATCH, 0);
    if (after == 0) return 0;
    const type = blockTypeOf(getSlot(SCRATCH, 0), <usize>getSlot(SCRATCH, 1), <usize>getSlot(SCRATCH, 2));
    if (type == TYPE_UNSURE) return 0;
    setSlot(block, B_TYPE, type);
    return after;
  }
  if (keyIs(K_TEXT, 4)) return capture(i, end, block, B_TEXT);
  if (keyIs(K_NAME, 4)) return capture(i, end, block, B_NAME);
  if (keyIs(K_INPUT, 5)) {
    setSlot(block, B_FILE_PATH, ABSENT);
    setSlot(block, B_NOTEBOOK_PATH, ABSENT);
    setSlot(block, B_PATH, ABSENT);
    const isObject = <u32>load<u8>(i) == 0x7b;
    setSlot(block, B_INPUT_IS_OBJECT, isObject ? 1 : 0);
    return isObject ? walkObject(i, end, IN_INPUT) : skipValue(i, end);
  }
  if (keyIs(K_IS_ERROR, 8)) return capture(i, end, block, B_IS_ERROR);
  return skipValue(i, end);
}

function onInputKey(i: usize, end: usize): usize {
  if (keyIs(K_FILE_PATH, 9)) return capture(i, end, block, B_FILE_PATH);
  if (keyIs(K_NOTEBOOK_PATH, 13)) return capture(i, end, block, B_NOTEBOOK_PATH);
  if (keyIs(K_PATH, 4)) return capture(i, end, block, B_PATH);
  return skipValue(i, end);
}

/** The usage's counts at its top level; `cache_creation`'s one-hour part inside it. */
function onUsageKey(i: usize, end: usize): usize {
  if (keyIs(K_INPUT_TOKENS, 12)) return capture(i, end, RECORD, R_INPUT_TOKENS);
  if (keyIs(K_OUTPUT_TOKENS, 13)) return capture(i, end, RECORD, R_OUTPUT_TOKENS);
  if (keyIs(K_CACHE_WRITE_TOKENS, 27)) return capture(i, end, RECORD, R_CACHE_WRITE_TOKENS);
  if (keyIs(K_CACHE_READ_TOKENS, 23)) return capture(i, end, RECORD, R_CACHE_READ_TOKENS);
  if (keyIs(K_CACHE_CREATION, 14)) {
    setSlot(RECORD, R_ONE_HOUR_TOKENS, ABSENT);
    return <u32>load<u8>(i) == 0x7b ? walkObject(i, end, IN_CACHE_CREATION) : skipValue(i, end);
  }
  return skipValue(i, end);
}

function onCacheCreationKey(i: usize, end: usize): usize {
  if (keyIs(K_ONE_HOUR_TOKENS, 25)) return capture(i, end, RECORD, R_ONE_HOUR_TOKENS);
  return skipValue(i, end);
}

function onKey(i: usize, end: usize, where: i32): usize {
  if (where == IN_LINE) return onLineKey(i, end);
  if (where == IN_MESSAGE) return onMessageKey(i, end);
  if (where == IN_BLOCK) return onBlockKey(i, end);
  if (where == IN_INPUT) return onInputKey(i, end);
  if (where == IN_USAGE) return onUsageKey(i, end);
  return onCacheCreationKey(i, end);
}

/** Walks an object at `i` (`{`), handing each value to the keys of `where`; the index after `}`, or 0. */
function walkObject(i: usize, end: usize, where: i32): usize {
  i = skipWs(i + 1, end);
  if (i < end && <u32>load<u8>(i) == 0x7d) return i + 1;
  for (;;) {
    if (i >= end) return 0;
    i = readKey(i, end);
    if (i == 0) return 0;
    i = skipWs(i, end);
    if (i >= end || <u32>load<u8>(i) != 0x3a) return 0;
    i = skipWs(i + 1, end);
    if (i >= end) return 0;
    i = onKey(i, end, where);
    if (i == 0) return 0;
    i = skipWs(i, end);
    if (i >= end) return 0;
    const c = <u32>load<u8>(i);
    if (c == 0x2c) {
      i = skipWs(i + 1, end);
      continue;
    }
    return c == 0x7d ? i + 1 : 0;
  }
  return 0; // not reached: the loop returns
}

/** The next block of the record, reset; 0 when there are more than MAX_BLOCKS. */
function nextBlock(): usize {
  const count = getSlot(RECORD, R_BLOCK_COUNT);
  if (count == MAX_BLOCKS) return 0;
  setSlot(RECORD, R_BLOCK_COUNT, count + 1);
  const at = RECORD + (<usize>(R_BLOCKS + count * BLOCK_SLOTS) << 2);
  setSlot(at, B_IS_OBJECT, 0);
  setSlot(at, B_TYPE, TYPE_OTHER);
  setSlot(at, B_TEXT, ABSENT);
  setSlot(at, B_NAME, ABSENT);
  setSlot(at, B_INPUT_IS_OBJECT, 0);
  setSlot(at, B_FILE_PATH, ABSENT);
  setSlot(at, B_NOTEBOOK_PATH, ABSENT);
  setSlot(at, B_PATH, ABSENT);
  setSlot(at, B_IS_ERROR, ABSENT);
  return at;
}

function walkContentArray(i: usize, end: usize): usize {
  setSlot(RECORD, R_BLOCK_COUNT, 0);
  i = skipWs(i + 1, end);
  if (i < end && <u32>load<u8>(i) == 0x5d) return i + 1;
  for (;;) {
    if (i >= end) return 0;
    block = nextBlock();
    if (block == 0) return 0;
    if (<u32>load<u8>(i) == 0x7b) {
      setSlot(block, B_IS_OBJECT, 1);
      i = walkObject(i, end, IN_BLOCK);
    } else {
      i = skipValue(i, end);
    }
    if (i == 0) return 0;
    i = skipWs(i, end);
    if (i >= end) return 0;
    const c = <u32>load<u8>(i);
    if (c == 0x2c) {
      i = skipWs(i + 1, end);
      continue;
    }
    return c == 0x5d ? i + 1 : 0;
  }
  return 0; // not reached: the loop returns
}

/**
 * Scans the line `[start, end)` (absolute addresses). 1: the record describes it; 0: the line is not
 * a single JSON object the walk is sure about, and must be parsed in full.
 */
export function scanLine(start: usize, end: usize): i32 {
  if (walkLine(start, end) != end) return 0;
  finishLine();
  return 1;
}

/**
 * The walk of scanLine over a line that starts at `start` and ends at or before `end`: the index after the
 * object and the white space behind it, or 0 when the bytes are not an object the walk is sure about.
 */
function walkLine(start: usize, end: usize): usize {
  if (start >= end || <u32>load<u8>(start) != 0x7b) return 0;
  setSlot(RECORD, R_TYPE, TYPE_OTHER);
  setSlot(RECORD, R_KNOWN, 0);
  setSlot(RECORD, R_UUID, ABSENT);
  setSlot(RECORD, R_MESSAGE_ID, ABSENT);
  setSlot(RECORD, R_SESSION_ID, ABSENT);
  setSlot(RECORD, R_SESSION_ID_SNAKE, ABSENT);
  setSlot(RECORD, R_TIMESTAMP, ABSENT);
  setSlot(RECORD, R_IS_META, ABSENT);
  setSlot(RECORD, R_CONTENT, ABSENT);
  setSlot(RECORD, R_CONTENT_IS_ARRAY, 0);
  setSlot(RECORD, R_BLOCK_COUNT, 0);
  setSlot(RECORD, R_REQUEST_ID, ABSENT);
  setSlot(RECORD, R_MODEL, ABSENT);
  setSlot(RECORD, R_REPLY_ID, ABSENT);
  resetUsage(0);
  const i = walkObject(start, end, IN_LINE);
  return i == 0 ? 0 : skipWs(i, end);
}

/** What scanLine works out once the walk has accepted the line. */
function finishLine(): void {
  const assistant = getSlot(RECORD, R_TYPE) == TYPE_ASSISTANT;
  setSlot(RECORD, R_TEXT_INFO, assistant ? assistantTextInfo() : -1);
  if (assistant && getSlot(RECORD, R_USAGE) == 1) readCounts();
}

/**
 * A count's value as the cost reader takes it: 0 for anything but a number (a string, null, a container,
 * a negative number), the integer itself when it is one of up to 9 digits, -1 otherwise (a fraction, an
 * exponent, a larger number: JavaScript reads those bytes itself).
 */
function countOf(slot: i32): i32 {
  if (getSlot(RECORD, slot) != OTHER) return 0;
  const start = <usize>getSlot(RECORD, slot + 1);
  const end = <usize>getSlot(RECORD, slot + 2);
  if (!isDigit(<u32>load<u8>(start))) return 0;
  if (end - start > 9) return -1;
  let value: i32 = 0;
  for (let p = start; p < end; p++) {
    const c = <u32>load<u8>(p);
    if (!isDigit(c)) return -1;
    value = value * 10 + <i32>(c - 0x30);
  }
  return value;
}

/** Whether the string in the ref at `slot` holds a byte above ASCII. */
function wideString(slot: i32): bool {
  if (getSlot(RECORD, slot) != STRING) return false;
  const end = <usize>getSlot(RECORD, slot + 2);
  for (let p = <usize>getSlot(RECORD, slot + 1); p < end; p++) if (<u32>load<u8>(p) >= 0x80) return true;
  return false;
}

/** An assistant line's usage counts, so JavaScript reads no byte of them. */
function readCounts(): void {
  setSlot(RECORD, R_COUNTS, countOf(R_INPUT_TOKENS));
  setSlot(RECORD, R_COUNTS + 1, countOf(R_OUTPUT_TOKENS));
  setSlot(RECORD, R_COUNTS + 2, countOf(R_CACHE_WRITE_TOKENS));
  setSlot(RECORD, R_COUNTS + 3, countOf(R_CACHE_READ_TOKENS));
  setSlot(RECORD, R_COUNTS + 4, countOf(R_ONE_HOUR_TOKENS));
}

/**
 * 1 when one of the assistant line's usage strings (model, message id, request id, timestamp) holds a byte
 * above ASCII. Asked only for a line whose strings the cost reader reads (a reply's first line, mostly).
 */
export function usageWide(): i32 {
  return wideString(R_MODEL) || wideString(R_REPLY_ID) || wideString(R_REQUEST_ID) || wideString(R_TIMESTAMP)
    ? 1
    : 0;
}

// The message id, request id and model of the last assistant line compareReply was asked about that had a
// message id: Claude Code writes a streamed reply as one line per content block, and the cost reader needs
// only to know that a line continues the reply before it (most lines do) to take its counts and nothing else.
/** Longest id or model kept: a longer one is not kept, and the next line then never compares equal. */
const KEPT_BYTES: i32 = 256;
const KEPT_ID = memory.data(KEPT_BYTES);
const KEPT_REQUEST = memory.data(KEPT_BYTES);
const KEPT_MODEL = memory.data(KEPT_BYTES);
let keptIdLength: i32 = -1;
let keptRequestLength: i32 = -1;
let keptModelLength: i32 = -1;

/** A string ref's length (0 for a value that is not a plain string: the cost reader reads those as ''). */
function textLength(slot: i32): i32 {
  if (getSlot(RECORD, slot) != STRING) return 0;
  return getSlot(RECORD, slot + 2) - getSlot(RECORD, slot + 1);
}

/** Whether the string at `slot` (as textLength reads it) is the `length` bytes kept at `kept`. */
function sameAsKept(slot: i32, kept: usize, length: i32): bool {
  if (textLength(slot) != length) return false;
  return length == 0 || memory.compare(<usize>getSlot(RECORD, slot + 1), kept, <usize>length) == 0;
}

/** Keeps the string at `slot` (as textLength reads it) at `kept`; its length, or -1 when too long to keep. */
function keep(slot: i32, kept: usize): i32 {
  const length = textLength(slot);
  if (length > KEPT_BYTES) return -1;
  if (length > 0) memory.copy(kept, <usize>getSlot(RECORD, slot + 1), <usize>length);
  return length;
}

/**
 * For the assistant line the record describes: 1 when its message id and request id are those of the last
 * line asked about, plus 2 when its model is too; then keeps its own. A line without a plain, non-empty
 * message id answers 0 and keeps nothing (the cost reader counts it as a reply of its own). Called once
 * per line shown to the cost reader, in file order, so that a line scanned twice is not its own predecessor.
 */
export function compareReply(): i32 {
  // An escaped string sends the line to the full parse: what is kept is then not that reader's last reply.
  if (
    getSlot(RECORD, R_REPLY_ID) == STRING_ESCAPED ||
    getSlot(RECORD, R_REQUEST_ID) == STRING_ESCAPED ||
    getSlot(RECORD, R_MODEL) == STRING_ESCAPED
  ) {
    keptIdLength = -1;
    return 0;
  }
  if (getSlot(RECORD, R_REPLY_ID) != STRING || textLength(R_REPLY_ID) == 0) return 0;
  let answer: i32 = 0;
  if (
    sameAsKept(R_REPLY_ID, KEPT_ID, keptIdLength) &&
    sameAsKept(R_REQUEST_ID, KEPT_REQUEST, keptRequestLength)
  ) {
    answer = 1;
  } else {
    keptIdLength = keep(R_REPLY_ID, KEPT_ID);
    keptRequestLength = keep(R_REQUEST_ID, KEPT_REQUEST);
  }
  if (sameAsKept(R_MODEL, KEPT_MODEL, keptModelLength)) answer |= 2;
  else keptModelLength = keep(R_MODEL, KEPT_MODEL);
  return answer;
}

/**
 * textInfo of an assistant line's whole text as the reader joins it (string content, or the non-empty
 * text blocks with `\n` between them): code points times 2, plus 1 when a retry word may be in it; -1 when
 * the text must be decoded to tell.
 */
function assistantTextInfo(): i32 {
  const kind = getSlot(RECORD, R_CONTENT);
  if (kind == STRING || kind == STRING_ESCAPED) {
    return textInfo(<usize>getSlot(RECORD, R_CONTENT + 1), <usize>getSlot(RECORD, R_CONTENT + 2));
  }
  if (getSlot(RECORD, R_CONTENT_IS_ARRAY) == 0) return 0;
  const count = getSlot(RECORD, R_BLOCK_COUNT);
  let info: i32 = 0;
  let parts: i32 = 0;
  for (let k: i32 = 0; k < count; k++) {
    const at = RECORD + (<usize>(R_BLOCKS + k * BLOCK_SLOTS) << 2);
    if (getSlot(at, B_IS_OBJECT) == 0 || getSlot(at, B_TYPE) != TYPE_TEXT) continue;
    const textKind = getSlot(at, B_TEXT);
    const start = <usize>getSlot(at, B_TEXT + 1);
    const end = <usize>getSlot(at, B_TEXT + 2);
    if ((textKind != STRING && textKind != STRING_ESCAPED) || end == start) continue;
    const part = textInfo(start, end);
    if (part < 0) return -1;
    // Lengths add up (the \n between parts counts one); the retry bit is an or.
    info = (info + (part & ~1) + (parts > 0 ? 2 : 0)) | (info & 1) | (part & 1);
    parts++;
  }
  return info;
}

// Text facts for the gate: whether a text may hold a retry phrase, and its length, from the raw bytes.

@inline function folded(p: usize): u32 {
  return <u32>load<u8>(p) | 0x20;
}

/**
 * Whether one of the words every S4 phrase contains starts at `p`: `try`, `work`, `let me`, `mistake`
 * (ASCII, any case; the JavaScript prefilter also knows the two non-ASCII letters that fold to k and s,
 * but textInfo sends a text that holds either of them to the caller to decode).
 */
function retryWordAt(p: usize, end: usize): bool {
  const c = folded(p);
  if (c == 0x74) return p + 2 < end && folded(p + 1) == 0x72 && folded(p + 2) == 0x79;
  if (c == 0x77) return p + 3 < end && folded(p + 1) == 0x6f && folded(p + 2) == 0x72 && folded(p + 3) == 0x6b;
  if (c == 0x6c) {
    return (
      p + 5 < end &&
      folded(p + 1) == 0x65 &&
      folded(p + 2) == 0x74 &&
      <u32>load<u8>(p + 3) == 0x20 &&
      folded(p + 4) == 0x6d &&
      folded(p + 5) == 0x65
    );
  }
  if (c == 0x6d) {
    return (
      p + 6 < end &&
      folded(p + 1) == 0x69 &&
      folded(p + 2) == 0x73 &&
      folded(p + 3) == 0x74 &&
      folded(p + 4) == 0x61 &&
      folded(p + 5) == 0x6b &&
      folded(p + 6) == 0x65
    );
  }
  return false;
}

@inline function lower(p: usize): v128 {
  return v128.or(v128.load(p), i8x16.splat(0x20));
}

@inline function is(v: v128, c: i8): v128 {
  return i8x16.eq(v, i8x16.splat(c));
}

/**
 * For the raw content `[start, end)` of a JSON string the scanner accepted: its decoded length in code
 * points times 2, plus 1 when it may contain a retry word. -1 when the bytes cannot tell exactly (a \u
 * escape, bytes that are not well-formed UTF-8, or the Kelvin sign or long s, which Unicode case folding
 * maps onto a letter of a retry word): the caller decodes the text. A simple escape (`\n`, `\"`...) is one
 * character and never a letter or a space, so a word in the decoded text is a word in the raw bytes; a
 * well-formed multi-byte sequence is one code point (one or two UTF-16 units) and never an ASCII letter.
 *
 * Sixteen positions at a time: a word can only start where the 4-byte prefix `try?`, `work`, `let `,
 * `mist` matches (compared on four shifted loads), and only those few positions are checked in full.
 */
/**
 * The length of the well-formed UTF-8 sequence of two to four bytes that starts at `p` and ends by `end`
 * (the ranges of the Unicode standard's table 3-7: no overlong form, no surrogate, nothing past U+10FFFF),
 * or 0: not well-formed, or the Kelvin sign (E2 84 AA) or long s (C5 BF).
 */
function wideSequenceAt(p: usize, end: usize): i32 {
  const c = <u32>load<u8>(p);
  if (c < 0xc2 || c > 0xf4) return 0;
  if (c < 0xe0) {
    if (p + 1 >= end) return 0;
    const c1 = <u32>load<u8>(p + 1);
    if ((c1 & 0xc0) != 0x80 || (c == 0xc5 && c1 == 0xbf)) return 0;
    return 2;
  }
  if (c < 0xf0) {
    if (p + 2 >= end) return 0;
    const c1 = <u32>load<u8>(p + 1);
    const low: u32 = c == 0xe0 ? 0xa0 : 0x80;
    const high: u32 = c == 0xed ? 0x9f : 0xbf;
    if (c1 < low || c1 > high || (<u32>load<u8>(p + 2) & 0xc0) != 0x80) return 0;
    if (c == 0xe2 && c1 == 0x84 && <u32>load<u8>(p + 2) == 0xaa) return 0;
    return 3;
  }
  if (p + 3 >= end) return 0;
  const c1 = <u32>load<u8>(p + 1);
  const low: u32 = c == 0xf0 ? 0x90 : 0x80;
  const high: u32 = c == 0xf4 ? 0x8f : 0xbf;
  if (c1 < low || c1 > high) return 0;
  if ((<u32>load<u8>(p + 2) & 0xc0) != 0x80 || (<u32>load<u8>(p + 3) & 0xc0) != 0x80) return 0;
  return 4;
}

function textInfo(start: usize, end: usize): i32 {
  let p = start;
  let escapes: i32 = 0;
  let maybe: i32 = 0;
  // The escape that began last ends here: a backslash before it is an escaped character, not an escape.
  let escapedUntil: usize = 0;
  // The bytes of multi-byte sequences past their first (what the decoded length does not count), and
  // where the sequence that began last ends.
  let trailing: i32 = 0;
  let wideUntil: usize = 0;
  while (p + 19 <= end) {
    const v = v128.load(p);
    let wide = i8x16.bitmask(v);
    while (wide != 0) {
      const at = p + <usize>ctz<i32>(wide);
      wide &= wide - 1;
      if (at < wideUntil) continue;
      const length = wideSequenceAt(at, end);
      if (length == 0) return -1;
      trailing += length - 1;
      wideUntil = at + <usize>length;
    }
    let backslashes = i8x16.bitmask(i8x16.eq(v, i8x16.splat(0x5c)));
    while (backslashes != 0) {
      const at = p + <usize>ctz<i32>(backslashes);
      backslashes &= backslashes - 1;
      if (at < escapedUntil) continue;
      if (<u32>load<u8>(at + 1) == 0x75) return -1;
      escapes++;
      escapedUntil = at + 2;
    }
    if (maybe == 0) {
      const f0 = v128.or(v, i8x16.splat(0x20));
      const f1 = lower(p + 1);
      const f2 = lower(p + 2);
      const f3 = lower(p + 3);
      const tryOrWork = v128.or(
        v128.and(v128.and(is(f0, 0x74), is(f1, 0x72)), is(f2, 0x79)),
        v128.and(v128.and(is(f0, 0x77), is(f1, 0x6f)), v128.and(is(f2, 0x72), is(f3, 0x6b))),
      );
      const letOrMist = v128.or(
        v128.and(v128.and(is(f0, 0x6c), is(f1, 0x65)), v128.and(is(f2, 0x74), is(f3, 0x20))),
        v128.and(v128.and(is(f0, 0x6d), is(f1, 0x69)), v128.and(is(f2, 0x73), is(f3, 0x74))),
      );
      let starts = i8x16.bitmask(v128.or(tryOrWork, letOrMist));
      while (starts != 0) {
        const at = p + <usize>ctz<i32>(starts);
        starts &= starts - 1;
        if (retryWordAt(at, end)) {
          maybe = 1;
          break;
        }
      }
    }
    p += 16;
  }
  if (p < escapedUntil) p = escapedUntil;
  if (p < wideUntil) p = wideUntil;
  while (p < end) {
    const c = <u32>load<u8>(p);
    if (c >= 0x80) {
      const length = wideSequenceAt(p, end);
      if (length == 0) return -1;
      trailing += length - 1;
      p += <usize>length;
      continue;
    }
    if (c == BACKSLASH) {
      if (<u32>load<u8>(p + 1) == 0x75) return -1;
      escapes++;
      p += 2;
      continue;
    }
    if (maybe == 0 && retryWordAt(p, end)) maybe = 1;
    p++;
  }
  return ((<i32>(end - start) - escapes - trailing) << 1) | maybe;
}

/** The first `\n` or `\r` in `[start, end)`, or `end`: where the line that starts at `start` ends. */
function lineBreak(start: usize, end: usize): usize {
  let p = start;
  while (p + 16 <= end) {
    const v = v128.load(p);
    const breaks = i8x16.bitmask(v128.or(i8x16.eq(v, i8x16.splat(0x0a)), i8x16.eq(v, i8x16.splat(0x0d))));
    if (breaks != 0) return p + <usize>ctz<i32>(breaks);
    p += 16;
  }
  while (p < end) {
    const c = <u32>load<u8>(p);
    if (c == 0x0a || c == 0x0d) return p;
    p++;
  }
  return end;
}

/**
 * lineBreak, and the line that ends there scanned at once (one call per line instead of two): returns
 * the break, or `end` when there is none (then nothing was scanned); scanLine's answer is in R_STATUS.
 *
 * The walk goes first, bounded by `end` rather than the line's break, so that a line's bytes are read once,
 * not once for the break and again for the walk. It accepts neither `\n` nor `\r` anywhere (a string
 * holds no control character, white space between values is a space or a tab), so when it ends on one,
 * that is the line's first break and the walk is scanLine's up to it. Any other ending (a line the walk
 * refuses, a line the buffer holds only part of) is found the plain way: the break, then the walk.
 */
export function breakAndScan(start: usize, end: usize): usize {
  const walked = walkLine(start, end);
  if (walked != 0 && walked < end) {
    const c = <u32>load<u8>(walked);
    if (c == 0x0a || c == 0x0d) {
      finishLine();
      setSlot(RECORD, R_STATUS, 1);
      return walked;
    }
  }
  const at = lineBreak(start, end);
  if (at < end) setSlot(RECORD, R_STATUS, scanLine(start, at));
  return at;
}
