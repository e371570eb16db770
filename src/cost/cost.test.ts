import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { gateSessionSync } from '../gate/gate-session.js';
import { TYPE_ASSISTANT } from '../transcript/claude/fast/line.js';
import { type FastEngine, readTranscriptLines } from '../transcript/claude/fast/read.js';
import { ClaudeUsageCollector, readClaudeUsage } from './claude-usage.js';
import { FRICTION_SIGNALS, frictionStretches, stretchOf } from './friction.js';
import { BUNDLED_PRICES, bundledPriceTable } from './price-table.js';
import { pricingFromFile } from './pricing-file.js';
import { sessionCost } from './session-cost.js';
import { sessionUsage } from './session-usage.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'retro-cost-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SESSION = '11111111-2222-4333-8444-555555555555';
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** A person's line as Claude Code writes it. */
function person(text: string): string {
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    userType: 'external',
    sessionId: SESSION,
    type: 'user',
    message: { role: 'user', content: text },
    uuid: uuid(),
    timestamp: '2026-05-04T10:00:00.000Z',
  });
}

/** An assistant line: one content block of a streamed reply, carrying the reply's usage (key order as written). */
function reply(
  messageId: string,
  content: unknown[],
  usage: Record<string, unknown>,
  model = 'claude-sonnet-4-5-20250929',
): string {
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    message: {
      model,
      id: messageId,
      type: 'message',
      role: 'assistant',
      content,
      stop_reason: 'tool_use',
      usage,
    },
    requestId: `req_${messageId}`,
    type: 'assistant',
    uuid: uuid(),
    timestamp: '2026-05-04T10:00:01.000Z',
    sessionId: SESSION,
  });
}

function toolResult(id: string, error: boolean): string {
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    sessionId: SESSION,
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: 'out', is_error: error }],
    },
    uuid: uuid(),
    timestamp: '2026-05-04T10:00:02.000Z',
  });
}

const usage = (input: number, output: number, write = 0, read = 0) => ({
  input_tokens: input,
  output_tokens: output,
  cache_creation_input_tokens: write,
  cache_read_input_tokens: read,
  cache_creation: { ephemeral_5m_input_tokens: write, ephemeral_1h_input_tokens: 0 },
});

function write(lines: string[]): string {
  const path = join(dir, `${SESSION}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('readClaudeUsage', () => {
  it('counts a streamed reply once, by message id and request id, with its last line’s usage', () => {
    const path = write([
      person('add a test'),
      reply('msg_a', [{ type: 'text', text: 'Sure.' }], usage(3, 10, 100, 2000)),
      reply(
        'msg_a',
        [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }],
        usage(3, 25, 100, 2000),
      ),
      toolResult('t1', false),
      reply('msg_b', [{ type: 'text', text: 'Done.' }], usage(1, 5, 0, 2100)),
    ]);
    const records = readClaudeUsage(path)!;
    expect(records.map((r) => [r.lineNo, r.moreLines ?? [], r.tokens.output, r.tokens.cache_read])).toEqual([
      [1, [2], 25, 2000],
      [4, [], 5, 2100],
    ]);
  });

  it('says a file without usage has none (undefined), not zero', () => {
    expect(readClaudeUsage(write([person('hello')]))).toBeUndefined();
  });

  it("leaves out usage that is not the session's own call (a sub-agent's result, a progress line)", () => {
    const subagentResult = JSON.stringify({
      parentUuid: null,
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
      toolUseResult: { usage: { input_tokens: 999, output_tokens: 999 } },
      uuid: uuid(),
    });
    const progress = JSON.stringify({
      parentUuid: null,
      type: 'progress',
      data: {
        message: {
          type: 'assistant',
          message: { model: 'claude-haiku-4-5', role: 'assistant', usage: usage(7, 7) },
        },
      },
      uuid: uuid(),
    });
    const path = write([person('go'), subagentResult, progress, reply('msg_c', [], usage(2, 3))]);
    expect(readClaudeUsage(path)!.map((r) => r.tokens.input)).toEqual([2]);
  });

  it('reads a line laid out another way by parsing it whole (type before the message)', () => {
    const line = JSON.stringify({
      type: 'assistant',
      requestId: 'req_x',
      message: { id: 'msg_x', role: 'assistant', model: 'claude-opus-4-6', usage: usage(4, 8) },
    });
    const records = readClaudeUsage(write([line]))!;
    expect(records).toHaveLength(1);
    expect(records[0]!.model).toBe('claude-opus-4-6');
    expect(records[0]!.tokens.output).toBe(8);
  });
});

describe('friction stretches', () => {
  it('marks the work a person rejected, a failing run and a redone edit, each once', () => {
    const timeline = [
      { lineNo: 0, id: 'p1', kind: 'person' as const, failed: false },
      { lineNo: 1, id: 'a1', kind: 'assistant' as const, failed: false },
      { lineNo: 2, id: 'r1', kind: 'results' as const, failed: true },
      { lineNo: 3, id: 'a2', kind: 'assistant' as const, failed: false },
      { lineNo: 4, id: 'r2', kind: 'results' as const, failed: true },
      { lineNo: 5, id: 'a3', kind: 'assistant' as const, failed: false },
      { lineNo: 6, id: 'r3', kind: 'results' as const, failed: false },
      { lineNo: 7, id: 'a4', kind: 'assistant' as const, failed: false },
      { lineNo: 8, id: 'p2', kind: 'person' as const, failed: false },
      { lineNo: 9, id: 'a5', kind: 'assistant' as const, failed: false },
    ];
    const marked = frictionStretches(timeline, { s1: ['p2'], s2: ['r1'], s3: ['a5'], s4: [], s5: [] });
    // S1 takes the whole stretch since the person last spoke; S2's run (a1, a2) is inside it and counted once.
    expect([...marked].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 'S1'],
      [3, 'S1'],
      [5, 'S1'],
      [7, 'S1'],
      [9, 'S3'],
    ]);
    const onlyRun = frictionStretches(timeline, { s1: [], s2: ['r1'], s3: [], s4: [], s5: [] });
    expect([...onlyRun.keys()].sort()).toEqual([1, 3]);
  });

  it("marks in one pass what each hit's own stretch marks, the first signal winning", () => {
    // A fixed generator: sessions of every shape, hits on any turn (repeated ids, ids on no turn too).
    let seed = 7;
    const next = (n: number) => {
      // mulberry32: every bit of it changes (a plain LCG's low bits repeat with a short period).
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const kinds = ['assistant', 'person', 'results', 'other'] as const;
    for (let round = 0; round < 400; round++) {
      const timeline = Array.from({ length: 1 + next(60) }, (_, i) => {
        const kind = kinds[next(3) === 0 ? next(4) : 0]!;
        return {
          lineNo: i * 2,
          id: next(4) === 0 ? '' : `t${i}`,
          kind,
          failed: kind === 'results' && next(2) === 0,
        };
      });
      const pick = () => Array.from({ length: next(4) }, () => `t${next(timeline.length + 3)}`);
      const hits = { s1: pick(), s2: pick(), s3: pick(), s4: pick(), s5: [] };
      // The definition: each hit's stretch in signal order, a message kept by the first that marks it.
      const expected = new Map<number, string>();
      FRICTION_SIGNALS.forEach((signal, k) => {
        for (const id of [hits.s1, hits.s2, hits.s3, hits.s4][k]!) {
          const at = timeline.findIndex((t) => t.id === id && id !== '');
          if (at < 0) continue;
          for (const index of stretchOf(timeline, signal, at))
            if (!expected.has(index)) expected.set(index, signal);
        }
      });
      const sorted = (m: Map<number, string>) => [...m].sort((a, b) => a[0] - b[0]);
      const got = sorted(frictionStretches(timeline, hits));
      expect(got).toEqual(sorted(expected));
    }
  });
});

describe('session cost', () => {
  it("prices a session, and the friction share of the reply the person rejected, from the gate's own reading", () => {
    const path = write([
      person('rename the config loader'),
      reply(
        'msg_1',
        [{ type: 'text', text: 'I rewrote the whole parser instead.' }],
        usage(10, 1000, 20_000, 0),
      ),
      person("no, that's wrong, revert it: only rename it"),
      reply('msg_2', [{ type: 'text', text: 'Renamed.' }], usage(5, 100, 0, 20_000)),
    ]);
    const gate = gateSessionSync(path, { timeline: true, ledgerPath: null, host: 'claude-code', env: {} });
    expect(gate.verdict.signals.map((s) => s.name)).toContain('S1');
    const usageSummary = sessionUsage(readClaudeUsage(path), gate.timeline, gate.hits);
    const cost = sessionCost(usageSummary, bundledPriceTable());
    expect(cost.tokens).toEqual({ input: 15, output: 1100, cache_write: 20_000, cache_read: 20_000 });
    expect(cost.friction_tokens).toBe(21_010);
    // Sonnet 4.5: $3 input, $15 output, $3.75 cache write, $0.30 cache read per million tokens.
    expect(cost.cost_usd).toBeCloseTo((15 * 3 + 1100 * 15 + 20_000 * 3.75 + 20_000 * 0.3) / 1e6, 10);
    expect(cost.friction_cost_usd).toBeCloseTo((10 * 3 + 1000 * 15 + 20_000 * 3.75) / 1e6, 10);
    expect(Object.keys(cost.friction_by_signal)).toEqual(['S1']);
    // Made by constructors (see session-cost.ts), it still reads as the plain record `scan --json` shows.
    expect(JSON.parse(JSON.stringify(cost))).toEqual({
      tokens: { input: 15, output: 1100, cache_write: 20_000, cache_read: 20_000 },
      cost_usd: cost.cost_usd,
      friction_tokens: 21_010,
      friction_cost_usd: cost.friction_cost_usd,
      friction_by_signal: { S1: { tokens: 21_010, cost_usd: cost.friction_cost_usd } },
      unpriced_models: [],
    });
    expect(Object.keys(cost)).toEqual([
      'tokens',
      'cost_usd',
      'friction_tokens',
      'friction_cost_usd',
      'friction_by_signal',
      'unpriced_models',
    ]);
    expect(Object.keys(cost.tokens!)).toEqual(['input', 'output', 'cache_write', 'cache_read']);
    expect(Object.keys(cost.friction_by_signal.S1!)).toEqual(['tokens', 'cost_usd']);
  });

  it('shows no usage as null and an unpriced model as a null cost, never 0', () => {
    const none = sessionCost(sessionUsage(undefined, undefined, undefined), bundledPriceTable());
    expect(none).toMatchObject({
      tokens: null,
      cost_usd: null,
      friction_tokens: null,
      friction_cost_usd: null,
    });
    const path = write([person('hi'), reply('msg_z', [], usage(5, 5), 'a-model-no-table-knows')]);
    const unpriced = sessionCost(sessionUsage(readClaudeUsage(path), [], undefined), bundledPriceTable());
    expect(unpriced.tokens).toEqual({ input: 5, output: 5, cache_write: 0, cache_read: 0 });
    expect(unpriced.cost_usd).toBeNull();
    expect(unpriced.unpriced_models).toEqual(['a-model-no-table-knows']);
  });

  it('prices one-hour cache writes at their own rate', () => {
    const hour = { ...usage(0, 0, 1_000_000), cache_creation: { ephemeral_1h_input_tokens: 1_000_000 } };
    const path = write([reply('msg_h', [], hour, 'claude-sonnet-4-6')]);
    const cost = sessionCost(sessionUsage(readClaudeUsage(path), [], undefined), bundledPriceTable());
    expect(cost.cost_usd).toBeCloseTo(6, 6);
  });
});

describe('a --pricing file', () => {
  it('prices the models it names (exact, or by prefix) and leaves the rest to the bundled table', () => {
    const file = join(dir, 'prices.json');
    writeFileSync(
      file,
      JSON.stringify({ date: '2026-11-01', models: { 'local-*': { input_mtok: 1, output_mtok: 2 } } }),
    );
    const table = pricingFromFile(file);
    expect(table.sources.map((s) => s.date)).toEqual(['2026-11-01', BUNDLED_PRICES.date]);
    expect(table.rates('local-coder', 0, undefined)).toEqual({ input_mtok: 1, output_mtok: 2 });
    expect(table.rates('claude-sonnet-4-6', 0, undefined)?.input_mtok).toBe(3);
  });

  it('is refused with one line saying what was expected', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({ date: '2026-11-01', models: { x: { input_mtok: -1, output_mtok: 1 } } }),
    );
    expect(() => pricingFromFile(file)).toThrow(InputError);
    expect(() => pricingFromFile(file)).toThrow(/at models\.x\.input_mtok\): expected \{"date"/);
    writeFileSync(file, 'not json');
    expect(() => pricingFromFile(file)).toThrow(/is not JSON/);
    expect(() => pricingFromFile(join(dir, 'missing.json'))).toThrow(/cannot read the pricing file/);
  });
});

describe('the bundled table', () => {
  it('is the pinned release whose date is shown', async () => {
    const { readFileSync } = await import('node:fs');
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(BUNDLED_PRICES.name).toBe(
      `@pydantic/genai-prices ${manifest.devDependencies['@pydantic/genai-prices']}`,
    );
  });
});

describe("the gate's own pass", () => {
  it('shows the usage reader every assistant line: the same calls as a pass of its own, on every demo session', () => {
    const projects = join(import.meta.dirname, '../../examples/projects');
    const files = readdirSync(projects, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(projects, name));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const collector = new ClaudeUsageCollector();
      const gate = gateSessionSync(file, { assistantLines: collector, ledgerPath: null, env: {} });
      expect(gate.tapped, file).toBe(true);
      expect(collector.records(), file).toEqual(readClaudeUsage(file));
    }
  });
});

describe('each anchor’s cost (gate --why)', () => {
  it('prices the stretch each hit marks, once per anchor', async () => {
    const { anchorCosts } = await import('./anchor-cost.js');
    const path = write([
      person('rename the config loader'),
      reply(
        'msg_1',
        [{ type: 'text', text: 'I rewrote the whole parser instead.' }],
        usage(10, 1000, 20_000, 0),
      ),
      person("no, that's wrong, revert it: only rename it"),
      reply('msg_2', [{ type: 'text', text: 'Renamed.' }], usage(5, 100, 0, 20_000)),
    ]);
    const collector = new ClaudeUsageCollector();
    const gate = gateSessionSync(path, {
      timeline: true,
      assistantLines: collector,
      ledgerPath: null,
      env: {},
    });
    const anchors = anchorCosts(gate.timeline!, gate.hits!, collector.records()!, bundledPriceTable());
    const s1 = anchors.filter((a) => a.signal === 'S1');
    expect(s1).toHaveLength(1);
    expect(s1[0]).toMatchObject({ calls: 1, tokens: 21_010 });
    expect(s1[0]!.costUsd).toBeCloseTo((10 * 3 + 1000 * 15 + 20_000 * 3.75) / 1e6, 10);
  });
});

describe('usage read in place (the gate’s pass)', () => {
  /** The records a collector gives when the fast reader's walk (`engine`) shows it each line. */
  function viewedBy(engine: FastEngine, path: string) {
    const collector = new ClaudeUsageCollector();
    readTranscriptLines(
      path,
      {
        view: (b, view, lineNo, start, end) => {
          if (view.type === TYPE_ASSISTANT) collector.line(b, start, end, lineNo, view.usage);
        },
        parsed: (line, lineNo) => {
          if (line.type === 'assistant') collector.parsed(line, lineNo);
        },
      },
      { engine },
    );
    return collector.records();
  }
  /**
   * The records a collector gives when shown each line whole (parsed), its bytes (a pass of its own), and
   * the fields the compiled scanner found (`wasm`) or the JavaScript walk's view (`js`) in the gate's pass.
   */
  function bothWays(lines: string[]) {
    const path = write(lines);
    const parsed = new ClaudeUsageCollector();
    lines.forEach((line, lineNo) => {
      parsed.parsed(JSON.parse(line) as Record<string, unknown>, lineNo);
    });
    const bytes = readClaudeUsage(path);
    expect(viewedBy('wasm', path), 'compiled scanner').toEqual(parsed.records());
    expect(viewedBy('js', path), 'JavaScript walk').toEqual(parsed.records());
    return { parsed: parsed.records(), bytes };
  }
  const usageOf = (input: number, output: number) => ({
    input_tokens: input,
    cache_creation_input_tokens: 50,
    cache_read_input_tokens: 700,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 50 },
    output_tokens: output,
    // Nested counts of the call's steps: never taken for the call's own.
    iterations: [{ input_tokens: 999, output_tokens: 999, cache_creation: { ephemeral_1h_input_tokens: 9 } }],
  });

  it('reads every layout the real transcripts use as parsing the line would', () => {
    const tool = {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'Bash',
      input: { model: 'not-this', id: 'nor-this' },
    };
    const lines = [
      // Claude Code's own: model and id before the content, usage last, then diagnostics.
      JSON.stringify({
        parentUuid: null,
        message: {
          model: 'claude-sonnet-4-6',
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [tool],
          usage: usageOf(3, 10),
          diagnostics: { cache_miss_reason: { type: 'unavailable' } },
        },
        requestId: 'req_1',
        type: 'assistant',
        timestamp: '2026-05-04T10:00:01.000Z',
      }),
      // A gateway's: the model after the content.
      JSON.stringify({
        message: {
          id: 'msg_2',
          type: 'message',
          role: 'assistant',
          content: [tool],
          model: 'MiniMax-M2.7',
          usage: usageOf(4, 20),
        },
        type: 'assistant',
        timestamp: '2026-05-04T10:00:02.000Z',
      }),
      // Content first, every other member after it.
      JSON.stringify({
        message: {
          content: [tool],
          id: 'msg_3',
          model: 'claude-opus-4-6',
          role: 'assistant',
          usage: usageOf(5, 30),
        },
        type: 'assistant',
        timestamp: '2026-05-04T10:00:03.000Z',
      }),
      // The usage before the content (the line's type then follows a large content).
      JSON.stringify({
        message: {
          id: 'msg_4',
          role: 'assistant',
          model: 'deepseek-v4-flash',
          usage: usageOf(6, 40),
          content: [tool],
        },
        type: 'assistant',
      }),
      // The type before the message, as older releases write it; a user line's usage is never a call.
      JSON.stringify({
        type: 'assistant',
        requestId: 'req_5',
        message: {
          id: 'msg_5',
          role: 'assistant',
          model: 'claude-haiku-4-5',
          content: 'ok',
          usage: usageOf(7, 50),
        },
      }),
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: 'x' },
        toolUseResult: { usage: usageOf(1, 1) },
      }),
    ];
    const { parsed, bytes } = bothWays(lines);
    expect(bytes).toEqual(parsed);
    expect(bytes!.map((r) => [r.model, r.tokens.input, r.tokens.cache_write_1h])).toEqual([
      ['claude-sonnet-4-6', 3, 50],
      ['MiniMax-M2.7', 4, 50],
      ['claude-opus-4-6', 5, 50],
      ['deepseek-v4-flash', 6, 50],
      ['claude-haiku-4-5', 7, 50],
    ]);
  });

  it('joins a streamed reply’s lines in place, and falls back to parsing a line with escapes', () => {
    const line = (id: string, output: number, model = 'claude-sonnet-4-6') =>
      JSON.stringify({
        message: { model, id, role: 'assistant', content: [], usage: usageOf(1, output) },
        requestId: 'req_s',
        type: 'assistant',
      });
    const { parsed, bytes } = bothWays([
      line('msg_s', 1),
      line('msg_s', 2),
      line('msg_t', 3),
      line('msg_s', 4),
      line('msg_\u00e9', 5, 'm\\"x'),
    ]);
    expect(bytes).toEqual(parsed);
    expect(bytes!.map((r) => [r.lineNo, r.moreLines ?? [], r.tokens.output])).toEqual([
      [0, [1, 3], 4],
      [2, [], 3],
      [4, [], 5],
    ]);
  });

  it('joins a later line by the scanner’s flag only while the last reply is the one the scanner kept', () => {
    const line = (id: string | undefined, output: number, more: Record<string, unknown> = {}) =>
      JSON.stringify({
        message: {
          model: 'claude-sonnet-4-6',
          ...(id === undefined ? {} : { id }),
          role: 'assistant',
          content: [],
          usage: usageOf(1, output),
        },
        requestId: 'req_s',
        type: 'assistant',
        ...more,
      });
    const model = (id: string, output: number, name: string) =>
      JSON.stringify({
        message: { model: name, id, role: 'assistant', content: [], usage: usageOf(1, output) },
        requestId: 'req_s',
        type: 'assistant',
      });
    const lines = [
      line('msg_a', 1),
      line('msg_a', 2),
      // A reply's model changing on a later line; a line without an id between two of one reply.
      model('msg_a', 3, 'claude-opus-4-6'),
      line(undefined, 4),
      line('msg_a', 5),
      // Another reply, then the first again (joined by its id); a line of it whose request id is written with
      // an escape (the same request: read by parsing), one with another request (a call of its own), and the
      // first again, twice.
      line('msg_b', 6),
      line('msg_a', 7),
      line('msg_a', 8).replace('"requestId":"req_s"', '"requestId":"req_\\u0073"'),
      line('msg_a', 9).replace('"requestId":"req_s"', '"requestId":"req_\\u0074"'),
      line('msg_a', 10),
      line('msg_a', 11),
      // A count that is not a plain integer on a later line.
      line('msg_a', 12).replace('"output_tokens":12', '"output_tokens":1.2e1'),
    ];
    const { parsed } = bothWays(lines);
    expect(parsed!.map((r) => [r.lineNo, r.moreLines ?? [], r.model, r.tokens.output])).toEqual([
      [0, [1, 2, 4, 6, 7, 9, 10, 11], 'claude-sonnet-4-6', 12],
      [3, [], 'claude-sonnet-4-6', 4],
      [5, [], 'claude-sonnet-4-6', 6],
      [8, [], 'claude-sonnet-4-6', 9],
    ]);
    expect(lines[8]).toContain('req_\\u0074');
    // The scanner said so on the later lines it could tell (the first line's flag is about the read before:
    // the collector, new for each file, does not take it).
    const flags: boolean[] = [];
    readTranscriptLines(
      write(lines),
      { view: (_b, view) => flags.push(view.usage.sameReply), parsed: () => flags.push(false) },
      { engine: 'wasm' },
    );
    expect([flags[1], flags[2], flags[5], flags[6]]).toEqual([true, true, false, false]);
  });

  it('starts each file anew: a reply that ends one file and opens the next is counted in both', () => {
    const line = (output: number) =>
      JSON.stringify({
        message: {
          model: 'claude-sonnet-4-6',
          id: 'msg_x',
          role: 'assistant',
          content: [],
          usage: usageOf(1, output),
        },
        requestId: 'req_x',
        type: 'assistant',
      });
    const first = join(dir, 'first.jsonl');
    const second = join(dir, 'second.jsonl');
    writeFileSync(first, `${line(1)}\n${line(2)}\n`);
    writeFileSync(second, `${line(3)}\n${line(4)}\n`);
    expect(viewedBy('wasm', first)!.map((r) => r.tokens.output)).toEqual([2]);
    expect(viewedBy('wasm', second)!.map((r) => [r.lineNo, r.moreLines, r.tokens.output])).toEqual([
      [0, [1], 4],
    ]);
  });

  it('reads what JSON.parse reads when a key is written twice or a count is not a plain number', () => {
    const line = (message: unknown, rest: Record<string, unknown> = {}) =>
      JSON.stringify({ type: 'assistant', requestId: 'req_d', ...rest, message });
    const counts = (extra: Record<string, unknown>) => ({ ...usageOf(2, 3), ...extra });
    const lines = [
      // A count as a string, null, a fraction, an exponent, a negative number, an object: as tokenCount.
      line({
        id: 'msg_a',
        model: 'claude-sonnet-4-6',
        usage: counts({ input_tokens: '12', output_tokens: null, cache_read_input_tokens: 2.5e2 }),
      }),
      line({
        id: 'msg_b',
        model: 'claude-sonnet-4-6',
        usage: counts({ input_tokens: -4, output_tokens: 7.9 }),
      }),
      line({ id: 'msg_c', model: 'claude-sonnet-4-6', usage: counts({ cache_creation: { x: 1 } }) }),
      // No model, an id that is not a string, a usage that is not an object, a message that is an array.
      line({ id: 5, usage: counts({}) }),
      line({ id: 'msg_e', model: 'claude-sonnet-4-6', usage: [counts({})] }),
      line([{ usage: counts({}) }]),
      // A non-ASCII model and request id; an empty id; a timestamp that is not a string.
      line({ id: 'msg_f', model: 'modèle-ü', usage: counts({}) }, { requestId: 'req_ü', timestamp: 7 }),
      line({ id: '', model: 'claude-sonnet-4-6', usage: counts({}) }, { timestamp: '' }),
    ];
    // Keys written twice: the last one counts (a second message, usage or cache_creation replaces the first).
    lines.push(
      '{"type":"assistant","message":{"id":"msg_g","model":"a","usage":{"input_tokens":1}},' +
        '"message":{"id":"msg_h","usage":{"output_tokens":9}}}',
      '{"type":"assistant","message":{"id":"msg_i","model":"b","usage":{"input_tokens":1},' +
        '"usage":{"cache_creation_input_tokens":40,"cache_creation":{"ephemeral_1h_input_tokens":30},' +
        '"cache_creation":null}}}',
      '{"type":"assistant","message":{"id":"msg_j","model":"c","usage":{"input_tokens":1}},"message":null}',
      '{"type":"assistant","message":{"id":"msg_k","model":"c","usage":{"input_tokens":1}},"type":"user"}',
    );
    const { parsed, bytes } = bothWays(lines);
    expect(bytes).toEqual(parsed);
    expect(parsed!.map((r) => [r.model, r.tokens.input, r.tokens.output, r.tokens.cache_read])).toEqual([
      ['claude-sonnet-4-6', 0, 0, 250],
      ['claude-sonnet-4-6', 0, 7, 700],
      ['claude-sonnet-4-6', 2, 3, 700],
      ['', 2, 3, 700],
      ['modèle-ü', 2, 3, 700],
      ['claude-sonnet-4-6', 2, 3, 700],
      ['', 0, 9, 0],
      ['b', 0, 0, 0],
    ]);
    expect(parsed![2]!.tokens.cache_write_1h).toBe(0);
  });
});
