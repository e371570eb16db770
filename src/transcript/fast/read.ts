import { forEachLine, type LineStorage } from '../lines.js';
import { parseObjectLine } from '../parse.js';
import { pyTruthy } from '../pyjson.js';
import { emptyFacts, SCHEMA_DRIFT_WINDOW, visitParsedLine } from '../read.js';
import type { EditCall, TranscriptFacts, TurnEvent } from '../types.js';
import { useSimdSkip } from './json-skip.js';
import {
  ABSENT,
  type BlockView,
  type LineView,
  newLineView,
  parsedValueOf,
  STRING,
  STRING_ESCAPED,
  scanLine,
  stringOf,
  TYPE_ASSISTANT,
  TYPE_TEXT,
  TYPE_TOOL_RESULT,
  TYPE_TOOL_USE,
  TYPE_USER,
  type ValueRef,
} from './line.js';
import { createSimdSkipper, type SimdSkipper } from './simd.js';

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** The line buffer in WebAssembly memory, grown in place, so that the SIMD skipper reads it directly. */
function simdStorage(skipper: SimdSkipper): LineStorage {
  const view = (size: number) => {
    const missing = size - skipper.memory.buffer.byteLength;
    if (missing > 0) skipper.memory.grow(Math.ceil(missing / 65536));
    return Buffer.from(skipper.memory.buffer, 0, size);
  };
  return { allocate: view, grow: (_old, _filled, size) => view(size) };
}

let simd: { skipper: SimdSkipper; storage: LineStorage } | null | undefined;
function simdSupport(): { skipper: SimdSkipper; storage: LineStorage } | null {
  if (simd === undefined) {
    const skipper = createSimdSkipper();
    simd = skipper ? { skipper, storage: simdStorage(skipper) } : null;
  }
  return simd;
}

/** How a fast read runs: `simd` false forces the JS string loop (tests compare both). */
export interface FastReadOptions {
  stats?: FastReadStats;
  simd?: boolean;
}

function isString(r: ValueRef): boolean {
  return r.kind === STRING || r.kind === STRING_ESCAPED;
}

/** A non-empty string value (empty raw content is the empty string: an escape is never empty). */
function nonEmptyString(b: Buffer, r: ValueRef): string | undefined {
  return isString(r) && r.end > r.start ? stringOf(b, r) : undefined;
}

/** The value of a ref when it is truthy (Python rules), whatever its JSON type; else undefined. */
function truthyValue(b: Buffer, r: ValueRef): string | undefined {
  if (r.kind === ABSENT) return undefined;
  if (isString(r)) return r.end > r.start ? stringOf(b, r) : undefined;
  const value = parsedValueOf(b, r);
  return pyTruthy(value) ? (value as string) : undefined;
}

/** `uuid`, else `messageId`, else `line:<n>`: the first truthy one, whatever its JSON type. */
function messageIdOf(b: Buffer, view: LineView, lineNo: number): string {
  return truthyValue(b, view.uuid) ?? truthyValue(b, view.messageId) ?? `line:${lineNo}`;
}

function textOf(b: Buffer, view: LineView): string {
  if (isString(view.content)) return stringOf(b, view.content);
  if (!view.contentIsArray) return '';
  const parts: string[] = [];
  for (let k = 0; k < view.blockCount; k++) {
    const block = view.blocks[k]!;
    if (block.isObject && block.type === TYPE_TEXT) {
      const text = nonEmptyString(b, block.text);
      if (text !== undefined) parts.push(text);
    }
  }
  return parts.join('\n');
}

function editOf(b: Buffer, block: BlockView): EditCall | undefined {
  if (!isString(block.name) || !block.inputIsObject) return undefined;
  const tool = stringOf(b, block.name);
  if (!EDIT_TOOLS.has(tool)) return undefined;
  const path =
    nonEmptyString(b, block.filePath) ??
    nonEmptyString(b, block.notebookPath) ??
    nonEmptyString(b, block.path);
  return path === undefined ? undefined : { tool, path };
}

/** The same event `toTurnEvent` builds from the parsed line, built from the view. */
function eventOf(b: Buffer, view: LineView, lineNo: number): TurnEvent | undefined {
  if (view.type !== TYPE_USER && view.type !== TYPE_ASSISTANT) return undefined;
  const id = messageIdOf(b, view, lineNo);
  const count = view.contentIsArray ? view.blockCount : 0;
  if (view.type === TYPE_ASSISTANT) {
    const edits: EditCall[] = [];
    for (let k = 0; k < count; k++) {
      const block = view.blocks[k]!;
      if (block.isObject && block.type === TYPE_TOOL_USE) {
        const edit = editOf(b, block);
        if (edit) edits.push(edit);
      }
    }
    return { kind: 'assistant', lineNo, id, text: textOf(b, view), edits };
  }
  const toolResultErrors: boolean[] = [];
  for (let k = 0; k < count; k++) {
    const block = view.blocks[k]!;
    if (block.isObject && block.type === TYPE_TOOL_RESULT) toolResultErrors.push(block.isErrorTruthy);
  }
  return { kind: 'user', lineNo, id, isMeta: view.isMetaTruthy, toolResultErrors, text: textOf(b, view) };
}

/** Counters for benchmarks and tests: how many lines took the fast path and how many fell back. */
export interface FastReadStats {
  fast: number;
  fallback: number;
}

/**
 * The fast reading of a Claude Code transcript: works on the line's bytes, skips (and checks) every value
 * the gate does not need without decoding it, and decodes only the few fields a signal or fact reads. A
 * line it cannot read with certainty is parsed in full instead, so events and facts are exactly those of
 * readTranscriptEvents (the oracle).
 */
export function readTranscriptEventsFast(
  path: string,
  onEvent: (event: TurnEvent) => void,
  options: FastReadOptions = {},
): TranscriptFacts {
  const { stats } = options;
  const support = options.simd === false ? null : simdSupport();
  useSimdSkip(support?.skipper.skip);
  try {
    return readWith(path, onEvent, stats, support?.storage);
  } finally {
    useSimdSkip(undefined);
  }
}

function readWith(
  path: string,
  onEvent: (event: TurnEvent) => void,
  stats: FastReadStats | undefined,
  storage: LineStorage | undefined,
): TranscriptFacts {
  const facts = emptyFacts();
  const view = newLineView();
  // Every line's timestamp may be the last one: keep its bytes and decode only the one that stays.
  const lastTimestamp = Buffer.alloc(64);
  let lastTimestampLength = -1;
  const visit = (buffer: Buffer, start: number, end: number, lineNo: number) => {
    const seen = scanLine(buffer, start, end, view);
    if (!seen) {
      if (stats) stats.fallback++;
      const line = parseObjectLine(buffer, start, end);
      if (!line) return;
      if (typeof line.timestamp === 'string') lastTimestampLength = -1;
      visitParsedLine(facts, line, lineNo, onEvent);
      return;
    }
    if (stats) stats.fast++;
    if (facts.sessionId === undefined)
      facts.sessionId = nonEmptyString(buffer, seen.sessionId) ?? nonEmptyString(buffer, seen.sessionIdSnake);
    if (seen.knownField && lineNo < SCHEMA_DRIFT_WINDOW) facts.knownFieldsSeen = true;
    const ts = seen.timestamp;
    if (isString(ts)) {
      if (
        facts.firstTimestamp === undefined ||
        ts.kind !== STRING ||
        ts.end - ts.start > lastTimestamp.length
      ) {
        const timestamp = stringOf(buffer, ts);
        facts.firstTimestamp ??= timestamp;
        facts.lastTimestamp = timestamp;
        lastTimestampLength = -1;
      } else {
        // A byte loop: Buffer#copy's argument checks cost more than these ~24 bytes.
        for (let k = ts.start; k < ts.end; k++) lastTimestamp[k - ts.start] = buffer[k]!;
        lastTimestampLength = ts.end - ts.start;
      }
    }
    const event = eventOf(buffer, seen, lineNo);
    if (event) onEvent(event);
  };
  facts.lines = storage ? forEachLine(path, visit, undefined, storage) : forEachLine(path, visit);
  if (lastTimestampLength >= 0) facts.lastTimestamp = lastTimestamp.toString('utf8', 0, lastTimestampLength);
  return facts;
}
