import { type ByteRange, forEachLine, type HeadWatch } from '../../lines.js';
import { parseObjectLine } from '../../parse.js';
import { addParsedFacts, emptyFacts, SCHEMA_DRIFT_WINDOW } from '../../read.js';
import type { ToolResultKind, TranscriptFacts, TurnEvent } from '../../types.js';
import { longLinesFor } from '../long-line/sink.js';
import type { LongLineOptions } from '../long-line/types.js';
import { toTurnEvent } from '../normalise.js';
import { toolResultKindsOf } from '../tool-results.js';
import { type LineView, newLineView, STRING, scanLine, stringOf, TYPE_ASSISTANT, TYPE_USER } from './line.js';
import { editsOf, isString, messageIdOf, nonEmptyString, textOf, toolResultErrorsOf } from './view-fields.js';
import { wasmLineScanner } from './wasm-scanner.js';

/** Which walk reads the lines: `wasm` (the compiled scanner, default when it loads) or `js` (line.ts). */
export type FastEngine = 'wasm' | 'js';

/** How a fast read runs. */
export interface FastReadOptions {
  stats?: FastReadStats;
  /** `js` forces the JavaScript walk (tests compare both). */
  engine?: FastEngine;
  /** Lines too long to hold are reduced while they stream (the gate's reading); without it, held whole. */
  longLines?: LongLineOptions;
  /** Bytes read at a time (tests use a small size to send short lines down the long-line path). */
  chunkBytes?: number;
  /** Shown the file's first bytes in the pass's own first read (see HeadWatch). */
  head?: HeadWatch;
  /** Only these bytes of the file (see ByteRange); `facts.lines` then counts the range's lines. */
  range?: ByteRange;
  /**
   * The file's line number of the range's first line (default 0), for every number the pass hands on or
   * compares (the schema-drift window is the file's first 50 lines, wherever the range starts).
   */
  firstLineNo?: number;
}

/** The engine a read would use: the compiled scanner unless it is unavailable or `js` is asked for. */
export function fastEngine(requested?: FastEngine): FastEngine {
  return requested !== 'js' && wasmLineScanner() ? 'wasm' : 'js';
}

/**
 * What each tool result of a scanned user line reported. Only an erroring result's text can say more than
 * `ok`, and such lines are rare: that line is parsed in full and read as the oracle reads it.
 */
export function toolResultKindsOfView(
  b: Buffer,
  errors: boolean[],
  start: number,
  end: number,
): ToolResultKind[] {
  if (!errors.includes(true)) return kindsOfErrors(errors);
  const line = parseObjectLine(b, start, end);
  return line ? toolResultKindsOf(line) : kindsOfErrors(errors);
}

/**
 * `error` or `ok` for each result, built by pushing onto `[]` rather than by `map`: once the optimising
 * compiler inlines `map`, the arrays it makes are holey, a shape the readers' per-line callbacks had not
 * seen, and the calibrated reader's callback was thrown away and compiled again at the first erroring
 * result line after its compile (cost round five).
 */
export function kindsOfErrors(errors: readonly boolean[]): ToolResultKind[] {
  const kinds: ToolResultKind[] = [];
  for (const error of errors) kinds.push(error ? 'error' : 'ok');
  return kinds;
}

/** The same event `toTurnEvent` builds from the parsed line, built from the view. */
function eventOf(
  b: Buffer,
  view: LineView,
  lineNo: number,
  start: number,
  end: number,
): TurnEvent | undefined {
  if (view.type !== TYPE_USER && view.type !== TYPE_ASSISTANT) return undefined;
  const id = messageIdOf(b, view, lineNo);
  if (view.type === TYPE_ASSISTANT)
    return { kind: 'assistant', lineNo, id, text: textOf(b, view), edits: editsOf(b, view) };
  const toolResultErrors = toolResultErrorsOf(view);
  return {
    kind: 'user',
    lineNo,
    id,
    isMeta: view.isMetaTruthy,
    toolResultErrors,
    toolResultKinds: toolResultKindsOfView(b, toolResultErrors, start, end),
    text: textOf(b, view),
  };
}

/** Counters for benchmarks and tests: how many lines took the fast path and how many fell back. */
export interface FastReadStats {
  fast: number;
  fallback: number;
}

/**
 * What a fast read hands on for each line: the view of a scanned line (its bytes are valid only during the
 * call), or the object of a line that had to be parsed in full. Blank and unparseable lines give neither.
 */
export interface LineHandlers {
  /** `start`/`end` bound the line's bytes in `b`, for a reader that must parse a rare line in full. */
  view(b: Buffer, view: LineView, lineNo: number, start: number, end: number): void;
  parsed(line: Record<string, unknown>, lineNo: number): void;
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
  const handlers: LineHandlers = {
    view: (b, view, lineNo, start, end) => {
      const event = eventOf(b, view, lineNo, start, end);
      if (event) onEvent(event);
    },
    parsed: (line, lineNo) => {
      const event = toTurnEvent(line, lineNo);
      if (event) onEvent(event);
    },
  };
  return readTranscriptLines(path, handlers, options);
}

/** The fast read's line loop: the facts of the pass, and each line's view (or parsed object) handed on. */
export function readTranscriptLines(
  path: string,
  handlers: LineHandlers,
  options: FastReadOptions = {},
): TranscriptFacts {
  const { stats } = options;
  // The scanner has one line buffer: a read started from inside another's callback walks in JavaScript.
  const scanner = fastEngine(options.engine) === 'wasm' ? wasmLineScanner() : null;
  const wasm = scanner && !scanner.busy ? scanner : null;
  const scan = wasm ? wasm.scan : scanLine;
  const facts = emptyFacts();
  const view = newLineView();
  // Every line's timestamp may be the last one: keep its bytes and decode only the one that stays.
  const lastTimestamp = Buffer.alloc(64);
  let lastTimestampLength = -1;
  const firstLineNo = options.firstLineNo ?? 0;
  const visit = (buffer: Buffer, start: number, end: number, rangeLineNo: number) => {
    const lineNo = rangeLineNo + firstLineNo;
    const seen = scan(buffer, start, end, view);
    if (!seen) {
      if (stats) stats.fallback++;
      const line = parseObjectLine(buffer, start, end);
      if (!line) return;
      if (typeof line.timestamp === 'string') lastTimestampLength = -1;
      addParsedFacts(facts, line, lineNo);
      handlers.parsed(line, lineNo);
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
    handlers.view(buffer, seen, lineNo, start, end);
  };
  const long = options.longLines;
  const longLines = long
    ? longLinesFor({
        ...long,
        onTooLarge: (lineNo) => {
          facts.oversizedLines = (facts.oversizedLines ?? 0) + 1;
          long.onTooLarge?.(lineNo + firstLineNo);
        },
      })
    : undefined;
  if (wasm) wasm.busy = true;
  try {
    facts.lines = forEachLine(
      path,
      visit,
      options.chunkBytes,
      wasm?.storage,
      longLines,
      options.head,
      options.range,
    );
  } finally {
    if (wasm) wasm.busy = false;
  }
  if (lastTimestampLength >= 0) facts.lastTimestamp = lastTimestamp.toString('utf8', 0, lastTimestampLength);
  return facts;
}
