import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test-support/cli.js';
import { tempDir } from '../../../test-support/temp-dir.js';
import { readTranscriptEvents } from '../../read.js';
import type { TranscriptFacts, TurnEvent } from '../../types.js';
import { type FastReadStats, fastEngine, kindsOfErrors, readTranscriptEventsFast } from './read.js';

/** The oracle's reading and the fast reader's, with the compiled scanner and with the JavaScript walk. */
function both(path: string, stats?: FastReadStats) {
  const plain: TurnEvent[] = [];
  const fast: TurnEvent[] = [];
  const js: TurnEvent[] = [];
  const plainFacts: TranscriptFacts = readTranscriptEvents(path, (e) => plain.push(e));
  const fastFacts = readTranscriptEventsFast(path, (e) => fast.push(e), stats ? { stats } : {});
  const jsFacts = readTranscriptEventsFast(path, (e) => js.push(e), { engine: 'js' });
  expect({ events: js, facts: jsFacts }).toEqual({ events: fast, facts: fastFacts });
  return { plain: { events: plain, facts: plainFacts }, fast: { events: fast, facts: fastFacts } };
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => path.endsWith('.jsonl') && statSync(path).isFile());
}

function tempFile(content: string | Buffer): string {
  const path = join(tempDir('retrospect-fast-'), 'session.jsonl');
  writeFileSync(path, content);
  return path;
}

/** mulberry32, so that a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('kindsOfErrors', () => {
  it('says error or ok for each result, in order, and nothing for a line without results', () => {
    expect(kindsOfErrors([true, false, false, true])).toEqual(['error', 'ok', 'ok', 'error']);
    expect(kindsOfErrors(Object.freeze([]))).toEqual([]);
    // A fresh array each time: the machine keeps a user turn's results.
    const none: boolean[] = [];
    expect(kindsOfErrors(none)).not.toBe(kindsOfErrors(none));
  });
});

describe('fast transcript reader', () => {
  it('runs the compiled scanner (the build puts it beside the reader)', () => {
    expect(fastEngine()).toBe('wasm');
  });

  it('gives the oracle events and facts on every demo session and test fixture', () => {
    const files = [
      ...jsonlFiles(join(REPO_ROOT, 'examples')),
      // Claude Code's fixtures: the other agents' sessions (test/fixtures/hosts) are not its format.
      ...jsonlFiles(join(REPO_ROOT, 'test', 'fixtures')).filter(
        (f) => !f.includes(join('fixtures', 'hosts')),
      ),
    ];
    expect(files.length).toBeGreaterThanOrEqual(9);
    const stats = { fast: 0, fallback: 0 };
    for (const file of files) {
      const { plain, fast } = both(file, stats);
      expect(fast, file).toEqual(plain);
    }
    expect(stats.fallback).toBe(0);
  });

  it('gives the oracle events and facts on a fuzzed corpus (bench/fuzz-sessions.mjs)', () => {
    const dir = tempDir('retrospect-fuzz-');
    execFileSync(
      process.execPath,
      [join(REPO_ROOT, 'bench', 'fuzz-sessions.mjs'), '--out', dir, '--sessions', '60', '--seed', '23'],
      {
        stdio: 'ignore',
      },
    );
    const stats = { fast: 0, fallback: 0 };
    for (const file of jsonlFiles(dir)) {
      const { plain, fast } = both(file, stats);
      expect(fast, file).toEqual(plain);
    }
    expect(stats.fast).toBeGreaterThan(stats.fallback * 10);
  });

  it('reads what JSON.parse reads: duplicate keys, escaped keys, type after message, odd truthiness', () => {
    const lines = [
      '{"message":{"role":"assistant","content":[{"type":"text","text":"let me try again"}]},"type":"assistant","uuid":"a1"}',
      '{"type":"user","type":"assistant","uuid":"a2","message":{"content":"x","content":[{"type":"tool_use","name":"Edit","input":{"path":"/p","file_path":""}}]}}',
      '{"typ\\u0065":"us\\u0065r","uuid":"","messageId":7,"isMeta":"false","message":{"content":"stop \\"now\\" \\ud83d\\ude00"}}',
      '{"type":"user","uuid":[0],"isMeta":0.0,"message":{"content":[{"type":"tool_result","is_error":-0},{"type":"tool_result","is_error":" "},{"type":"tool_result","is_error":{}},"junk",{"type":"tool_result","is_error":[[]]}]}}',
      '{"type":"assistant","uuid":"a5","message":"not an object"}',
      '{"type":"assistant","uuid":"a6","message":{"content":[{"type":"tool_use","name":"Write","input":{"file_path":"/a","file_path":"/b"}},{"type":"tool_use","name":"Write","input":"x"}]}} \t ',
      '{"sessionId":"","session_id":"s-snake","timestamp":"2026-10-01T10:00:00Z","type":"summary"}',
      '{"type":"user","uuid":"u8","message":{"content":[{"type":"text","text":""},{"text":"wrong","type":"text"}]},"timestamp":5}',
      `{"type":"user","uuid":"u9","message":{"content":"${'deep '.repeat(10)}"},"extra":${'['.repeat(600)}${']'.repeat(600)}}`,
    ];
    const { plain, fast } = both(tempFile(`${lines.join('\n')}\n`));
    expect(fast).toEqual(plain);
    expect(plain.events.map((e) => e.id)).toEqual(['a1', 'a2', 7, [0], 'a5', 'a6', 'u8', 'u9']);
    expect(plain.facts.sessionId).toBe('s-snake');
  });

  it('drops exactly the lines JSON.parse rejects, wherever the flaw hides (mutation property)', () => {
    const template = readFileSync(
      join(
        REPO_ROOT,
        'examples',
        'projects',
        '-home-ada-code-shop',
        '9b2d4f6a-8c1e-4a3b-9d5f-7e9a1b3c5d36.jsonl',
      ),
    );
    const lines = template.toString('utf8').trimEnd().split('\n');
    const random = prng(1234);
    const pieces = [
      '"',
      '\\',
      '\\u12',
      '\\x',
      '\u0001',
      '\t',
      ',',
      '}',
      ']',
      '{',
      '[',
      ':',
      ' ',
      '0',
      '-',
      '1e',
      'tru',
      '\u00e9',
      '\ud83d',
    ];
    const mutated: Buffer[] = [];
    for (let n = 0; n < 1500; n++) {
      const line = Buffer.from(lines[Math.floor(random() * lines.length)]!, 'utf8');
      const at = Math.floor(random() * line.length);
      const r = random();
      let bytes: Buffer;
      if (r < 0.25) bytes = line.subarray(0, at);
      else if (r < 0.5) bytes = Buffer.concat([line.subarray(0, at), line.subarray(at + 1)]);
      else if (r < 0.6)
        bytes = Buffer.concat([
          line.subarray(0, at),
          Buffer.from([Math.floor(random() * 256)]),
          line.subarray(at),
        ]);
      else {
        const piece = Buffer.from(pieces[Math.floor(random() * pieces.length)]!, 'utf8');
        bytes = Buffer.concat([line.subarray(0, at), piece, line.subarray(at)]);
      }
      mutated.push(bytes.includes(0x0a) || bytes.includes(0x0d) ? line : bytes);
    }
    const file = tempFile(Buffer.concat(mutated.flatMap((m) => [m, Buffer.from('\n')])));
    const stats = { fast: 0, fallback: 0 };
    const { plain, fast } = both(file, stats);
    expect(fast).toEqual(plain);
    expect(stats.fallback).toBeGreaterThan(500);
  });

  it('ends each line where the oracle does, whatever follows the object (the walk finds the break)', () => {
    const object = (n: number) => `{"type":"user","uuid":"u${n}","message":{"content":"stop ${n}"}}`;
    const endings = ['\n', '\r\n', '\r', ' \t\n', ' x\n', `${object(0)}\n`, ' \r\r\n', '\n\n'];
    const random = prng(29);
    let content = '';
    for (let n = 0; n < 400; n++) content += object(n) + endings[Math.floor(random() * endings.length)];
    content += object(400); // a last line without a break
    const file = tempFile(content);
    const { plain, fast } = both(file);
    expect(fast).toEqual(plain);
    // Small reads put line ends at every place of the buffer's edge.
    for (const chunkBytes of [61, 64, 97, 128]) {
      const events: TurnEvent[] = [];
      const facts = readTranscriptEventsFast(file, (e) => events.push(e), { chunkBytes });
      expect({ events, facts }).toEqual(plain);
    }
  });

  it('reads a second file from inside a read’s callback without disturbing the first', () => {
    const files = jsonlFiles(join(REPO_ROOT, 'examples'));
    const outer: TurnEvent[] = [];
    const inner: TurnEvent[][] = [];
    const facts = readTranscriptEventsFast(files[0]!, (event) => {
      outer.push(event);
      const nested: TurnEvent[] = [];
      readTranscriptEventsFast(files[1]!, (e) => nested.push(e));
      inner.push(nested);
    });
    const expected: TurnEvent[] = [];
    expect({ events: outer, facts }).toEqual({
      events: expected,
      facts: readTranscriptEvents(files[0]!, (e) => expected.push(e)),
    });
    const second: TurnEvent[] = [];
    readTranscriptEvents(files[1]!, (e) => second.push(e));
    for (const nested of inner) expect(nested).toEqual(second);
  });
});
