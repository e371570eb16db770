import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../fsx/read-regular.js';
import type { AssistantLineTap } from '../gate/timeline.js';
import { type TokenCounts, tokenCount } from './tokens.js';
import type { UsageRecord } from './usage-record.js';

const USAGE_KEY = Buffer.from('"usage":{');
const CONTENT_KEY = Buffer.from('"content":');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/** The end (exclusive) of the JSON object opening at `open`, or -1 when the line ends first. */
function objectEnd(buffer: Buffer, open: number, end: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < end; i++) {
    const byte = buffer[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN) depth++;
    else if (byte === CLOSE && --depth === 0) return i + 1;
  }
  return -1;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Claude Code's `message.usage` as the four token kinds (input is the uncached part, as the API bills it). */
export function claudeTokens(usage: Record<string, unknown>): TokenCounts {
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
  usage: Record<string, unknown>;
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
    usage: message.usage,
  };
}

/**
 * Reads a string value written as `"key":"…"` from the line without parsing the line. Claude Code writes
 * these keys once at the line's top level or at the head of `message` (`model`, `id`), and a key written
 * inside any text is escaped (`\"key\":`), so the first match is the field itself.
 */
function stringField(text: string, key: string, from = 0): string | undefined {
  const needle = `"${key}":"`;
  const at = text.indexOf(needle, from);
  if (at < 0) return undefined;
  const start = at + needle.length;
  const close = text.indexOf('"', start);
  if (close < 0) return undefined;
  const value = text.slice(start, close);
  // An escape inside the value: parse it properly instead.
  return value.includes('\\') ? undefined : value;
}

/**
 * An assistant line's usage read without parsing the whole line (its text and tool inputs can be megabytes):
 * the `usage` object is the last one in the line (it follows the content), and the head of the line names
 * the type, model, message id and request id. Null when the line is surely not an assistant line; undefined
 * when it is not laid out that way, and the caller then parses it whole.
 */
function usageOfLayout(
  buffer: Buffer,
  start: number,
  end: number,
  usageAt: number,
): AssistantUsage | null | undefined {
  // The head (up to the content) and the tail (after the usage) hold every other field we read.
  const contentAt = buffer.indexOf(CONTENT_KEY, start);
  const head = buffer.toString('utf8', start, contentAt > start && contentAt < usageAt ? contentAt : usageAt);
  const messageAt = head.indexOf('"message":{');
  if (messageAt < 0) return undefined;
  // The line's own type: written before the message in some releases (every key before it is the line's
  // own), after it in others. A user line (a sub-agent's result) or a progress line (a sub-agent's reply
  // inside) carries usage that is not a call of this session's own.
  const typeInHead = stringField(head.slice(0, messageAt), 'type');
  if (typeInHead !== undefined && typeInHead !== 'assistant') return null;
  if (!head.includes('"role":"assistant"', messageAt)) return undefined;
  const model = stringField(head, 'model', messageAt);
  const open = usageAt + USAGE_KEY.length - 1;
  const close = objectEnd(buffer, open, end);
  if (close < 0 || model === undefined) return undefined;
  const tail = buffer.toString('utf8', close, end);
  const type = typeInHead ?? stringField(tail, 'type');
  if (type !== 'assistant') return type === undefined ? undefined : null;
  let usage: unknown;
  try {
    usage = JSON.parse(buffer.toString('utf8', open, close));
  } catch {
    return undefined;
  }
  if (!isObject(usage)) return undefined;
  return {
    model,
    messageId: stringField(head, 'id', messageAt),
    requestId: stringField(tail, 'requestId') ?? stringField(head, 'requestId'),
    timestamp: stringField(tail, 'timestamp') ?? stringField(head, 'timestamp'),
    usage,
  };
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
  // Each reply's record by message id and request id, so that its later lines join it.
  private readonly seen = new Map<string, UsageRecord>();
  private anyUsage = false;

  line(buffer: Buffer, start: number, end: number, lineNo: number): void {
    const last = buffer.subarray(start, end).lastIndexOf(USAGE_KEY);
    if (last >= 0) this.usageLine(buffer, start, end, start + last, lineNo);
  }

  parsed(line: Record<string, unknown>, lineNo: number): void {
    const found = usageOfLine(line);
    if (found) this.add(found, lineNo);
  }

  /** A line known to hold `"usage":{` at `usageAt` (its last one). */
  usageLine(buffer: Buffer, start: number, end: number, usageAt: number, lineNo: number): void {
    let found = usageOfLayout(buffer, start, end, usageAt);
    if (found === null) return;
    if (found === undefined) {
      try {
        found = usageOfLine(JSON.parse(buffer.toString('utf8', start, end)));
      } catch {
        return;
      }
    }
    if (found) this.add(found, lineNo);
  }

  private add(found: AssistantUsage, lineNo: number): void {
    this.anyUsage = true;
    // Some gateways write no request id: the message id alone then names the reply (as ccusage 20 reads it).
    const key = found.messageId === undefined ? undefined : `${found.messageId}:${found.requestId ?? ''}`;
    const first = key === undefined ? undefined : this.seen.get(key);
    if (first) {
      // A reply's later lines carry its usage as it grew while streaming: the last one is the whole call.
      first.moreLines = [...(first.moreLines ?? []), lineNo];
      first.tokens = claudeTokens(found.usage);
      first.model = found.model || first.model;
      return;
    }
    const record: UsageRecord = {
      lineNo,
      model: found.model,
      timestamp: found.timestamp,
      tokens: claudeTokens(found.usage),
    };
    if (key !== undefined) this.seen.set(key, record);
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
