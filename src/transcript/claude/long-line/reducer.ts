import type { Hash } from 'node:crypto';
import { sha1Digest } from '../../sha1.js';
import type { LongLineOptions, TextReduction } from './types.js';

/**
 * What a value means to the gate's reading of a Claude Code line, by where it sits (see normalise.ts):
 * - `top`, `message`, `block`, `input`: objects whose members the gate reads; other members are dropped.
 * - `content`: `message.content`, a text (string) or the list of blocks.
 * - `text`: a turn's text; a long one is reduced by the text reduction.
 * - `name`: a string compared with fixed names (`type`, a tool `name`); a long one matches none.
 * - `ident`: a string whose identity counts (session id, timestamp, edit path); a long one becomes a digest.
 * - `verbatim`: kept as it is (`uuid`, `messageId`: their value, whatever it is, becomes an anchor id).
 * - `minimal`: only its kind and truthiness count (`isMeta`, `is_error`, an element of the block list).
 * - `drop`: a member the gate never reads; checked, not written.
 */
type Role =
  | 'top'
  | 'message'
  | 'content'
  | 'block'
  | 'input'
  | 'text'
  | 'name'
  | 'ident'
  | 'verbatim'
  | 'minimal'
  | 'drop';

const MEMBERS: Partial<Record<Role, Record<string, Role>>> = {
  top: {
    type: 'name',
    uuid: 'verbatim',
    messageId: 'verbatim',
    sessionId: 'ident',
    session_id: 'ident',
    timestamp: 'ident',
    isMeta: 'minimal',
    message: 'message',
    // Only its presence counts (a known field, for the schema-drift check).
    parentUuid: 'minimal',
  },
  message: { content: 'content' },
  // A tool result's `content` (a text or text blocks): the calibrated profile reads an error's opening.
  block: {
    type: 'name',
    text: 'text',
    name: 'name',
    input: 'input',
    is_error: 'minimal',
    content: 'content',
  },
  input: { file_path: 'ident', notebook_path: 'ident', path: 'ident' },
};

type State = 'key-or-end' | 'key' | 'colon' | 'value' | 'value-or-end' | 'comma-or-end';

interface Frame {
  kind: 'object' | 'array';
  role: Role;
  state: State;
  /** Members or elements written so far (for the commas). */
  written: number;
  /** The role of the value of the member being read (objects). */
  memberRole: Role;
  /** That member's key as written out (quoted, raw), when the member is kept. */
  memberKey: Buffer | undefined;
  /** A container read only to check it (`minimal`/`drop`): whether it holds anything. */
  holds: boolean;
}

interface StringState {
  role: Role;
  isKey: boolean;
  heldLength: number;
  long: boolean;
  digest: Hash | undefined;
  text: TextDecoding | undefined;
  empty: boolean;
  /** Inside an escape: 0 none, 1 after `\`, 2-5 hex digits of `\u` read so far + 2. */
  escape: number;
}

interface Scalar {
  raw: Uint8Array;
  rawLength: number;
  length: number;
  literal: boolean;
  /** A number: where it is in the grammar, and whether a digit before its exponent is not 0. */
  state: NumberState;
  nonZero: boolean;
  exponent: boolean;
  role: Role;
}

/** JSON's number grammar, one byte at a time: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. */
type NumberState = 'minus' | 'zero' | 'int' | 'dot' | 'frac' | 'e' | 'sign' | 'exp';
const NUMBER_ENDS = new Set<NumberState>(['zero', 'int', 'frac', 'exp']);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** The next state, or undefined when `b` cannot continue the number (it ends there, valid or not). */
function numberStep(state: NumberState, b: number): NumberState | undefined {
  switch (state) {
    case 'minus':
      return b === 0x30 ? 'zero' : isDigit(b) ? 'int' : undefined;
    case 'zero':
    case 'int':
      if (state === 'int' && isDigit(b)) return 'int';
      return b === 0x2e ? 'dot' : b === 0x65 || b === 0x45 ? 'e' : undefined;
    case 'dot':
      return isDigit(b) ? 'frac' : undefined;
    case 'frac':
      return isDigit(b) ? 'frac' : b === 0x65 || b === 0x45 ? 'e' : undefined;
    case 'e':
      return b === 0x2b || b === 0x2d ? 'sign' : isDigit(b) ? 'exp' : undefined;
    case 'sign':
    case 'exp':
      return isDigit(b) ? 'exp' : undefined;
  }
}

/**
 * Decodes a long JSON string's raw bytes (escapes included), given in ranges as they stream by, into chunks
 * for a text reduction. Each decodable stretch is decoded at once, as the full parse decodes it (UTF-8 with
 * replacement characters, then `JSON.parse` of the string literal), so the text is exactly the parsed one.
 * Only a cut escape or a cut UTF-8 sequence at the end of a range waits for the next one.
 */
class TextDecoding {
  /** Bytes waiting for the next range: an unfinished UTF-8 sequence or escape (a few bytes). */
  private carry: Buffer;

  constructor(
    private readonly reduction: TextReduction,
    held: Buffer,
  ) {
    this.carry = Buffer.from(held);
  }

  /**
   * The string's next raw bytes `buffer[from, to)`. `openEscape`: where an escape still open at `to`
   * begins (its bytes wait), `to` when none is open, or -1 when the escape open before this range is
   * still open (all of the range is part of it).
   */
  take(buffer: Buffer, from: number, to: number, openEscape: number): void {
    if (openEscape < 0) {
      this.carry = Buffer.concat([this.carry, buffer.subarray(from, to)]);
      return;
    }
    const data =
      this.carry.length > 0
        ? Buffer.concat([this.carry, buffer.subarray(from, openEscape)])
        : buffer.subarray(from, openEscape);
    const cut = utf8SafeEnd(data);
    this.decode(data, cut);
    this.carry = Buffer.concat([data.subarray(cut), buffer.subarray(openEscape, to)]);
  }

  private decode(data: Buffer, end: number): void {
    for (let at = 0; at < end; ) {
      // About PIECE bytes at a time, never inside an escape or a UTF-8 sequence.
      const stop = at + PIECE >= end ? end : safeCut(data, at + PIECE, end);
      const text = JSON.parse(`"${data.toString('utf8', at, stop)}"`) as string;
      if (text.length > 0) this.reduction.feed(text);
      at = stop;
    }
  }

  finish(): string {
    this.decode(this.carry, this.carry.length);
    this.carry = Buffer.alloc(0);
    return this.reduction.finish();
  }
}

/** `end`, moved back before a UTF-8 sequence that is cut off at it (a lead byte without all its bytes). */
function utf8SafeEnd(data: Buffer, end = data.length): number {
  for (let k = end - 1; k >= 0 && k >= end - 3; k--) {
    const b = data[k]!;
    if (b < 0x80) return end;
    if (b >= 0xc0) {
      const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return k + length > end ? k : end;
    }
  }
  return end;
}

/** A cut near `at` (before `end`) that splits neither an escape nor a UTF-8 sequence. */
function safeCut(data: Buffer, at: number, end: number): number {
  let cut = at;
  // Back to before any backslash among the 6 bytes before the cut: an escape is at most 6 bytes.
  for (let k = cut - 1; k >= 0 && k >= at - 6; k--) if (data[k] === BACKSLASH) cut = k;
  // A backslash just cut may itself be escaped (`\\`): an even run of backslashes before it is whole.
  let run = 0;
  for (let k = cut - 1; k >= 0 && data[k] === BACKSLASH; k--) run++;
  if (run % 2 === 1) cut -= 1;
  const safe = utf8SafeEnd(data, cut);
  return safe > 0 ? safe : end;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SIMPLE_ESCAPES: Record<number, number> = {
  34: 0x22,
  92: 0x5c,
  47: 0x2f,
  98: 0x08,
  102: 0x0c,
  110: 0x0a,
  114: 0x0d,
  116: 0x09,
};
/** Quoted keys as written out, kept for the few names the gate reads (in their raw spelling). */
const QUOTED_KEYS = new Map<string, Buffer>();
function quotedKey(raw: Buffer): Buffer {
  const spelling = raw.toString('latin1');
  let quoted = QUOTED_KEYS.get(spelling);
  if (!quoted) {
    quoted = Buffer.concat([Buffer.from('"'), raw, Buffer.from('"')]);
    if (QUOTED_KEYS.size < 256) QUOTED_KEYS.set(spelling, quoted);
  }
  return quoted;
}

const LITERALS = ['true', 'false', 'null'].map((word) => Buffer.from(word, 'latin1'));

/** Whether `raw[0, length)` spells `true`, `false` or `null`. */
function isLiteral(raw: Uint8Array, length: number): boolean {
  return LITERALS.some((word) => {
    if (word.length !== length) return false;
    for (let k = 0; k < length; k++) if (word[k] !== raw[k]) return false;
    return true;
  });
}

/** Nesting deeper than this is given up on (a line is left out as too large). */
const MAX_DEPTH = 10_000;

/** A text is decoded and reduced this many bytes at a time. */
const PIECE = 64 * 1024;

/** The first `byte` in `buffer[start, end)`, or `end`. */
function indexIn(buffer: Buffer, byte: number, start: number, end: number): number {
  // Searched in place (a subarray per search would be an object per escape); a find past `end` is none.
  const at = buffer.indexOf(byte, start);
  return at < 0 || at > end ? end : at;
}

function hasControlByte(buffer: Buffer, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (buffer[k]! < 0x20) return true;
  return false;
}

const hexValue = (b: number) =>
  b >= 0x30 && b <= 0x39
    ? b - 0x30
    : b >= 0x61 && b <= 0x66
      ? b - 0x57
      : b >= 0x41 && b <= 0x46
        ? b - 0x37
        : -1;

/** Python's white space in UTF-8 beyond ASCII (what `str.strip()` takes off a line before it is parsed). */
const WIDE_SPACES = [
  [0xc2, 0x85],
  [0xc2, 0xa0],
  [0xe1, 0x9a, 0x80],
  ...Array.from({ length: 11 }, (_, i) => [0xe2, 0x80, 0x80 + i]),
  [0xe2, 0x80, 0xa8],
  [0xe2, 0x80, 0xa9],
  [0xe2, 0x80, 0xaf],
  [0xe2, 0x81, 0x9f],
  [0xe3, 0x80, 0x80],
];
const isAsciiPySpace = (b: number) => (b >= 0x09 && b <= 0x0d) || (b >= 0x1c && b <= 0x20);

type ReducedLine = { kind: 'line'; bytes: Buffer } | { kind: 'invalid' } | { kind: 'too-large' };

/**
 * Reads one Claude Code line that is too long to hold, in pieces, and writes a short line that the gate
 * reads exactly as it would read the original: members the gate never reads are dropped, values of which
 * only the kind and truthiness count become the smallest of their kind (`"x"`, `0`/`1`, `[0]`, `{"x":0}`),
 * long ids and paths become digests of their bytes, and a long turn text becomes its text reduction. Every
 * byte is checked as `JSON.parse` checks it (after Python's strip of the line), so a line that is not valid
 * JSON gives `invalid` and is dropped as the full parse drops it. A line whose kept structure alone outgrows
 * `maxOutput` (millions of content blocks, say), or that nests deeper than 10,000 levels, gives `too-large`
 * at once: the rest of it is not read (so it is too large even when its rest is not valid JSON).
 */
export class LongLineReducer {
  private readonly out: Buffer;
  private outLength = 0;
  private overflow = false;
  private invalid = false;
  private readonly stack: Frame[] = [];
  private phase: 'before' | 'inside' | 'after' = 'before';
  private spacePending: number[] = [];
  private string: StringState | undefined;
  private readonly held: Buffer;
  private scalar: Scalar | undefined;
  private readonly scalarState: Scalar = {
    raw: new Uint8Array(64),
    rawLength: 0,
    length: 0,
    literal: false,
    state: 'int',
    nonZero: false,
    exponent: false,
    role: 'drop',
  };

  constructor(
    private readonly options: LongLineOptions,
    maxOutput: number,
  ) {
    this.out = Buffer.allocUnsafe(maxOutput);
    // Slack for an escape that straddles the keep limit.
    this.held = Buffer.allocUnsafe(Math.max(options.textKeepBytes, options.stringKeepBytes) + 8);
  }

  feed(buffer: Buffer, start: number, end: number): void {
    // Given up on (its kept structure outgrew the output, or it nests too deep): nothing more is read, so
    // a line of millions of blocks costs the bytes up to the bound, not all of them.
    if (this.overflow) return;
    // The same buffer comes back with new bytes: what was found in the last piece is forgotten.
    this.found.buffer = undefined;
    let i = start;
    while (i < end && !this.invalid) {
      if (this.string) {
        i = this.stringBytes(buffer, i, end);
        continue;
      }
      if (this.phase !== 'inside') {
        this.edgeSpace(buffer[i]!);
        i++;
        continue;
      }
      const b = buffer[i]!;
      if (this.scalar) {
        if (this.scalarByte(b)) {
          i++;
          continue;
        }
        this.endScalar();
        if (this.invalid) return;
      }
      if (b !== 0x20 && b !== 0x09) this.structural(b);
      i++;
    }
  }

  finish(): ReducedLine {
    if (this.overflow) return { kind: 'too-large' };
    if (this.string || this.scalar || this.stack.length > 0 || this.spacePending.length > 0)
      this.invalid = true;
    if (this.phase !== 'after') this.invalid = true;
    if (this.invalid) return { kind: 'invalid' };
    if (this.overflow) return { kind: 'too-large' };
    return { kind: 'line', bytes: Buffer.from(this.out.subarray(0, this.outLength)) };
  }

  // ---- white space before and after the line's object

  private edgeSpace(b: number): void {
    if (this.spacePending.length === 0) {
      if (isAsciiPySpace(b)) return;
      if (this.phase === 'before' && b === 0x7b) {
        this.phase = 'inside';
        this.open('object', 'top');
        return;
      }
    }
    const pending = [...this.spacePending, b];
    const candidates = WIDE_SPACES.filter((space) => pending.every((byte, k) => space[k] === byte));
    if (candidates.length === 0) this.invalid = true;
    else this.spacePending = candidates.some((space) => space.length === pending.length) ? [] : pending;
  }

  // ---- output

  private write(text: string | Buffer): void {
    if (this.overflow) return;
    const length = typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : text.length;
    if (this.outLength + length > this.out.length) {
      this.overflow = true;
      return;
    }
    if (typeof text === 'string') this.out.write(text, this.outLength, 'utf8');
    else text.copy(this.out, this.outLength);
    this.outLength += length;
  }

  /** Whether a value of this role is written at all (anything inside a checked-only container is not). */
  private writes(role: Role): boolean {
    return role !== 'drop' && !this.checkingOnly();
  }

  /** Inside a container that is only checked (its kind and whether it holds anything are what counts). */
  private checkingOnly(): boolean {
    const frame = this.stack[this.stack.length - 1];
    return frame !== undefined && (frame.role === 'minimal' || frame.role === 'drop');
  }

  /** Before a written value: its member key (objects), or a comma (arrays). */
  private writeLead(): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame) return;
    if (frame.kind === 'object' && frame.memberKey === undefined) return;
    if (frame.written > 0) this.write(',');
    frame.written += 1;
    if (frame.kind === 'object' && frame.memberKey) {
      this.write(frame.memberKey);
      this.write(':');
    }
  }

  // ---- structure

  private structural(b: number): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame) {
      this.fail();
      return;
    }
    if (frame.kind === 'object') {
      switch (frame.state) {
        case 'key-or-end':
          if (b === 0x7d) {
            this.close();
            return;
          }
          if (b === QUOTE) this.startString('name', true);
          else this.fail();
          return;
        case 'key':
          if (b === QUOTE) this.startString('name', true);
          else this.fail();
          return;
        case 'colon':
          if (b !== 0x3a) {
            this.fail();
            return;
          }
          frame.state = 'value';
          return;
        case 'value':
          this.startValue(b, frame.memberRole);
          return;
        case 'comma-or-end':
          if (b === 0x7d) {
            this.close();
            return;
          }
          if (b !== 0x2c) {
            this.fail();
            return;
          }
          frame.state = 'key';
          return;
        default:
          this.fail();
          return;
      }
    }
    switch (frame.state) {
      case 'value-or-end':
        if (b === 0x5d) {
          this.close();
          return;
        }
        this.startValue(b, this.elementRole(frame));
        return;
      case 'value':
        this.startValue(b, this.elementRole(frame));
        return;
      case 'comma-or-end':
        if (b === 0x5d) {
          this.close();
          return;
        }
        if (b !== 0x2c) {
          this.fail();
          return;
        }
        frame.state = 'value';
        return;
      default:
        this.fail();
        return;
    }
  }

  private elementRole(frame: Frame): Role {
    if (frame.role === 'content') return 'block';
    if (frame.role === 'verbatim') return 'verbatim';
    return frame.role === 'drop' ? 'drop' : 'minimal';
  }

  private fail(): void {
    this.invalid = true;
  }

  /** A value starts with byte `b` where `role` applies; roles that depend on the value's kind are settled here. */
  private startValue(b: number, role: Role): void {
    const frame = this.stack[this.stack.length - 1]!;
    frame.state = 'comma-or-end';
    frame.holds = true;
    const isObject = b === 0x7b;
    let actual: Role = role;
    if (role === 'message' || role === 'block' || role === 'input') actual = isObject ? role : 'minimal';
    else if (role === 'content') actual = b === QUOTE ? 'text' : b === 0x5b ? 'content' : 'minimal';
    else if ((role === 'text' || role === 'name' || role === 'ident') && b !== QUOTE) actual = 'minimal';
    if (this.checkingOnly()) actual = 'drop';
    if (b === QUOTE) {
      this.startString(actual, false);
      return;
    }
    if (isObject || b === 0x5b) {
      this.open(isObject ? 'object' : 'array', actual);
      return;
    }
    const literal = b === 0x74 || b === 0x66 || b === 0x6e;
    if (!literal && b !== 0x2d && !(b >= 0x30 && b <= 0x39)) {
      this.fail();
      return;
    }
    // One scalar state, reused: a line of millions of numbers allocates nothing per number.
    const scalar = this.scalarState;
    scalar.raw[0] = b;
    scalar.rawLength = 1;
    scalar.length = 1;
    scalar.literal = literal;
    scalar.state = b === 0x2d ? 'minus' : b === 0x30 ? 'zero' : 'int';
    scalar.nonZero = b >= 0x31 && b <= 0x39;
    scalar.exponent = false;
    scalar.role = actual;
    this.scalar = scalar;
  }

  private open(kind: 'object' | 'array', role: Role): void {
    if (this.stack.length >= MAX_DEPTH) {
      // Deeper than any transcript nests: the line is given up on as too large (its depth is what is held).
      this.overflow = true;
      this.stack.push(this.stack[this.stack.length - 1]!);
      return;
    }
    const written = role !== 'minimal' && this.writes(role);
    if (written) {
      this.writeLead();
      this.write(kind === 'object' ? '{' : '[');
    }
    // Frames are reused by depth: a line of a million small objects allocates none per object.
    const depth = this.stack.length;
    const frame: Frame = this.framePool[depth] ?? {
      kind,
      role,
      state: 'key-or-end',
      written: 0,
      memberRole: 'drop',
      memberKey: undefined,
      holds: false,
    };
    this.framePool[depth] = frame;
    frame.kind = kind;
    frame.role =
      written || role === 'top' ? role : this.checkingOnly() || role === 'drop' ? 'drop' : 'minimal';
    frame.state = kind === 'object' ? 'key-or-end' : 'value-or-end';
    frame.written = 0;
    frame.memberRole = 'drop';
    frame.memberKey = undefined;
    frame.holds = false;
    this.stack.push(frame);
  }

  private readonly framePool: Frame[] = [];

  private close(): void {
    const frame = this.stack.pop();
    if (!frame) {
      this.fail();
      return;
    }
    if (this.stack.length === 0) {
      this.write('}');
      this.phase = 'after';
      return;
    }
    if (frame.role === 'drop') return;
    if (frame.role === 'minimal') {
      this.writeLead();
      const token = frame.kind === 'object' ? (frame.holds ? '{"x":0}' : '{}') : frame.holds ? '[0]' : '[]';
      this.write(token);
      return;
    }
    this.write(frame.kind === 'object' ? '}' : ']');
  }

  // ---- numbers and literals

  private scalarByte(b: number): boolean {
    const s = this.scalar!;
    if (s.literal) {
      if (b < 0x61 || b > 0x7a) return false;
      if (s.rawLength < 8) s.raw[s.rawLength++] = b;
      s.length += 1;
      return true;
    }
    const next = numberStep(s.state, b);
    if (next === undefined) return false;
    s.state = next;
    if (next === 'e') s.exponent = true;
    else if (!s.exponent && b >= 0x31 && b <= 0x39) s.nonZero = true;
    if (s.rawLength < 64) s.raw[s.rawLength++] = b;
    s.length += 1;
    return true;
  }

  private endScalar(): void {
    const s = this.scalar!;
    this.scalar = undefined;
    if (s.literal ? !isLiteral(s.raw, s.rawLength) : !NUMBER_ENDS.has(s.state)) {
      this.fail();
      return;
    }
    // Checked only (the common case in a long line: numbers the gate never reads): no string is made.
    if (!this.writes(s.role)) return;
    this.writeLead();
    // A number too long to keep is only its truthiness to the gate: zero or not.
    const text = Buffer.from(s.raw.buffer, 0, s.rawLength).toString('latin1');
    this.write(s.literal || s.length <= 64 ? text : s.nonZero ? '1' : '0');
  }

  // ---- strings

  private startString(role: Role, isKey: boolean): void {
    const frame = this.stack[this.stack.length - 1];
    if (isKey && frame) frame.state = 'colon';
    this.string = {
      role,
      isKey,
      heldLength: 0,
      long: false,
      digest: undefined,
      text: undefined,
      empty: true,
      escape: 0,
    };
  }

  /** Reads string bytes from `i`; returns where it stopped (after the closing quote, or at `end`). */
  private stringBytes(buffer: Buffer, i: number, end: number): number {
    const s = this.string!;
    // A long string's bytes in this piece are one range: streamed at once when the piece or the string ends.
    this.rangeFrom = i;
    let escapeAt = s.escape > 0 ? -1 : end;
    while (i < end) {
      if (s.escape === 0) {
        // The plain run up to the next quote or backslash, found natively; no byte in it may be a control.
        const stop = this.plainRunEnd(buffer, i, end);
        if (stop > i) {
          if (hasControlByte(buffer, i, stop)) {
            this.fail();
            return end;
          }
          s.empty = false;
          if (!s.long) this.raw(buffer, i, stop);
          i = stop;
          continue;
        }
        if (buffer[i] === QUOTE) {
          if (s.long) this.stream(buffer, this.rangeFrom, i, i);
          this.endString();
          return i + 1;
        }
        // A backslash.
        s.escape = 1;
        s.empty = false;
        escapeAt = i;
      } else {
        // Inside an escape: checked one byte at a time.
        const b = buffer[i]!;
        if (s.escape === 1) {
          if (b === 0x75) s.escape = 2;
          else if (SIMPLE_ESCAPES[b] === undefined) {
            this.fail();
            return end;
          } else s.escape = 0;
        } else {
          if (hexValue(b) < 0) {
            this.fail();
            return end;
          }
          s.escape = s.escape === 5 ? 0 : s.escape + 1;
        }
        if (s.escape === 0) escapeAt = end;
      }
      // Held whole while short (the escape's state is still open for its bytes, see raw).
      if (!s.long) this.raw(buffer, i, i + 1);
      i++;
    }
    if (s.long) this.stream(buffer, this.rangeFrom, end, s.escape > 0 ? escapeAt : end);
    return i;
  }

  /** Where this piece's bytes of the current long string begin (moved by raw when it turns long). */
  private rangeFrom = 0;

  /** This piece's range of a long string, to its digest or its text decoding. */
  private stream(buffer: Buffer, from: number, to: number, openEscape: number): void {
    const s = this.string!;
    if (from >= to && openEscape >= to) return;
    if (s.digest) s.digest.update(buffer.subarray(from, to));
    else if (s.text) s.text.take(buffer, from, to, openEscape);
  }

  /**
   * Where the plain run starting at `start` ends: the next quote or backslash before `end`, else `end`.
   * Each is searched once per piece and remembered until passed, so that a string of many escapes costs
   * one search per escape, not one per escape over the rest of the piece.
   */
  private plainRunEnd(buffer: Buffer, start: number, end: number): number {
    const found = this.found;
    if (found.buffer !== buffer || found.end !== end) {
      found.buffer = buffer;
      found.end = end;
      found.quote = -1;
      found.backslash = -1;
    }
    if (found.quote < start) found.quote = indexIn(buffer, QUOTE, start, end);
    if (found.backslash < start) found.backslash = indexIn(buffer, BACKSLASH, start, end);
    return Math.min(found.quote, found.backslash);
  }

  private readonly found: { buffer: Buffer | undefined; end: number; quote: number; backslash: number } = {
    buffer: undefined,
    end: 0,
    quote: -1,
    backslash: -1,
  };

  /**
   * Raw bytes of a string that is still short: held. Past its limit it turns long: streamed from here on
   * (see stream), into a digest or a text decoding, as its role says; the held bytes go first.
   */
  private raw(buffer: Buffer, start: number, end: number): void {
    const s = this.string!;
    const limit = s.role === 'text' ? this.options.textKeepBytes : this.options.stringKeepBytes;
    // An escape is held whole, even across the limit (the held buffer has room), so that the switch to
    // streaming happens between escapes.
    if (
      s.heldLength + (end - start) <= limit ||
      (s.escape > 0 && s.heldLength + (end - start) <= this.held.length)
    ) {
      buffer.copy(this.held, s.heldLength, start, end);
      s.heldLength += end - start;
      return;
    }
    s.long = true;
    this.rangeFrom = start;
    const held = this.held.subarray(0, s.heldLength);
    if (s.role === 'text' && !s.isKey) s.text = new TextDecoding(this.options.reduceText(), held);
    else if (s.role === 'ident' || s.role === 'verbatim' || s.isKey) {
      s.digest = sha1Digest();
      s.digest.update(held);
    }
  }

  private endString(): void {
    const s = this.string!;
    this.string = undefined;
    if (s.isKey) {
      this.endKey(s);
      return;
    }
    if (!this.writes(s.role)) return;
    this.writeLead();
    if (s.role === 'minimal') {
      this.write(s.empty ? '""' : '"x"');
      return;
    }
    if (!s.long) {
      this.writeQuoted(this.held.subarray(0, s.heldLength));
      return;
    }
    if (s.text) {
      this.write(JSON.stringify(s.text.finish()));
      return;
    }
    if (s.digest) {
      this.write(`"~digest:${s.digest.digest('hex')}"`);
      return;
    }
    this.write('"~"'); // a long name matches no fixed name
  }

  private writeQuoted(raw: Buffer): void {
    this.write('"');
    this.write(raw);
    this.write('"');
  }

  /** A member's key: the member is kept, with its value's role, only where the gate reads it. */
  private endKey(s: StringState): void {
    const frame = this.stack[this.stack.length - 1]!;
    if (frame.role === 'minimal' || frame.role === 'drop') {
      // Only checked: no member of it is written.
      frame.memberRole = 'drop';
      frame.memberKey = undefined;
      return;
    }
    const raw = Buffer.from(this.held.subarray(0, s.heldLength));
    if (frame.role === 'verbatim') {
      frame.memberRole = 'verbatim';
      frame.memberKey = Buffer.from(
        s.long ? `"~digest:${s.digest?.digest('hex') ?? ''}"` : `"${raw.toString('latin1')}"`,
        s.long ? 'utf8' : 'latin1',
      );
      return;
    }
    let key: string | undefined;
    if (!s.long) {
      if (!raw.includes(BACKSLASH)) key = raw.toString('utf8');
      else {
        try {
          key = JSON.parse(`"${raw.toString('utf8')}"`) as string;
        } catch {
          this.fail();
          return;
        }
      }
    }
    const members = MEMBERS[frame.role];
    const role = members && key !== undefined && Object.hasOwn(members, key) ? members[key] : undefined;
    frame.memberRole = role ?? 'drop';
    frame.memberKey = role === undefined ? undefined : quotedKey(raw);
  }
}
