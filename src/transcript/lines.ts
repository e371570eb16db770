import { closeSync, openSync, readSync } from 'node:fs';

/** Called once per physical line with the bytes of the line (terminator excluded) and its 0-based number. */
export type LineVisitor = (buffer: Buffer, start: number, end: number, lineNo: number) => void;

const LF = 0x0a;
const CR = 0x0d;
const DEFAULT_CHUNK = 1 << 20;

/**
 * Where the line buffer lives. The default is a plain Buffer; a reader may keep it elsewhere (the fast
 * reader keeps it in WebAssembly memory, so that its SIMD routine reads the bytes in place).
 */
export interface LineStorage {
  allocate(size: number): Buffer;
  /** A buffer of `size` bytes whose first `filled` bytes are those of `old` (which may then be unusable). */
  grow(old: Buffer, filled: number, size: number): Buffer;
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
 * Streams a file's physical lines as byte ranges with bounded memory (one chunk plus the longest line).
 * `\n`, `\r\n` and a lone `\r` each end a line, as in Python's universal-newline reading; a last line
 * without a terminator still counts. Returns the number of physical lines.
 */
export function forEachLine(
  path: string,
  visit: LineVisitor,
  chunkSize = DEFAULT_CHUNK,
  storage: LineStorage = heapStorage,
): number {
  let count = 0;
  for (const line of lineRanges(path, chunkSize, storage)) {
    visit(line.buffer, line.start, line.end, line.lineNo);
    count = line.lineNo + 1;
  }
  return count;
}

/** One physical line: `buffer[start, end)`. The buffer is reused; use the bytes before the next step. */
export interface LineRange {
  buffer: Buffer;
  start: number;
  end: number;
  lineNo: number;
}

/** The generator form of forEachLine (the file is closed when iteration ends or is abandoned). */
export function* lineRanges(
  path: string,
  chunkSize = DEFAULT_CHUNK,
  storage: LineStorage = heapStorage,
): Generator<LineRange> {
  const fd = openSync(path, 'r');
  try {
    yield* linesOfFd(fd, chunkSize, storage);
  } finally {
    closeSync(fd);
  }
}

function* linesOfFd(fd: number, chunkSize: number, storage: LineStorage): Generator<LineRange> {
  const range: LineRange = { buffer: Buffer.alloc(0), start: 0, end: 0, lineNo: 0 };
  let buffer = storage.allocate(chunkSize);
  let filled = 0; // bytes in buffer: [0, filled)
  let lineNo = 0;
  let eof = false;
  while (!eof) {
    if (filled === buffer.length) {
      // One line is longer than the buffer: grow it (the line must be whole for its consumer).
      buffer = storage.grow(buffer, filled, buffer.length * 2);
    }
    const read = readSync(fd, buffer, filled, buffer.length - filled, null);
    if (read === 0) eof = true;
    filled += read;
    let start = 0;
    let pos = 0;
    let nextCr = buffer.indexOf(CR, 0);
    if (nextCr >= filled) nextCr = -1;
    for (;;) {
      let nl = buffer.indexOf(LF, pos);
      if (nl >= filled) nl = -1;
      if (nextCr !== -1 && nextCr < pos) {
        nextCr = buffer.indexOf(CR, pos);
        if (nextCr >= filled) nextCr = -1;
      }
      let end: number;
      let next: number;
      if (nextCr !== -1 && (nl === -1 || nextCr < nl)) {
        if (nextCr + 1 >= filled && !eof) break; // a CR at the chunk's edge: is a LF next?
        end = nextCr;
        next = buffer[nextCr + 1] === LF ? nextCr + 2 : nextCr + 1;
      } else if (nl !== -1) {
        end = nl;
        next = nl + 1;
      } else {
        break;
      }
      range.buffer = buffer;
      range.start = start;
      range.end = end;
      range.lineNo = lineNo++;
      yield range;
      start = next;
      pos = next;
    }
    if (eof) {
      if (start < filled) {
        range.buffer = buffer;
        range.start = start;
        range.end = filled;
        range.lineNo = lineNo++;
        yield range;
      }
      break;
    }
    // Keep the unfinished line at the front of the buffer.
    if (start > 0) {
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
    }
  }
}
