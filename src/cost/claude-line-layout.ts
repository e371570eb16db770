import { skipString, skipValue, skipWs } from '../transcript/claude/fast/json-skip.js';
import type { TokenCounts } from './tokens.js';
import { afterObjectRest, readUsageObject } from './usage-bytes.js';

/**
 * Where the fields of a Claude Code assistant line that usage needs are, read from its bytes in one pass
 * over the line's head (up to its message's content) and one over its tail (after its message): the line is
 * never decoded or parsed (its text and tool inputs can be megabytes; the gate's own pass has walked it).
 * Ranges are [start, end) of a string value's content, start -1 when the field is not there.
 */
export interface LineLayout {
  modelStart: number;
  modelEnd: number;
  idStart: number;
  idEnd: number;
  requestStart: number;
  requestEnd: number;
  timestampStart: number;
  timestampEnd: number;
  /** Whether a value read holds a byte above ASCII (then it is decoded as UTF-8, else as Latin-1: faster). */
  wide: boolean;
  tokens: TokenCounts;
}

export function newLineLayout(): LineLayout {
  return {
    modelStart: -1,
    modelEnd: -1,
    idStart: -1,
    idEnd: -1,
    requestStart: -1,
    requestEnd: -1,
    timestampStart: -1,
    timestampEnd: -1,
    wide: false,
    tokens: { input: 0, output: 0, cache_write: 0, cache_read: 0, cache_write_1h: 0 },
  };
}

/** The layout was read: an assistant line, its fields in place. */
export const READ = 1;
/** Surely not an assistant line of this session's own (a user line with a sub-agent's usage, a progress line). */
export const NOT_ASSISTANT = 0;
/** Not laid out as expected, or a value holds an escape: the caller parses the line whole. */
const UNSURE = -1;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const bytes = (text: string) => Buffer.from(text, 'latin1');
const MESSAGE = bytes('"message":{');
const CONTENT = bytes('"content":');
const ROLE_ASSISTANT = bytes('"role":"assistant"');
const TYPE = bytes('"type":"');
const MODEL = bytes('"model":"');
const ID = bytes('"id":"');
const REQUEST_ID = bytes('"requestId":"');
const TIMESTAMP = bytes('"timestamp":"');
const ASSISTANT = bytes('assistant"');
const USAGE_OPEN = bytes('"usage":').length;
// The first letters of the keys read.
const C = 0x63;
const I = 0x69;
const M = 0x6d;
const R = 0x72;
const T = 0x74;

function at(b: Uint8Array, i: number, end: number, word: Uint8Array): boolean {
  if (i + word.length > end) return false;
  for (let k = 1; k < word.length; k++) if (b[i + k] !== word[k]) return false;
  return true;
}

let valueEnd = -1;
let valueWide = false;
/** The end of the string value whose content starts at `i` (its closing quote), or -1 on an escape. */
function stringEnd(b: Uint8Array, i: number, end: number): number {
  valueWide = false;
  for (let p = i; p < end; p++) {
    const c = b[p]!;
    if (c === QUOTE) return p;
    if (c === BACKSLASH) return -1;
    if (c > 0x7f) valueWide = true;
  }
  return -1;
}

/** Whether the string value at `i` (its content) is `assistant`; -1 when it holds an escape. */
function isAssistantAt(b: Uint8Array, i: number, end: number): number {
  let same = i + ASSISTANT.length <= end;
  for (let k = 0; same && k < ASSISTANT.length; k++) same = b[i + k] === ASSISTANT[k];
  if (same) return 1;
  return stringEnd(b, i, end) < 0 ? -1 : 0;
}

/**
 * Reads the layout of the line [start, end) whose last `"usage":{` is at `usageAt`: READ, NOT_ASSISTANT or
 * UNSURE. The usage is the message's last member in Claude Code's lines (a gateway's may come before the
 * content: the head then ends at the usage); the line's own type, request id and time follow the message
 * (older releases: before it).
 *
 * Long on purpose: one pass over the line's bytes, head then tail, each branch taking one member by its
 * key's first letter; it runs on every assistant line that carries usage, and split into calls per member
 * it would pass the positions found so far back and forth on the scan's hottest path.
 */
export function readLineLayout(
  b: Buffer,
  start: number,
  end: number,
  usageAt: number,
  into: LineLayout,
): number {
  into.modelStart = into.idStart = into.requestStart = into.timestampStart = -1;
  into.wide = false;
  let messageAt = -1;
  let typeInHead = false;
  let role = false;
  // The head: the line's own keys before the message, then the message's up to its content.
  for (let i = start; i < usageAt; i++) {
    if (b[i] !== QUOTE) continue;
    // Told apart by the key's first letter first: most quotes in a line open or close some other string.
    const first = b[i + 1];
    if (messageAt < 0) {
      if (first === M && at(b, i, usageAt, MESSAGE)) {
        messageAt = i;
        i += MESSAGE.length - 1;
      } else if (first === T && !typeInHead && at(b, i, usageAt, TYPE)) {
        const is = isAssistantAt(b, i + TYPE.length, usageAt);
        if (is !== 1) return is === 0 ? NOT_ASSISTANT : UNSURE;
        typeInHead = true;
      } else if (first === R && into.requestStart < 0 && at(b, i, usageAt, REQUEST_ID)) {
        if (!valueAt(b, i + REQUEST_ID.length, usageAt)) return UNSURE;
        into.requestStart = i + REQUEST_ID.length;
        into.requestEnd = valueEnd;
        into.wide ||= valueWide;
        i = valueEnd;
      } else if (first === T && into.timestampStart < 0 && at(b, i, usageAt, TIMESTAMP)) {
        if (!valueAt(b, i + TIMESTAMP.length, usageAt)) return UNSURE;
        into.timestampStart = i + TIMESTAMP.length;
        into.timestampEnd = valueEnd;
        into.wide ||= valueWide;
        i = valueEnd;
      }
      continue;
    }
    if (first === C && at(b, i, usageAt, CONTENT)) break;
    if (first === R && !role && at(b, i, usageAt, ROLE_ASSISTANT)) {
      role = true;
      i += ROLE_ASSISTANT.length - 1;
    } else if (first === M && into.modelStart < 0 && at(b, i, usageAt, MODEL)) {
      if (!valueAt(b, i + MODEL.length, usageAt)) return UNSURE;
      into.modelStart = i + MODEL.length;
      into.modelEnd = valueEnd;
      into.wide ||= valueWide;
      i = valueEnd;
    } else if (first === I && into.idStart < 0 && at(b, i, usageAt, ID)) {
      if (!valueAt(b, i + ID.length, usageAt)) return UNSURE;
      into.idStart = i + ID.length;
      into.idEnd = valueEnd;
      into.wide ||= valueWide;
      i = valueEnd;
    }
  }
  if (messageAt < 0) return UNSURE;
  // Members written after the content (a gateway's, or an older release's order) are found from the usage back.
  if (!role && memberBefore(b, ROLE_ASSISTANT, messageAt, usageAt) < 0) return UNSURE;
  if (into.modelStart < 0) {
    const key = memberBefore(b, MODEL, messageAt, usageAt);
    if (key < 0) return UNSURE;
    into.modelStart = key + MODEL.length;
    into.modelEnd = stringEnd(b, into.modelStart, usageAt);
    into.wide ||= valueWide;
  }
  if (into.idStart < 0) {
    const key = memberBefore(b, ID, messageAt, usageAt);
    if (key < 0) return UNSURE;
    into.idStart = key + ID.length;
    into.idEnd = stringEnd(b, into.idStart, usageAt);
    into.wide ||= valueWide;
  }
  const close = readUsageObject(b, usageAt + USAGE_OPEN, end, into.tokens);
  if (close < 0) return UNSURE;
  // What follows the message is the line's own top level again.
  const tail = afterObjectRest(b, close, end);
  if (tail < 0) return UNSURE;
  let typeInTail = false;
  let requestInTail = false;
  let timestampInTail = false;
  for (let i = tail; i < end && !(requestInTail && timestampInTail && (typeInHead || typeInTail)); i++) {
    if (b[i] !== QUOTE) continue;
    const first = b[i + 1];
    if (first === T && !typeInHead && !typeInTail && at(b, i, end, TYPE)) {
      const is = isAssistantAt(b, i + TYPE.length, end);
      if (is !== 1) return is === 0 ? NOT_ASSISTANT : UNSURE;
      typeInTail = true;
    } else if (first === R && !requestInTail && at(b, i, end, REQUEST_ID)) {
      requestInTail = true;
      if (!valueAt(b, i + REQUEST_ID.length, end)) return UNSURE;
      into.requestStart = i + REQUEST_ID.length;
      into.requestEnd = valueEnd;
      into.wide ||= valueWide;
      i = valueEnd;
    } else if (first === T && !timestampInTail && at(b, i, end, TIMESTAMP)) {
      timestampInTail = true;
      if (!valueAt(b, i + TIMESTAMP.length, end)) return UNSURE;
      into.timestampStart = i + TIMESTAMP.length;
      into.timestampEnd = valueEnd;
      into.wide ||= valueWide;
      i = valueEnd;
    }
  }
  return typeInHead || typeInTail ? READ : UNSURE;
}

/**
 * Where the message's member `key` (`"model":"` and the like) is when it follows the content: the last one
 * before the usage is the message's own when only whole members of the message lie between it and the usage
 * (one inside a tool's input would be followed by the input's closing brace). -1 when it is not so.
 */
function memberBefore(b: Buffer, key: Uint8Array, messageAt: number, usageAt: number): number {
  const at = b.lastIndexOf(key, usageAt - key.length);
  if (at <= messageAt) return -1;
  let after = at + key.length;
  // A string value (`"model":"`) is read to its closing quote; `"role":"assistant"` is whole already.
  if (key[key.length - 1] === QUOTE && key[key.length - 2] === COLON) {
    const close = stringEnd(b, after, usageAt);
    if (close < 0) return -1;
    after = close + 1;
  }
  return membersReach(b, after, usageAt) ? at : -1;
}

/** Whether whole members (`,"key":value`) lead from `i` exactly to `target` (the next member's key). */
function membersReach(b: Uint8Array, i: number, target: number): boolean {
  for (;;) {
    i = skipWs(b, i, target);
    if (i >= target || b[i] !== COMMA) return false;
    i = skipWs(b, i + 1, target);
    if (i === target) return true;
    if (b[i] !== QUOTE) return false;
    i = skipString(b, i, target);
    if (i < 0) return false;
    i = skipWs(b, i, target);
    if (i >= target || b[i] !== COLON) return false;
    i = skipValue(b, skipWs(b, i + 1, target), target);
    if (i < 0) return false;
  }
}

/** Whether a string value without escapes starts at `i`; its closing quote is then at `valueEnd`. */
function valueAt(b: Uint8Array, i: number, end: number): boolean {
  valueEnd = stringEnd(b, i, end);
  return valueEnd >= 0;
}
