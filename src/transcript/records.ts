import { lineRanges } from './lines.js';
import { parseObjectLine } from './parse.js';
import { forEachZstdLine } from './zstd-lines.js';

/** A parsed JSON object of a JSONL file and its 0-based physical line number. */
export type RecordVisitor = (record: Record<string, unknown>, lineNo: number) => void;

/** What a pass over a JSONL file counted besides its records. */
export interface RecordPass {
  /** Physical lines, blank and unreadable ones included. */
  lines: number;
  /** Non-blank lines that are not a JSON object (a torn write, a stray line): skipped. */
  unreadable: number;
  /** Lines over the record cap (MAX_RECORD_BYTES): passed over without being held or parsed. */
  oversized: number;
}

/** Whether a path is a Zstandard-compressed JSONL file (Codex compresses old rollouts to `.jsonl.zst`). */
export function isZstdPath(path: string): boolean {
  return path.endsWith('.zst');
}

function isBlank(buffer: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buffer[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

/**
 * Calls `visit` for every JSON object line of a JSONL file, plain or Zstandard-compressed, in order. Memory
 * stays bounded by one chunk plus the longest line (a compressed file is decompressed as a stream). Lines
 * that are not JSON objects are counted and skipped, never fatal.
 */
export function forEachRecord(path: string, visit: RecordVisitor): RecordPass {
  const pass: RecordPass = { lines: 0, unreadable: 0, oversized: 0 };
  const onLine = (buffer: Buffer, start: number, end: number, lineNo: number) => {
    pass.lines = lineNo + 1;
    const record = parseObjectLine(buffer, start, end);
    if (record) visit(record, lineNo);
    else if (!isBlank(buffer, start, end)) pass.unreadable++;
  };
  // A line too long to hold is counted apart, so that its reader can say what was left out and why.
  const onOversized = (lineNo: number) => {
    pass.lines = Math.max(pass.lines, lineNo + 1);
    pass.oversized++;
  };
  if (isZstdPath(path)) forEachZstdLine(path, onLine, {}, onOversized);
  else
    for (const line of lineRanges(path, { onOversized }))
      onLine(line.buffer, line.start, line.end, line.lineNo);
  return pass;
}

/** Reads a whole JSON file (legacy single-object sessions); undefined when it is not a JSON object. */
export function readJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
