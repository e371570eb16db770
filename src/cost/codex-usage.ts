import { isObject, type Json, str } from '../transcript/json-value.js';
import { forEachRecord } from '../transcript/records.js';
import { tokenCount } from './tokens.js';
import type { UsageRecord } from './usage-record.js';

/**
 * Codex's usage: an `event_msg` of type `token_count` after each model call, its `info.last_token_usage`
 * the call's tokens (`input_tokens` includes the cached part, `cached_input_tokens`; `output_tokens`
 * includes the reasoning) and `info.total_token_usage` the session's so far. The model is the latest
 * `turn_context`'s (or the session meta's). A repeated event (the same total again) is one call, counted
 * once; an event without `info` (only rate limits) is none. Each call is joined to the lines the call wrote
 * (from the line after the previous event up to its own), so that friction on them marks it. Undefined
 * when no event carries usage (an older rollout): no usage is not zero.
 */
export function readCodexUsage(path: string): UsageRecord[] | undefined {
  const calls: UsageRecord[] = [];
  let model = '';
  let previousTotal: number | undefined;
  let previousEvent = -1;
  let any = false;
  forEachRecord(path, (record, lineNo) => {
    const payload = isObject(record.payload) ? record.payload : undefined;
    if (!payload) return;
    if (record.type === 'turn_context' || record.type === 'session_meta') {
      model = str(payload.model) ?? model;
      return;
    }
    if (record.type !== 'event_msg' || payload.type !== 'token_count' || !isObject(payload.info)) return;
    const info = payload.info as Json;
    const total = isObject(info.total_token_usage)
      ? tokenCount(info.total_token_usage.total_tokens)
      : undefined;
    if (total !== undefined && total === previousTotal) return;
    const last = isObject(info.last_token_usage) ? info.last_token_usage : undefined;
    if (!last) return;
    any = true;
    const input = tokenCount(last.input_tokens);
    const cached = Math.min(input, tokenCount(last.cached_input_tokens));
    const first = previousEvent + 1;
    const moreLines: number[] = [];
    for (let line = first + 1; line <= lineNo; line++) moreLines.push(line);
    calls.push({
      lineNo: first,
      ...(moreLines.length > 0 ? { moreLines } : {}),
      model,
      timestamp: str(record.timestamp),
      tokens: {
        input: input - cached,
        output: tokenCount(last.output_tokens),
        cache_write: 0,
        cache_read: cached,
        cache_write_1h: 0,
      },
    });
    previousTotal = total;
    previousEvent = lineNo;
  });
  return any ? calls : undefined;
}
