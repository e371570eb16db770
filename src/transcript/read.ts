import { basename } from 'node:path';
import { longLinesFor } from './claude/long-line/sink.js';
import type { LongLineOptions } from './claude/long-line/types.js';
import { hasKnownField, sessionIdOf, toTurnEvent } from './claude/normalise.js';
import { forEachLine, lineRanges } from './lines.js';
import { parseObjectLine } from './parse.js';
import type { TranscriptFacts, TurnEvent } from './types.js';

/** Lines after which a file without any known field is reported as possible schema drift. */
export const SCHEMA_DRIFT_WINDOW = 50;

/** A transcript's session id: the first non-empty one inside it, else the file name without `.jsonl`. */
export function sessionIdFromPath(path: string): string {
  return basename(path).replace(/\.jsonl$/, '');
}

/**
 * The plain, full-parse reading of a Claude Code transcript: every line is decoded and `JSON.parse`d,
 * then normalised. It is the reference ("oracle") for any faster reader; `onEvent` receives the gate's
 * turn events in file order.
 */
export function readTranscriptEvents(
  path: string,
  onEvent: (event: TurnEvent) => void,
  options: { longLines?: LongLineOptions; chunkBytes?: number } = {},
): TranscriptFacts {
  const facts = emptyFacts();
  const long = options.longLines;
  const longLines = long
    ? longLinesFor({
        ...long,
        onTooLarge: (lineNo) => {
          facts.oversizedLines = (facts.oversizedLines ?? 0) + 1;
          long.onTooLarge?.(lineNo);
        },
      })
    : undefined;
  facts.lines = forEachLine(
    path,
    (buffer, start, end, lineNo) => {
      const line = parseObjectLine(buffer, start, end);
      if (line) visitParsedLine(facts, line, lineNo, onEvent);
    },
    options.chunkBytes,
    undefined,
    longLines,
  );
  return facts;
}

export function emptyFacts(): TranscriptFacts {
  return {
    sessionId: undefined,
    lines: 0,
    knownFieldsSeen: false,
    firstTimestamp: undefined,
    lastTimestamp: undefined,
  };
}

/** What one parsed line adds to the facts and the events. */
function visitParsedLine(
  facts: TranscriptFacts,
  line: Record<string, unknown>,
  lineNo: number,
  onEvent: (event: TurnEvent) => void,
): void {
  addParsedFacts(facts, line, lineNo);
  const event = toTurnEvent(line, lineNo);
  if (event) onEvent(event);
}

/** What one parsed line adds to the facts (shared with the fast reader's fallback). */
export function addParsedFacts(facts: TranscriptFacts, line: Record<string, unknown>, lineNo: number): void {
  if (facts.sessionId === undefined) facts.sessionId = sessionIdOf(line);
  if (!facts.knownFieldsSeen && lineNo < SCHEMA_DRIFT_WINDOW && hasKnownField(line))
    facts.knownFieldsSeen = true;
  if (typeof line.timestamp === 'string') {
    facts.firstTimestamp ??= line.timestamp;
    facts.lastTimestamp = line.timestamp;
  }
}

/** One JSON object of a transcript and its 0-based physical line number. */
export interface TranscriptObject<T extends object = Record<string, unknown>> {
  lineNo: number;
  value: T;
}

/**
 * Every parsed JSON object of a transcript with its 0-based physical line number, for consumers that need
 * more than the gate's view (deep read windows, walk provenance). Blank, torn and non-object lines are
 * skipped. Memory stays bounded by one chunk plus the longest line. The lines are untrusted: give `accept`,
 * a type guard, to get only the objects of the shape you expect, typed as that shape.
 */
export function readTranscriptObjects(path: string): AsyncGenerator<TranscriptObject>;
export function readTranscriptObjects<T extends object>(
  path: string,
  accept: (value: Record<string, unknown>) => value is T & Record<string, unknown>,
): AsyncGenerator<TranscriptObject<T>>;
export async function* readTranscriptObjects(
  path: string,
  accept?: (value: Record<string, unknown>) => boolean,
): AsyncGenerator<TranscriptObject<object>> {
  for (const object of readTranscriptObjectsSync(path)) {
    if (accept === undefined || accept(object.value)) yield object;
  }
}

/** The synchronous form of readTranscriptObjects (every object, untyped). */
export function* readTranscriptObjectsSync(path: string): Generator<TranscriptObject> {
  for (const line of lineRanges(path)) {
    const value = parseObjectLine(line.buffer, line.start, line.end);
    if (value) yield { lineNo: line.lineNo, value };
  }
}
