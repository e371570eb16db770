import { readGeminiSession } from '../transcript/gemini/read.js';
import { str } from '../transcript/json-value.js';
import { tokenCount } from './tokens.js';
import type { UsageRecord } from './usage-record.js';

/**
 * Gemini CLI's usage: each reply's `tokens` (`input` includes the `cached` part; `thoughts` are billed as
 * output; `tool` is prompt tokens of tool use, billed as input) and its `model`, at the reply's message
 * position, as the Gemini reader numbers messages (so friction on the reply marks it). Undefined when no
 * reply records tokens.
 */
export function readGeminiUsage(path: string): UsageRecord[] | undefined {
  const { replyTokens } = readGeminiSession(path);
  if (replyTokens.length === 0) return undefined;
  return replyTokens.map((reply) => {
    const input = tokenCount(reply.tokens.input);
    const cached = Math.min(input, tokenCount(reply.tokens.cached));
    return {
      lineNo: reply.lineNo,
      model: str(reply.model) ?? '',
      timestamp: reply.timestamp,
      tokens: {
        input: input - cached + tokenCount(reply.tokens.tool),
        output: tokenCount(reply.tokens.output) + tokenCount(reply.tokens.thoughts),
        cache_write: 0,
        cache_read: cached,
        cache_write_1h: 0,
      },
    };
  });
}
