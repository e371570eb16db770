import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../fsx/read-regular.js';
import type { AssistantLineTap } from '../gate/timeline.js';
import {
  OTHER,
  STRING,
  STRING_ESCAPED,
  USAGE_NONE,
  USAGE_UNREAD,
  type UsageView,
  type ValueRef,
} from '../transcript/claude/fast/line.js';
import { type LineLayout, NOT_ASSISTANT, newLineLayout, READ, readLineLayout } from './claude-line-layout.js';
import { copyTokens, type TokenCounts, tokenCount, zeroTokens } from './tokens.js';
import { countAt } from './usage-bytes.js';
import type { UsageRecord } from './usage-record.js';

const USAGE_KEY = Buffer.from('"usage":{');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Claude Code's `message.usage` as the four token kinds (input is the uncached part, as the API bills it). */
function claudeTokens(usage: Record<string, unknown>): TokenCounts {
  const creation = isObject(usage.cache_creation) ? usage.cache_creation : undefined;
  const cacheWrite = tokenCount(usage.cache_creation_input_tokens);
  return {
    input: tokenCount(usage.input_tokens),
    output: tokenCount(usage.output_tokens),
    cache_write: cacheWrite,
    cache_read: tokenCount(usage.cache_read_input_tokens),
    cache_write_1h: Math.min(cacheWrite, tokenCount(creation?.ephemeral_1h_input_tokens)),
  };
}

interface AssistantUsage {
  model: string;
  messageId: string | undefined;
  requestId: string | undefined;
  timestamp: string | undefined;
  tokens: TokenCounts;
}

const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** An assistant line's usage from the parsed line (the whole line is parsed: the sure way, and the slow one). */
function usageOfLine(line: unknown): AssistantUsage | undefined {
  if (!isObject(line) || line.type !== 'assistant' || !isObject(line.message)) return undefined;
  const message = line.message;
  if (!isObject(message.usage)) return undefined;
  return {
    model: str(message.model) ?? '',
    messageId: str(message.id),
    requestId: str(line.requestId),
    timestamp: str(line.timestamp),
    tokens: claudeTokens(message.usage),
  };
}

/**
 * A call's record, every one made here so that all have one shape from the start: `moreLines` is there
 * before a later line sets it, and `model` has been written once more, as a reply whose model changes
 * rewrites it. (A field V8 saw written only once is compiled as a constant; the first record to break that,
 * deep into a scan, throws away every compiled function that read one, and they are compiled again.)
 */
function newRecord(
  lineNo: number,
  model: string,
  timestamp: string | undefined,
  tokens: TokenCounts,
): UsageRecord {
  const record: UsageRecord = { lineNo, moreLines: undefined, model: '', timestamp, tokens };
  record.model = model;
  return record;
}

/** A later line of the reply `record` is: friction marked on it marks the call. */
function joinLine(record: UsageRecord, lineNo: number): void {
  if (record.moreLines) record.moreLines.push(lineNo);
  else record.moreLines = [lineNo];
}

/** Whether the bytes [start, end) are the ASCII text `text` (no string is made to tell). */
function sameAscii(b: Buffer, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let k = 0; k < text.length; k++) if (b[start + k] !== text.charCodeAt(k)) return false;
  return true;
}

/** A count's value as tokenCount reads it: a number (OTHER holds numbers, literals, containers), else 0. */
function countOf(b: Buffer, value: ValueRef): number {
  return value.kind === OTHER ? countAt(b, value.start, value.end) : 0;
}

function decode(b: Buffer, start: number, end: number, wide: boolean): string {
  return b.toString(wide ? 'utf8' : 'latin1', start, end);
}

/** A string value read in place, or undefined when it is not there (start -1) or empty (as `str` reads it). */
function optionalText(b: Buffer, start: number, end: number, wide: boolean): string | undefined {
  return start < 0 || end === start ? undefined : decode(b, start, end, wide);
}

/** Bytes read at a time: a line longer than this is gathered whole before it is looked at. */
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

/**
 * Calls each line of the file that holds `"usage":{`, with the position of its last one. The file is
 * searched a chunk at a time (one native search over the bytes, never split into lines); only the lines
 * around a match are looked at, so a transcript's large tool results cost a byte search and nothing more.
 */
function forEachUsageLine(
  path: string,
  visit: (buffer: Buffer, start: number, end: number, usageAt: number, lineNo: number) => void,
): void {
  const fd = openRegularFd(path);
  try {
    let buffer = Buffer.alloc(CHUNK);
    let filled = 0;
    let eof = false;
    // Physical lines before `counted` (a position in the buffer), so that each match gets its line number.
    let lines = 0;
    while (!eof) {
      if (filled === buffer.length) {
        const grown = Buffer.alloc(buffer.length * 2);
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
      }
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (read === 0) eof = true;
      filled += read;
      // Whole lines only (the last line of the file may have no newline).
      const whole = eof ? filled : buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (whole <= 0) continue;
      const region = buffer.subarray(0, whole);
      let at = region.indexOf(USAGE_KEY);
      let counted = 0;
      while (at >= 0) {
        const lineStart = at === 0 ? 0 : region.lastIndexOf(NEWLINE, at) + 1;
        const newline = region.indexOf(NEWLINE, at);
        const lineEnd = newline < 0 ? whole : newline;
        const last = region.subarray(lineStart, lineEnd).lastIndexOf(USAGE_KEY);
        for (
          let p = region.indexOf(NEWLINE, counted);
          p >= 0 && p < lineStart;
          p = region.indexOf(NEWLINE, p + 1)
        )
          lines++;
        counted = lineStart;
        visit(region, lineStart, lineEnd, lineStart + last, lines);
        at = lineEnd >= whole ? -1 : region.indexOf(USAGE_KEY, lineEnd + 1);
      }
      for (let p = region.indexOf(NEWLINE, counted); p >= 0; p = region.indexOf(NEWLINE, p + 1)) lines++;
      buffer.copy(buffer, 0, whole, filled);
      filled -= whole;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Collects the usage of every model call in a Claude Code transcript, one record per call, from its lines
 * (the gate's own pass shows it each assistant line; readClaudeUsage reads them itself). Claude Code writes
 * one line per content block of a streamed reply, each with the reply's usage so far; as ccusage does, a
 * reply is counted once, by its message id and request id (the message id alone where no request id is
 * written), with the usage of its last line; a line without a message id is counted as it is.
 */
export class ClaudeUsageCollector implements AssistantLineTap {
  private readonly calls: UsageRecord[] = [];
  // Each reply's record by its message id (with the request id it came with), so that its later lines join
  // it; a message id seen again with another request id (rare) is looked up by both, joined. No key string
  // is made for the common case: one per call was a sixth of what a scan's usage reading allocated.
  private readonly seen = new Map<string, { request: string; record: UsageRecord }>();
  private readonly seenAgain = new Map<string, UsageRecord>();
  private anyUsage = false;
  private lastRecord: UsageRecord | undefined;
  private lastMessageId = '';
  private lastRequestId = '';
  // Whether the last reply is the one whose ids the compiled scanner kept (see UsageView.sameReply), so a
  // line it says continues that reply joins it unread; false after a line read any other way.
  private joinable = false;
  // Set by add: whether the line it took ended as (or in) the last reply.
  private lastIsThisLine = false;
  private readonly layout = newLineLayout();
  // Whether a call's time has been read yet (see `everyCallTime`).
  private timed = false;

  /**
   * `everyCallTime: false` reads the time of the first call that has one and no other: a session's
   * summary prices all its calls by its first call's date (sessionUsage's firstAt), so a scan need not
   * make a string of every call's time. `gate --why` prices each call at its own (the default).
   */
  constructor(private readonly options: { everyCallTime?: boolean } = {}) {}

  line(buffer: Buffer, start: number, end: number, lineNo: number, usage?: UsageView): void {
    if (usage !== undefined && usage.state !== USAGE_UNREAD) {
      this.viewedLine(buffer, start, end, lineNo, usage);
      return;
    }
    // The usage closes the line's message, so a search back from the line's end finds it in its last bytes.
    if (end - start < USAGE_KEY.length) return;
    const last = buffer.lastIndexOf(USAGE_KEY, end - USAGE_KEY.length);
    if (last >= start) this.usageLine(buffer, start, end, last, lineNo);
  }

  parsed(line: Record<string, unknown>, lineNo: number): void {
    const found = usageOfLine(line);
    if (found) this.add(found, lineNo);
    this.joinable = false;
  }

  /**
   * An assistant line whose usage fields the compiled scanner found (it checked the whole line is JSON):
   * only the bytes of those fields are read. A string written with escapes (no host writes one in these
   * fields) sends the line to the full parse.
   */
  private viewedLine(b: Buffer, start: number, end: number, lineNo: number, usage: UsageView): void {
    if (usage.state === USAGE_NONE) return;
    const counts = usage.counts;
    if (
      usage.sameReply &&
      usage.sameModel &&
      this.joinable &&
      counts[0]! >= 0 &&
      counts[1]! >= 0 &&
      counts[2]! >= 0 &&
      counts[3]! >= 0 &&
      counts[4]! >= 0
    ) {
      // A later line of the reply just seen, of the same model: its counts replace the reply's.
      const last = this.lastRecord!;
      joinLine(last, lineNo);
      const tokens = last.tokens;
      tokens.input = counts[0]!;
      tokens.output = counts[1]!;
      tokens.cache_write = counts[2]!;
      tokens.cache_read = counts[3]!;
      tokens.cache_write_1h = Math.min(counts[2]!, counts[4]!);
      return;
    }
    usage.fill();
    const { model, replyId, requestId, timestamp } = usage;
    if (
      model.kind === STRING_ESCAPED ||
      replyId.kind === STRING_ESCAPED ||
      requestId.kind === STRING_ESCAPED ||
      timestamp.kind === STRING_ESCAPED
    ) {
      this.parsedLine(b, start, end, lineNo);
      this.joinable = false;
      return;
    }
    const layout = this.layout;
    // A model that is not a string reads as '' (as `str(...) ?? ''` does): an empty range.
    layout.modelStart = model.kind === STRING ? model.start : start;
    layout.modelEnd = model.kind === STRING ? model.end : start;
    layout.idStart = replyId.kind === STRING ? replyId.start : -1;
    layout.idEnd = replyId.end;
    layout.requestStart = requestId.kind === STRING ? requestId.start : -1;
    layout.requestEnd = requestId.end;
    layout.timestampStart = timestamp.kind === STRING ? timestamp.start : -1;
    layout.timestampEnd = timestamp.end;
    layout.wide = usage.wide;
    const tokens = layout.tokens;
    tokens.input = counts[0]! >= 0 ? counts[0]! : countOf(b, usage.input);
    tokens.output = counts[1]! >= 0 ? counts[1]! : countOf(b, usage.output);
    tokens.cache_write = counts[2]! >= 0 ? counts[2]! : countOf(b, usage.cacheWrite);
    tokens.cache_read = counts[3]! >= 0 ? counts[3]! : countOf(b, usage.cacheRead);
    const oneHour = counts[4]! >= 0 ? counts[4]! : countOf(b, usage.oneHour);
    tokens.cache_write_1h = Math.min(tokens.cache_write, oneHour);
    this.addLayout(b, layout, lineNo);
    // The scanner kept this line's ids when it had a message id: the next line may join by its flag alone
    // when the reply they name is the last one here too.
    if (layout.idStart >= 0 && layout.idEnd > layout.idStart) this.joinable = this.lastIsThisLine;
  }

  private parsedLine(b: Buffer, start: number, end: number, lineNo: number): void {
    let found: AssistantUsage | undefined;
    try {
      found = usageOfLine(JSON.parse(b.toString('utf8', start, end)));
    } catch {
      return;
    }
    if (found) this.add(found, lineNo);
  }

  /** A line known to hold `"usage":{` at `usageAt` (its last one). */
  usageLine(buffer: Buffer, start: number, end: number, usageAt: number, lineNo: number): void {
    this.joinable = false;
    const read = readLineLayout(buffer, start, end, usageAt, this.layout);
    if (read === NOT_ASSISTANT) return;
    if (read === READ) {
      this.addLayout(buffer, this.layout, lineNo);
      return;
    }
    let found: AssistantUsage | undefined;
    try {
      found = usageOfLine(JSON.parse(buffer.toString('utf8', start, end)));
    } catch {
      return;
    }
    if (found) this.add(found, lineNo);
  }

  /**
   * A line read in place: a later line of the reply just seen (the common case: one line per content
   * block) joins it without a string made; any other line is decoded as a parsed line would be.
   */
  private addLayout(b: Buffer, layout: LineLayout, lineNo: number): void {
    const last = this.lastRecord;
    if (
      last !== undefined &&
      layout.idStart >= 0 &&
      !layout.wide &&
      sameAscii(b, layout.idStart, layout.idEnd, this.lastMessageId) &&
      (layout.requestStart < 0
        ? this.lastRequestId === ''
        : sameAscii(b, layout.requestStart, layout.requestEnd, this.lastRequestId))
    ) {
      joinLine(last, lineNo);
      this.lastIsThisLine = true;
      // The record's counts are its own object (made with it): the later line's are copied in.
      const tokens = last.tokens;
      tokens.input = layout.tokens.input;
      tokens.output = layout.tokens.output;
      tokens.cache_write = layout.tokens.cache_write;
      tokens.cache_read = layout.tokens.cache_read;
      tokens.cache_write_1h = layout.tokens.cache_write_1h;
      if (!sameAscii(b, layout.modelStart, layout.modelEnd, last.model))
        last.model = decode(b, layout.modelStart, layout.modelEnd, layout.wide) || last.model;
      return;
    }
    const wide = layout.wide;
    // Most replies are of the model the last one was: its string is kept, not decoded again.
    const model =
      last !== undefined && !wide && sameAscii(b, layout.modelStart, layout.modelEnd, last.model)
        ? last.model
        : decode(b, layout.modelStart, layout.modelEnd, wide);
    this.add(
      {
        model,
        messageId: optionalText(b, layout.idStart, layout.idEnd, wide),
        requestId: optionalText(b, layout.requestStart, layout.requestEnd, wide),
        timestamp:
          this.timed && this.options.everyCallTime === false
            ? undefined
            : optionalText(b, layout.timestampStart, layout.timestampEnd, wide),
        tokens: copyTokens(zeroTokens(), layout.tokens),
      },
      lineNo,
    );
  }

  private add(found: AssistantUsage, lineNo: number): void {
    this.anyUsage = true;
    if (found.timestamp !== undefined) this.timed = true;
    // Some gateways write no request id: the message id alone then names the reply (as ccusage 20 reads it).
    const id = found.messageId;
    const request = found.requestId ?? '';
    // A reply's lines follow each other: the last reply is asked first, the maps only when another came between.
    let first: UsageRecord | undefined;
    let byId: { request: string; record: UsageRecord } | undefined;
    if (id !== undefined) {
      if (this.lastRecord !== undefined && id === this.lastMessageId && request === this.lastRequestId)
        first = this.lastRecord;
      else {
        byId = this.seen.get(id);
        first =
          byId === undefined
            ? undefined
            : byId.request === request
              ? byId.record
              : this.seenAgain.get(`${id}:${request}`);
      }
    }
    this.lastIsThisLine = first !== undefined ? first === this.lastRecord : id !== undefined;
    if (first) {
      // A reply's later lines carry its usage as it grew while streaming: the last one is the whole call.
      joinLine(first, lineNo);
      copyTokens(first.tokens, found.tokens);
      first.model = found.model || first.model;
      return;
    }
    const record = newRecord(lineNo, found.model, found.timestamp, found.tokens);
    if (id !== undefined) {
      if (byId === undefined && !this.seen.has(id)) this.seen.set(id, { request, record });
      else this.seenAgain.set(`${id}:${request}`, record);
      this.lastRecord = record;
      this.lastMessageId = id;
      this.lastRequestId = request;
    }
    this.calls.push(record);
  }

  /** The calls, or undefined when no line carried usage (an old or hand-made file: no usage is not zero). */
  records(): UsageRecord[] | undefined {
    return this.anyUsage ? this.calls : undefined;
  }
}

/** The usage of every model call in a Claude Code transcript, read in a pass of its own (see ClaudeUsageCollector). */
export function readClaudeUsage(path: string): UsageRecord[] | undefined {
  const collector = new ClaudeUsageCollector();
  forEachUsageLine(path, (buffer, start, end, usageAt, lineNo) =>
    collector.usageLine(buffer, start, end, usageAt, lineNo),
  );
  return collector.records();
}
