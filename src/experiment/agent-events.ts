import { readFileSync } from 'node:fs';

/** What an agent's headless event stream says about its run, whichever agent wrote it. */
export interface AgentReport {
  sessionId: string | undefined;
  /** Input + output tokens, cache reads and writes included; undefined when the agent reports none. */
  tokens: number | undefined;
  usd: number | undefined;
  /** The agent's own count of turns, when it gives one. */
  agentTurns: number | undefined;
  /** The agent ended with an error (its words, one line), or undefined. */
  error: string | undefined;
  /** The agent's last reply to the person, when its stream gives one (a follow-up may depend on it). */
  reply?: string | undefined;
}

/** Bytes of an event stream read for its report; a larger stream is read from its head and tail. */
const STREAM_READ_CAP = 64 * 1024 * 1024;

/** The JSON objects of an event stream, one a line; lines that are not JSON objects are passed over. */
export function streamEvents(path: string): Record<string, unknown>[] {
  let text: string;
  try {
    const buffer = readFileSync(path);
    text = buffer.subarray(Math.max(0, buffer.length - STREAM_READ_CAP)).toString('utf8');
  } catch {
    return [];
  }
  const events: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        events.push(value as Record<string, unknown>);
    } catch {
      // A line cut by a killed process, or a log line: not an event.
    }
  }
  return events;
}

export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
export const obj = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** A sum of the numeric fields named, or undefined when none is there. */
export function sumOf(
  record: Record<string, unknown> | undefined,
  names: readonly string[],
): number | undefined {
  if (!record) return undefined;
  const values = names.map((name) => num(record[name])).filter((v): v is number => v !== undefined);
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0);
}

/** An agent's message as one line of plain text, for an error report. */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
