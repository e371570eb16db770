import { isObject, str } from '../transcript/json-value.js';
import { forEachRecord } from '../transcript/records.js';
import { tokenCount } from './tokens.js';
import type { UsageRecord } from './usage-record.js';

/** A usage record not tied to any line: the host records usage per session, not per call. */
const NO_LINE = -1;

/**
 * Copilot CLI's usage: each run of a session ends with a `session.shutdown` event whose
 * `data.modelMetrics` gives, per model, that run's `usage` (`inputTokens`, cache reads and writes included;
 * `outputTokens`; `cacheReadTokens`; `cacheWriteTokens`); a resumed session has one per run, summed. The
 * usage is per run, not per call, so it is tied to no line (NO_LINE) and its friction share is unknown.
 * Undefined when no run ended with metrics (a session still running, or an older log).
 */
export function readCopilotUsage(path: string): UsageRecord[] | undefined {
  const calls: UsageRecord[] = [];
  let any = false;
  forEachRecord(path, (record) => {
    if (record.type !== 'session.shutdown' || !isObject(record.data)) return;
    const metrics = record.data.modelMetrics;
    if (!isObject(metrics)) return;
    any = true;
    for (const [model, metric] of Object.entries(metrics)) {
      if (!isObject(metric) || !isObject(metric.usage)) continue;
      const usage = metric.usage;
      const read = tokenCount(usage.cacheReadTokens);
      const write = tokenCount(usage.cacheWriteTokens);
      calls.push({
        lineNo: NO_LINE,
        model,
        timestamp: str(record.timestamp),
        tokens: {
          input: Math.max(0, tokenCount(usage.inputTokens) - read - write),
          output: tokenCount(usage.outputTokens),
          cache_write: write,
          cache_read: read,
          cache_write_1h: 0,
        },
      });
    }
  });
  return any ? calls : undefined;
}
