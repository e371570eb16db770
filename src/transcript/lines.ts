import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../fsx/read-regular.js';

/** Called once per physical line with the bytes of the line (terminator excluded) and its 0-based number. */
export type LineVisitor = (buffer: Buffer, start: number, end: number, lineNo: number) => void;

/**
 * Shown a file's first `bytes` bytes (or the whole file, `whole`, when it is shorter) once, before the
 * first line, while they are still in the line buffer; the bytes are only valid during the call.
 */
export interface HeadWatch {
  bytes: number;
  seen(head: Buffer, whole: boolean): void;
}

const LF = 0x0a;
const CR = 0x0d;
const DEFAULT_CHUNK = 1 << 20;

/**
 * Where the line buffer lives. The default is a plain Buffer; a reader may keep it elsewhere (the fast
 * reader keeps it in WebAssembly memory, so that its compiled scanner reads the bytes in place).
 */
export interface LineStorage {
  allocate(size: number): Buffer;
  /** A buffer of `size` bytes whose first `filled` bytes are those of `old` (which may then be unusable). */
  grow(old: Buffer, filled: number, size: number): Buffer;
  /** The first `\n` or `\r` in `buffer[from, to)`, or -1 (default: Buffer#indexOf). */
  findBreak?(buffer: Buffer, from: number, to: number): number;
}

const heapStorage: LineStorage = {
  allocate: (size) => Buffer.allocUnsafe(size),
  grow: (old, filled, size) => {
    const grown = Buffer.allocUnsafe(size);
    old.copy(grown, 0, 0, filled);
    return grown;
  },
};

/**
 * What a reader does with a line too long to hold: the splitter streams the line's bytes into a sink and
 * hands on what the sink gives back in its place (bounded), or an empty line when it gives nothing. The
 * line still counts, so line numbers stay those of the file.
 */
export interface LongLines {
  /** Lines longer than this many bytes are streamed to a sink (the line buffer never grows past it). */
  maxBytes: number;
  open(lineNo: number): LongLineSink;
}

export interface LongLineSink {
  feed(buffer: Buffer, start: number, end: number): void;
  /** The bytes that stand for the line (bounded by the sink), or undefined to leave it out. */
  finish(): Buffer | undefined;
}

/**
 * The bytes of a file a pass reads: from `start` (which must begin a line: offset 0, or the byte after a
 * `\n`) to `end` (exclusive; default the end of the file, however far it has grown by then). Two passes over
 * adjacent ranges that meet after a `\n` see exactly the lines one pass over both sees, since a `\n` always
 * ends a line (alone or after a `\r`).
 */
export interface ByteRange {
  start: number;
  end?: number;
}

/** One physical line: `buffer[start, end)`. The buffer is reused; use the bytes before the next step. */
export interface LineRange {
  buffer: Buffer;
  start: number;
  end: number;
  lineNo: number;
}

/**
 * Splits an open file into physical lines with bounded memory (one chunk plus the longest line). `\n`,
 * `\r\n` and a lone `\r` each end a line, as in Python's universal-newline reading; a last line without a
 * terminator still counts. `next()` moves `line` to the next line.
 */
class LineSplitter {
  readonly line: LineRange = { buffer: Buffer.alloc(0), start: 0, end: 0, lineNo: -1 };
  private buffer: Buffer;
  private filled = 0; // bytes in buffer: [0, filled)
  private pos = 0; // where the next line starts
  private eof = false;
  /** Where the next `\r` at or after `pos` is (-1: none before `filled`), so that rare CRs are searched once. */
  private nextCr = -2;
  /** The file offset of the next read, or null to read on from the descriptor's own position. */
  private position: number | null;
  private readonly limit: number;

  constructor(
    private readonly fd: number,
    private readonly storage: LineStorage,
    chunkSize: number,
    private readonly long?: LongLines,
    private head?: HeadWatch,
    range?: ByteRange,
  ) {
    this.buffer = storage.allocate(chunkSize);
    this.position = range ? range.start : null;
    this.limit = range?.end ?? Number.POSITIVE_INFINITY;
  }

  /** Reads on into `buffer[offset, offset + length)`, never past the range's end; 0 at its end. */
  private read(buffer: Buffer, offset: number, length: number): number {
    if (this.position === null) return readSync(this.fd, buffer, offset, length, null);
    const wanted = Math.min(length, this.limit - this.position);
    if (wanted <= 0) return 0;
    const read = readSync(this.fd, buffer, offset, wanted, this.position);
    this.position += read;
    return read;
  }

  next(): boolean {
    for (;;) {
      if (this.streamLong) {
        this.streamLong = false;
        return this.longLine();
      }
      const brk = this.findBreak();
      if (brk >= 0) {
        const b = this.buffer;
        if (b[brk] === LF) return this.emit(brk, brk + 1);
        if (brk + 1 < this.filled) return this.emit(brk, b[brk + 1] === LF ? brk + 2 : brk + 1);
        if (this.eof) return this.emit(brk, brk + 1);
        // A CR at the chunk's edge: whether a LF follows is in the next chunk.
      } else if (this.eof) {
        return this.pos < this.filled && this.emit(this.filled, this.filled);
      }
      this.readMore(brk < 0);
    }
  }

  private emit(end: number, next: number): true {
    const line = this.line;
    line.buffer = this.buffer;
    line.start = this.pos;
    line.end = end;
    line.lineNo++;
    this.pos = next;
    return true;
  }

  private findBreak(): number {
    const { buffer, pos, filled } = this;
    if (this.storage.findBreak) return this.storage.findBreak(buffer, pos, filled);
    if (this.nextCr === -2 || (this.nextCr !== -1 && this.nextCr < pos)) {
      const cr = buffer.indexOf(CR, pos);
      this.nextCr = cr >= 0 && cr < filled ? cr : -1;
    }
    let lf = buffer.indexOf(LF, pos);
    if (lf >= filled) lf = -1;
    if (this.nextCr !== -1 && (lf === -1 || this.nextCr < lf)) return this.nextCr;
    return lf;
  }

  private streamLong = false;

  /**
   * Streams the line that fills the whole buffer into the long-line sink up to its break, then puts what
   * the sink gives back at the front of the buffer, followed by the bytes read past the break, and emits it.
   */
  private longLine(): true {
    const sink = this.long!.open(this.line.lineNo + 1);
    const b = this.buffer;
    // Half the buffer is read at a time: the bytes read past the break stay small.
    const half = b.length >>> 1;
    sink.feed(b, this.pos, this.filled);
    this.pos = 0;
    this.filled = 0;
    let next = -1;
    while (next < 0) {
      const read = this.read(b, this.filled, half);
      if (read === 0) this.eof = true;
      this.filled += read;
      let brk = -1;
      for (let k = 0; k < this.filled; k++) {
        if (b[k] === LF || b[k] === CR) {
          brk = k;
          break;
        }
      }
      if (brk < 0) {
        sink.feed(b, 0, this.filled);
        this.filled = 0;
        if (this.eof) next = 0;
        continue;
      }
      if (b[brk] === CR && brk + 1 === this.filled && !this.eof) {
        // Whether a LF follows the CR is in the next read: keep the CR at the front and read on.
        sink.feed(b, 0, brk);
        b[0] = CR;
        this.filled = 1;
        continue;
      }
      sink.feed(b, 0, brk);
      next = b[brk] === CR && b[brk + 1] === LF && brk + 1 < this.filled ? brk + 2 : brk + 1;
    }
    const rest = Buffer.from(b.subarray(next, this.filled));
    const reduced = sink.finish() ?? Buffer.alloc(0);
    let size = this.buffer.length;
    while (size < reduced.length + rest.length) size *= 2;
    if (size > this.buffer.length) this.buffer = this.storage.grow(this.buffer, 0, size);
    reduced.copy(this.buffer, 0);
    rest.copy(this.buffer, reduced.length);
    this.filled = reduced.length + rest.length;
    this.nextCr = -2;
    return this.emit(reduced.length, reduced.length);
  }

  /**
   * Keeps the unfinished line at the front of the buffer and reads the next chunk after it. `unbroken`:
   * no break was found (not merely a CR at the chunk's edge), so the line may be one too long to hold.
   */
  private readMore(unbroken: boolean): void {
    if (this.pos > 0) {
      this.buffer.copy(this.buffer, 0, this.pos, this.filled);
      this.filled -= this.pos;
      this.pos = 0;
    }
    this.nextCr = -2;
    if (unbroken && this.long && this.filled >= this.long.maxBytes) {
      // Too long to hold: the line is streamed (see longLine) instead of growing the buffer further.
      this.streamLong = true;
      return;
    }
    if (this.filled === this.buffer.length) {
      // One line is longer than the buffer: grow it (the line must be whole for its consumer).
      this.buffer = this.storage.grow(this.buffer, this.filled, this.buffer.length * 2);
    }
    const read = this.read(this.buffer, this.filled, this.buffer.length - this.filled);
    if (read === 0) this.eof = true;
    this.filled += read;
    if (this.head) this.showHead();
  }

  /**
   * The first read: the head watch is shown its bytes, read on until they are all in (or the file ends), so
   * that it sees what a read of its own would. A buffer smaller than the head shows nothing.
   */
  private showHead(): void {
    const watch = this.head!;
    this.head = undefined;
    if (this.buffer.length < watch.bytes) return;
    while (!this.eof && this.filled < watch.bytes) {
      const read = this.read(this.buffer, this.filled, this.buffer.length - this.filled);
      if (read === 0) this.eof = true;
      this.filled += read;
    }
    const whole = this.filled < watch.bytes;
    watch.seen(this.buffer.subarray(0, whole ? this.filled : watch.bytes), whole);
  }
}

/**
 * Streams a file's physical lines as byte ranges (see LineSplitter), or those of `range` only (numbered
 * from 0 there). Returns the number of physical lines.
 */
export function forEachLine(
  path: string,
  visit: LineVisitor,
  chunkSize = DEFAULT_CHUNK,
  storage: LineStorage = heapStorage,
  long?: LongLines,
  head?: HeadWatch,
  range?: ByteRange,
): number {
  const fd = openRegularFd(path);
  try {
    const splitter = new LineSplitter(fd, storage, chunkSize, long, head, range);
    const line = splitter.line;
    while (splitter.next()) visit(line.buffer, line.start, line.end, line.lineNo);
    return line.lineNo + 1;
  } finally {
    closeSync(fd);
  }
}

/**
 * Longest line a reader that parses each line whole (`JSON.parse` of the line) takes: a longer one is
 * streamed past without being held and reported to `onOversized` (the gate of Claude Code reduces long
 * lines instead; see claude/long-line/). A line of this size costs the reader about three times its bytes while it
 * is parsed (the bytes, the string, the parsed value), so one record stays near 50 MB however long the line.
 * Real records are far below it: a host's own tool outputs are truncated to kilobytes before they are
 * written.
 */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

export interface LineRangeOptions {
  chunkSize?: number;
  storage?: LineStorage;
  /** Lines longer than this many bytes are skipped as they stream (default MAX_RECORD_BYTES). */
  maxLineBytes?: number;
  /** Told of each skipped line (0-based number); the line still counts, as an empty one. */
  onOversized?: (lineNo: number) => void;
}

/** A LongLines that holds nothing of a line too long to parse: it is passed over and reported. */
function skipLongLines(maxBytes: number, onOversized?: (lineNo: number) => void): LongLines {
  return {
    maxBytes,
    open: (lineNo) => ({
      feed: () => {},
      finish: () => {
        onOversized?.(lineNo);
        return undefined;
      },
    }),
  };
}

/**
 * The generator form of forEachLine (the file is closed when iteration ends or is abandoned). Every line
 * it yields is at most `maxLineBytes` long: a longer one is skipped (see MAX_RECORD_BYTES).
 */
export function* lineRanges(path: string, options: LineRangeOptions = {}): Generator<LineRange> {
  const fd = openRegularFd(path);
  try {
    const long = skipLongLines(options.maxLineBytes ?? MAX_RECORD_BYTES, options.onOversized);
    const splitter = new LineSplitter(
      fd,
      options.storage ?? heapStorage,
      options.chunkSize ?? DEFAULT_CHUNK,
      long,
    );
    const max = long.maxBytes;
    while (splitter.next()) {
      const line = splitter.line;
      // A line read whole because its break came in the same chunk may still pass the cap.
      if (line.end - line.start > max) {
        options.onOversized?.(line.lineNo);
        line.end = line.start;
      }
      yield line;
    }
  } finally {
    closeSync(fd);
  }
}
