import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import type { FastReadOptions } from '../transcript/claude/fast/read.js';
import type { LongLineOptions } from '../transcript/claude/long-line/types.js';
import { readTranscriptEvents } from '../transcript/read.js';
import type { TranscriptFacts } from '../transcript/types.js';
import { calibratedTextReduction } from './calibrated/long-text.js';
import { CalibratedMachine } from './calibrated/machine.js';
import { readCalibratedTurnsFast } from './calibrated/read.js';
import { CALIBRATED_RULES } from './calibrated/rules.js';
import { readGateTurnsFast, withUnreadIdBlank } from './fast-turns.js';
import { formatVerdictJson, gateSessionSync } from './index.js';
import { gateTextReduction } from './long-text.js';
import { scoreHits } from './score.js';
import { random, randomText } from './test-support/random-text.js';
import { classifyTurn, type GateTurn } from './turns.js';

/**
 * Every line over 64 bytes goes down the long-line path, every turn text over 8 bytes is reduced: what the
 * gate reads must not change. Ids, paths and timestamps (under 4 KB here) stay exact.
 */
const TINY: LongLineOptions = {
  maxLineBytes: 64,
  maxReducedBytes: 1 << 20,
  textKeepBytes: 8,
  stringKeepBytes: 4096,
  reduceText: gateTextReduction,
};

/** A turn as the verdict sees it: a count above the signal's cap of 3 reads as 3. */
function capped(turn: GateTurn): GateTurn {
  if (turn.kind === 'assistant') return { ...turn, retries: Math.min(turn.retries, 3) };
  return { ...turn, rejects: Math.min(turn.rejects, 3) };
}

function oracle(path: string): { turns: GateTurn[]; facts: TranscriptFacts } {
  const turns: GateTurn[] = [];
  const facts = readTranscriptEvents(path, (event) => turns.push(capped(classifyTurn(event))));
  return { turns, facts };
}

function reducedPlain(path: string): { turns: GateTurn[]; facts: TranscriptFacts } {
  const turns: GateTurn[] = [];
  const facts = readTranscriptEvents(path, (event) => turns.push(capped(classifyTurn(event))), {
    longLines: TINY,
    chunkBytes: 32,
  });
  return { turns, facts };
}

function reducedFast(path: string): { turns: GateTurn[]; facts: TranscriptFacts } {
  const turns: GateTurn[] = [];
  const facts = readGateTurnsFast(path, (turn) => turns.push(capped(turn)), {
    longLines: TINY,
    chunkBytes: 32,
  });
  return { turns, facts };
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => path.endsWith('.jsonl') && statSync(path).isFile());
}

function expectSameReading(path: string): void {
  const full = oracle(path);
  const plain = reducedPlain(path);
  expect(plain, path).toEqual(full);
  const fast = reducedFast(path);
  expect(fast.facts, path).toEqual(full.facts);
  expect(fast.turns, path).toEqual(full.turns.map((turn) => withUnreadIdBlank({ ...turn })));
  // And the verdict, through the gate's own entry point.
  const read = (file: string, onEvent: Parameters<typeof readTranscriptEvents>[1]) =>
    readTranscriptEvents(file, onEvent, { longLines: TINY, chunkBytes: 32 });
  const settings = { ledgerPath: null, env: {}, profile: 'seed' as const };
  expect(formatVerdictJson(gateSessionSync(path, { ...settings, read }).verdict), path).toBe(
    formatVerdictJson(gateSessionSync(path, { ...settings, read: readTranscriptEvents }).verdict),
  );
  expectSameCalibratedVerdict(path);
}

/** The calibrated profile's reduction with a small opening kept, so that the fixtures' texts are cut. */
const TINY_CALIBRATED: LongLineOptions = { ...TINY, reduceText: () => calibratedTextReduction(1000) };

function calibratedVerdict(path: string, options: FastReadOptions): string {
  const machine = new CalibratedMachine();
  const facts = readCalibratedTurnsFast(path, machine, options);
  return JSON.stringify({ verdict: scoreHits(machine.finish(), 5, CALIBRATED_RULES), facts });
}

/** The calibrated profile reads a reduced line as it reads the whole one: fast reader and plain reader. */
function expectSameCalibratedVerdict(path: string): void {
  const whole = calibratedVerdict(path, {});
  expect(calibratedVerdict(path, { longLines: TINY_CALIBRATED, chunkBytes: 32 }), path).toBe(whole);
  const settings = { ledgerPath: null, env: {}, profile: 'calibrated' as const };
  const read = (file: string, onEvent: Parameters<typeof readTranscriptEvents>[1]) =>
    readTranscriptEvents(file, onEvent, { longLines: TINY_CALIBRATED, chunkBytes: 32 });
  expect(formatVerdictJson(gateSessionSync(path, { ...settings, read }).verdict), path).toBe(
    formatVerdictJson(gateSessionSync(path, { ...settings, read: readTranscriptEvents }).verdict),
  );
}

describe('lines too long to hold are reduced, with the reading of a full parse', () => {
  it('on every demo session and test fixture', () => {
    const files = [
      ...jsonlFiles(join(REPO_ROOT, 'examples')),
      ...jsonlFiles(join(REPO_ROOT, 'test', 'fixtures')),
    ];
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) expectSameReading(file);
  });

  it('on a fuzzed corpus (bench/fuzz-sessions.mjs)', () => {
    const dir = tempDir('retrospect-long-fuzz-');
    execFileSync(
      process.execPath,
      [join(REPO_ROOT, 'bench', 'fuzz-sessions.mjs'), '--out', dir, '--sessions', '40', '--seed', '31'],
      { stdio: 'ignore' },
    );
    for (const file of jsonlFiles(dir)) expectSameReading(file);
  });

  it('on lines mutated anywhere (truncated, spliced, corrupted): the same lines are dropped', () => {
    const template = readFileSync(
      join(
        REPO_ROOT,
        'examples',
        'projects',
        '-home-ada-code-shop',
        '9b2d4f6a-8c1e-4a3b-9d5f-7e9a1b3c5d36.jsonl',
      ),
      'utf8',
    );
    const lines = template.trimEnd().split('\n');
    let seed = 99;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
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
      'é',
      '\u00a0',
      '\u3000',
    ];
    const out: Buffer[] = [];
    for (let n = 0; n < 800; n++) {
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
      else
        bytes = Buffer.concat([
          line.subarray(0, at),
          Buffer.from(pieces[Math.floor(random() * pieces.length)]!, 'utf8'),
          line.subarray(at),
        ]);
      out.push(bytes.includes(0x0a) || bytes.includes(0x0d) ? line : bytes);
    }
    const path = join(tempDir('retrospect-long-mut-'), 's.jsonl');
    writeFileSync(path, Buffer.concat(out.flatMap((b) => [b, Buffer.from('\n')])));
    expectSameReading(path);
  });

  it('reads what JSON.parse reads: duplicate keys, escaped keys, type after message, odd truthiness, edges', () => {
    const lines = [
      '{"message":{"role":"assistant","content":[{"type":"text","text":"let me try again, sorry, let me"}]},"type":"assistant","uuid":"a1"}',
      '{"type":"user","type":"assistant","uuid":"a2","message":{"content":"x","content":[{"type":"tool_use","name":"Edit","input":{"path":"/p","file_path":""}}]}}',
      '{"typ\\u0065":"us\\u0065r","uuid":"","messageId":7,"isMeta":"false","message":{"content":"stop \\"now\\" \\ud83d\\ude00 no that\'s wrong"}}',
      '{"type":"user","uuid":[0, {"a": [1.5e3, true, null]}],"isMeta":0.0,"message":{"content":[{"type":"tool_result","is_error":-0},{"type":"tool_result","is_error":" "},{"type":"tool_result","is_error":{}},"junk",{"type":"tool_result","is_error":[[]]}]}}',
      '{"type":"assistant","uuid":"a5","message":"not an object"}',
      '\u3000 {"type":"assistant","uuid":"a6","message":{"content":[{"type":"tool_use","name":"Write","input":{"file_path":"/a","file_path":"/b"}},{"type":"tool_use","name":"Write","input":"x"}]}} \t\u00a0',
      '{"sessionId":"","session_id":"s-snake","timestamp":"2026-10-01T10:00:00Z","type":"summary"}',
      '{"type":"user","uuid":"u8","message":{"content":[{"type":"text","text":""},{"text":"wrong wrong wrong wrong","type":"text"}]},"timestamp":5}',
      `{"type":"user","uuid":"u9","message":{"content":"${'deep '.repeat(10)}"},"extra":${'['.repeat(600)}${']'.repeat(600)}}`,
      '{"type":"user","uuid":"u10","message":{"content":"<task-notification> stop stop"}}',
      '{"type":"user","uuid":"u11","message":{"content":[{"type":"text","text":"fine <ab"},{"type":"text","text":"stop it now please"}]}}',
      '{"type":"user","uuid":"u12","message":{"content":"   /retro   "},"n":123456789012345678901234567890123456789012345678901234567890123456789012345}',
      '{"type":"user","uuid":"u13","message":{"content":"!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!ok!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"}}',
      '{"type":"user","uuid":"u14","message":{"content":"This session is being continued from a previous conversation. stop"}}',
      '{"type":"user","uuid":"u15","bad":01}',
      '{"type":"user","uuid":"u16","bad":"\\q"}',
      '{"type":"user","uuid":"u17"} x',
    ];
    const path = join(tempDir('retrospect-long-edge-'), 's.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    expectSameReading(path);
    expect(oracle(path).turns.map((t) => t.id)).toEqual([
      'a1',
      'a2',
      7,
      [0, { a: [1500, true, null] }],
      'a5',
      'a6',
      'u8',
      'u9',
      'u10',
      'u11',
      'u12',
      'u13',
      'u14',
    ]);
  });

  it.each([
    [40, 2024],
    [200, 7],
  ])(
    'on turns whose texts are long (the text reduction at work), as strings and as blocks (%i pieces)',
    (size, seed) => {
      const next = random(seed);
      const lines: string[] = [];
      for (let n = 0; n < 400; n++) {
        const type = next() < 0.5 ? 'user' : 'assistant';
        const text = () => randomText(next, size);
        let content: unknown = text();
        if (next() < 0.5) {
          content = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
            const r = next();
            if (r < 0.55) return { type: 'text', text: text() };
            if (r < 0.7) return { type: 'thinking', thinking: text() };
            if (r < 0.85)
              return {
                type: 'tool_use',
                name: 'Edit',
                input: { file_path: `/src/f${Math.floor(next() * 3)}.ts` },
              };
            return { type: 'tool_result', is_error: next() < 0.5, content: text() };
          });
        }
        const isMeta = next() < 0.1;
        lines.push(
          JSON.stringify({
            type,
            uuid: `id-${n}`,
            sessionId: 's-long',
            isMeta,
            message: { role: type, content },
          }),
        );
      }
      const path = join(tempDir('retrospect-long-texts-'), 's.jsonl');
      writeFileSync(path, `${lines.join('\n')}\n`);
      const long = oracle(path).turns.filter((t) => t.kind === 'assistant' && t.long).length;
      expect(long).toBeGreaterThan(100);
      expectSameReading(path);
    },
  );
});
