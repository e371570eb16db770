import { closeSync, readSync } from 'node:fs';
import { InputError } from '../errors/errors.js';
import { openRegularFd } from '../fsx/read-regular.js';
import { MAX_RECORD_BYTES } from './lines.js';
import { zstdDecoder } from './zstd.js';

/**
 * Most bytes a `.jsonl.zst` file may decompress to. Zstandard packs a run of repeated bytes a
 * hundred-thousandfold, so a file of a few kilobytes can stand for gigabytes: past this cap the file is
 * skipped with one line saying so (the largest real Codex rollouts are tens of megabytes).
 */
const MAX_ZSTD_DECOMPRESSED_BYTES = 512 * 1024 * 1024;

/** Longest line kept from a compressed file (the cap of a plain one); a longer one is passed over unheld. */
const MAX_ZSTD_LINE_BYTES = MAX_RECORD_BYTES;

const CHUNK = 1 << 20;

export interface ZstdLineLimits {
  maxDecompressedBytes?: number;
  maxLineBytes?: number;
}

export type ZstdLineVisitor = (buffer: Buffer, start: number, end: number, lineNo: number) => void;

/** A compressed file that decompresses past its cap. */
export class DecompressionBombError extends InputError {
  constructor(
    readonly path: string,
    readonly maxBytes: number,
  ) {
    super(
      `${path} decompresses to more than ${Math.round(maxBytes / (1024 * 1024))} MB (a compression bomb, or not a session); skipped`,
    );
    this.name = 'DecompressionBombError';
  }

  /** The reason without the path (for a list that names the path already). */
  get reason(): string {
    return `decompresses to more than ${Math.round(this.maxBytes / (1024 * 1024))} MB (a compression bomb, or not a session)`;
  }
}

/**
 * The lines of a Zstandard-compressed file (`\n` ends a line; a `\r` before it is kept and stripped by the
 * JSON parse), decompressed as a stream. A line's pieces are kept in a list and joined once, when its end
 * comes, so that a long line costs its length, not its length squared; a line longer than maxLineBytes is
 * dropped as it streams (its number is passed to `onLongLine`). A truncated or corrupt stream ends the
 * lines where the readable data ends. Returns the number of physical lines.
 *
 * Long on purpose: the decoder calls back with chunks, and the line being assembled (its pieces, its
 * length, whether it is being dropped) and the total so far live across those calls in one closure.
 */
export function forEachZstdLine(
  path: string,
  onLine: ZstdLineVisitor,
  limits: ZstdLineLimits = {},
  onLongLine: (lineNo: number) => void = () => {},
): number {
  const maxTotal = limits.maxDecompressedBytes ?? MAX_ZSTD_DECOMPRESSED_BYTES;
  const maxLine = limits.maxLineBytes ?? MAX_ZSTD_LINE_BYTES;
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  let dropping = false;
  let lineNo = 0;
  let total = 0;
  let failure: unknown;

  const endLine = (last: Buffer, end: number) => {
    if (dropping) {
      onLongLine(lineNo++);
    } else if (pieces.length === 0) {
      onLine(last, 0, end, lineNo++);
    } else {
      pieces.push(last.subarray(0, end));
      const line = Buffer.concat(pieces, pendingBytes + end);
      onLine(line, 0, line.length, lineNo++);
    }
    pieces = [];
    pendingBytes = 0;
    dropping = false;
  };

  const keep = (rest: Buffer) => {
    if (rest.length === 0 || dropping) return;
    if (pendingBytes + rest.length > maxLine) {
      dropping = true;
      pieces = [];
      pendingBytes = 0;
      return;
    }
    pieces.push(Buffer.from(rest)); // a copy: the decoder reuses its output
    pendingBytes += rest.length;
  };

  const take = (data: Uint8Array) => {
    if (failure !== undefined) return;
    total += data.length;
    if (total > maxTotal) {
      failure = new DecompressionBombError(path, maxTotal);
      return;
    }
    const chunk = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    let start = 0;
    try {
      for (let nl = chunk.indexOf(0x0a, start); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
        if (start === 0 || pieces.length > 0 || dropping) endLine(chunk.subarray(start), nl - start);
        else onLine(chunk, start, nl, lineNo++);
        start = nl + 1;
      }
      keep(chunk.subarray(start));
    } catch (error) {
      failure = error;
    }
  };

  const stream = zstdDecoder((data) => take(data));
  const fd = openRegularFd(path);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK, null);
      try {
        stream.push(buffer.subarray(0, read), read === 0);
      } catch {
        if (failure === undefined) break; // corrupt or cut-off data: what decoded so far stands
      }
      if (failure !== undefined) throw failure;
      if (read === 0) break;
    }
  } finally {
    closeSync(fd);
  }
  if (dropping) onLongLine(lineNo++);
  else if (pendingBytes > 0) {
    const line = Buffer.concat(pieces, pendingBytes);
    onLine(line, 0, line.length, lineNo++);
  }
  return lineNo;
}
