import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { bundledPriceTable } from './price-table.js';
import { readSessionUsage, USAGE_HOSTS } from './read-usage.js';
import { sessionCost } from './session-cost.js';
import { sessionUsage } from './session-usage.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('retro-host-usage-');
});

const line = (value: unknown) => JSON.stringify(value);
const tokenEvent = (at: string, last: Record<string, number> | null, total: number) =>
  line({
    timestamp: at,
    type: 'event_msg',
    payload: {
      type: 'token_count',
      info:
        last === null
          ? null
          : {
              total_token_usage: { ...last, total_tokens: total },
              last_token_usage: last,
              model_context_window: 258400,
            },
      rate_limits: { limit_id: 'codex', primary: { used_percent: 66.0, window_minutes: 300 } },
    },
  });

describe('Codex usage (token_count events)', () => {
  it('counts each call once, uncached input apart from cached, with the turn context’s model', () => {
    const call = {
      input_tokens: 33712,
      cached_input_tokens: 3456,
      output_tokens: 707,
      reasoning_output_tokens: 409,
    };
    const path = join(dir, 'rollout-2026-04-10T15-55-00-019d781a-c120-7b32-be43-c9de0b31b4a3.jsonl');
    writeFileSync(
      path,
      [
        line({
          timestamp: '2026-04-10T15:55:00.000Z',
          type: 'session_meta',
          payload: { id: 's', cwd: '/p' },
        }),
        line({
          timestamp: '2026-04-10T15:55:01.000Z',
          type: 'turn_context',
          payload: { cwd: '/p', model: 'gpt-5.4' },
        }),
        tokenEvent('2026-04-10T15:55:02.000Z', null, 0),
        line({ type: 'response_item', payload: { type: 'message', role: 'assistant', content: [] } }),
        tokenEvent('2026-04-10T15:55:20.054Z', call, 34419),
        // The same event again (Codex writes some twice): one call.
        tokenEvent('2026-04-10T15:55:20.100Z', call, 34419),
        line({ type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: '{}' } }),
        tokenEvent(
          '2026-04-10T15:55:34.224Z',
          { ...call, input_tokens: 36000, cached_input_tokens: 34000 },
          71126,
        ),
      ].join('\n'),
    );
    const records = readSessionUsage(path, 'codex')!;
    expect(records.map((r) => [r.lineNo, r.moreLines, r.model, r.tokens])).toEqual([
      [
        0,
        [1, 2, 3, 4],
        'gpt-5.4',
        { input: 30256, output: 707, cache_write: 0, cache_read: 3456, cache_write_1h: 0 },
      ],
      [
        5,
        [6, 7],
        'gpt-5.4',
        { input: 2000, output: 707, cache_write: 0, cache_read: 34000, cache_write_1h: 0 },
      ],
    ]);
  });

  it('says a rollout without token counts has no usage', () => {
    const path = join(dir, 'rollout-old.jsonl');
    writeFileSync(path, `${tokenEvent('2026-04-10T15:55:02.000Z', null, 0)}\n`);
    expect(readSessionUsage(path, 'codex')).toBeUndefined();
  });
});

describe('Gemini CLI usage (each reply’s tokens)', () => {
  it('bills thoughts as output and cached input apart, at the reply’s message position', () => {
    const path = join(dir, 'session-2026-03-28T08-40-2e81cbf2.json');
    writeFileSync(
      path,
      JSON.stringify({
        sessionId: '2e81cbf2-0000-4000-8000-000000000000',
        projectHash: 'f528',
        startTime: '2026-03-28T08:40:00.000Z',
        lastUpdated: '2026-03-28T08:45:00.000Z',
        messages: [
          { id: 'u1', timestamp: '2026-03-28T08:40:00.000Z', type: 'user', content: 'hello' },
          {
            id: 'g1',
            timestamp: '2026-03-28T08:40:05.000Z',
            type: 'gemini',
            content: 'Hi.',
            tokens: { input: 13098, output: 535, cached: 11215, thoughts: 825, tool: 0, total: 14458 },
            model: 'gemini-2.5-pro',
          },
        ],
      }),
    );
    const records = readSessionUsage(path, 'gemini')!;
    expect(records).toEqual([
      {
        lineNo: 1,
        model: 'gemini-2.5-pro',
        timestamp: '2026-03-28T08:40:05.000Z',
        tokens: { input: 1883, output: 1360, cache_write: 0, cache_read: 11215, cache_write_1h: 0 },
      },
    ]);
  });
});

describe('Copilot CLI usage (each run’s shutdown metrics)', () => {
  it('sums each run’s usage per model, cache reads out of the input, and says its friction is unknown', () => {
    const path = join(dir, 'events.jsonl');
    const shutdown = (at: string, metrics: unknown) =>
      line({
        type: 'session.shutdown',
        timestamp: at,
        data: { shutdownType: 'routine', modelMetrics: metrics },
      });
    writeFileSync(
      path,
      [
        line({ type: 'session.start', timestamp: '2026-04-02T04:40:02.084Z', data: {} }),
        line({ type: 'assistant.message', timestamp: '2026-04-02T04:40:05.000Z', data: { content: 'ok' } }),
        shutdown('2026-04-02T04:42:00.000Z', {
          'claude-haiku-4.5': {
            requests: { count: 16, cost: 0.33 },
            usage: {
              inputTokens: 1884297,
              outputTokens: 6391,
              cacheReadTokens: 1495724,
              cacheWriteTokens: 0,
            },
          },
        }),
        line({ type: 'session.resume', timestamp: '2026-04-02T05:00:00.000Z', data: {} }),
        shutdown('2026-04-02T05:01:00.000Z', {}),
      ].join('\n'),
    );
    const records = readSessionUsage(path, 'copilot')!;
    expect(records.map((r) => [r.lineNo, r.model, r.tokens])).toEqual([
      [
        -1,
        'claude-haiku-4.5',
        { input: 388573, output: 6391, cache_write: 0, cache_read: 1495724, cache_write_1h: 0 },
      ],
    ]);
    const cost = sessionCost(
      sessionUsage(records, [], { s1: [], s2: [], s3: [], s4: [], s5: [] }),
      bundledPriceTable(),
    );
    expect(cost.tokens).toEqual({ input: 388573, output: 6391, cache_write: 0, cache_read: 1495724 });
    expect(cost.cost_usd).not.toBeNull();
    expect(cost.friction_tokens).toBeNull();
    expect(cost.friction_cost_usd).toBeNull();
  });

  it('says a log without a shutdown has no usage', () => {
    const path = join(dir, 'running.jsonl');
    writeFileSync(path, `${line({ type: 'session.start', data: {} })}\n`);
    expect(readSessionUsage(path, 'copilot')).toBeUndefined();
  });
});

describe('hosts without usage read', () => {
  it('shows OpenCode sessions as no usage (null), never zero', () => {
    expect(USAGE_HOSTS).toEqual(['claude-code', 'codex', 'gemini', 'copilot']);
    expect(readSessionUsage(join(dir, 'any.jsonl'), 'opencode')).toBeUndefined();
  });
});
