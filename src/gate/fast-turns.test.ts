import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { TYPE_ASSISTANT } from '../transcript/claude/fast/line.js';
import { readTranscriptLines } from '../transcript/claude/fast/read.js';
import { readTranscriptEvents } from '../transcript/read.js';
import { readGateTurnsFast, withUnreadIdBlank } from './fast-turns.js';
import { classifyTurn, type GateTurn } from './turns.js';

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => path.endsWith('.jsonl') && statSync(path).isFile());
}

function tempFile(lines: string[]): string {
  const path = join(tempDir('retrospect-turns-'), 'session.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** The oracle: every line parsed in full, each event classified, unread ids blanked as the direct reader leaves them. */
function oracleTurns(path: string) {
  const turns: GateTurn[] = [];
  const facts = readTranscriptEvents(path, (event) => turns.push(withUnreadIdBlank(classifyTurn(event))));
  return { turns, facts };
}

function directTurns(path: string, engine: 'wasm' | 'js') {
  const turns: GateTurn[] = [];
  const facts = readGateTurnsFast(path, (turn) => turns.push(turn), { engine });
  return { turns, facts };
}

function expectSameTurns(path: string) {
  const oracle = oracleTurns(path);
  expect(directTurns(path, 'wasm'), path).toEqual(oracle);
  expect(directTurns(path, 'js'), path).toEqual(oracle);
  return oracle;
}

const assistant = (uuid: string, content: unknown) =>
  JSON.stringify({ type: 'assistant', uuid, message: { role: 'assistant', content } });

describe('the gate’s direct turn reader', () => {
  it('gives the oracle’s classified turns and facts on every demo session and fixture', () => {
    const files = [
      ...jsonlFiles(join(REPO_ROOT, 'examples')),
      // Claude Code's fixtures: the other agents' sessions (test/fixtures/hosts) are not its format.
      ...jsonlFiles(join(REPO_ROOT, 'test', 'fixtures')).filter(
        (f) => !f.includes(join('fixtures', 'hosts')),
      ),
    ];
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) expectSameTurns(file);
  });

  it('gives the oracle’s classified turns on a fuzzed corpus', () => {
    const dir = tempDir('retrospect-turns-fuzz-');
    execFileSync(
      process.execPath,
      [join(REPO_ROOT, 'bench', 'fuzz-sessions.mjs'), '--out', dir, '--sessions', '60', '--seed', '41'],
      { stdio: 'ignore' },
    );
    for (const file of jsonlFiles(dir)) expectSameTurns(file);
  });

  it('settles retries and length from raw bytes exactly, or decodes when they cannot tell', () => {
    const text = (n: number, fill = 'a') => fill.repeat(n);
    const lines = [
      // Lengths around the S5 bound: ASCII, simple escapes (one character each), non-ASCII, \u escapes.
      assistant('a1', [{ type: 'text', text: text(499) }]),
      assistant('a2', [{ type: 'text', text: text(500) }]),
      assistant('a3', [{ type: 'text', text: `${text(497)}\n\t"` }]),
      assistant('a4', [{ type: 'text', text: `${text(496)}\n\t"` }]),
      assistant('a5', [{ type: 'text', text: text(499, 'é') }]),
      assistant('a6', [{ type: 'text', text: text(250, '😀') }]),
      JSON.stringify({
        type: 'assistant',
        uuid: 'a7',
        message: { content: [{ type: 'text', text: 'x' }] },
      }).replace('"x"', `"${'\\u0061'.repeat(500)}"`),
      // Joined parts: the \n between two non-empty parts counts; empty parts do not.
      assistant('a8', [
        { type: 'text', text: text(250) },
        { type: 'text', text: '' },
        { type: 'tool_use', name: 'Read', input: {} },
        { type: 'text', text: text(249) },
      ]),
      assistant('a9', [
        { type: 'text', text: text(250) },
        { type: 'text', text: text(248) },
      ]),
      // Escapes inside the 16-byte windows and across their edges (each is one character).
      assistant('a10', [{ type: 'text', text: `${'\n'.repeat(20)}${text(480)}` }]),
      assistant('a11', [{ type: 'text', text: `${'\n'.repeat(20)}${text(479)}` }]),
      assistant('a12', [{ type: 'text', text: `${text(15)}${'\\'.repeat(9)}"${text(475)}` }]),
      assistant('a13', [{ type: 'text', text: `${text(15)}${'\\'.repeat(9)}"${text(474)}` }]),
      // Retry phrases in any case, after escapes, across the 16-byte windows, in the second part.
      assistant('r1', [{ type: 'text', text: 'Sorry, LET ME TRY AGAIN.' }]),
      assistant('r2', [{ type: 'text', text: `${text(13)}\nMy mistake, I'll try once more` }]),
      assistant('r3', [
        { type: 'text', text: 'fine' },
        { type: 'text', text: `${text(30)} that didn't work` },
      ]),
      assistant('r4', [{ type: 'text', text: 'Actually let me look' }]),
      assistant('r5', [{ type: 'text', text: 'retrying: the network is working' }]),
      JSON.stringify({ type: 'assistant', uuid: 'r6', message: { content: 'x' } }).replace(
        '"x"',
        '"let me try again, \\u006cet me try a different way"',
      ),
      assistant('r7', [{ type: 'text', text: 'my miſtaKe — let me try again' }]),
      assistant('r8', 'let me try again as plain string content'),
    ];
    const path = tempFile(lines);
    const { turns } = expectSameTurns(path);
    expect(turns).toHaveLength(lines.length);
    const longs = turns.slice(0, 13).map((turn) => turn.kind === 'assistant' && turn.long);
    expect(longs).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    const retries = turns.slice(13).map((turn) => (turn.kind === 'assistant' ? turn.retries : -1));
    expect(retries).toEqual([1, 2, 1, 1, 0, 2, 2, 1]);
    // Nothing anchors on a1, so its id was never decoded; r1's retry anchors on it.
    expect([turns[0]!.id, turns[13]!.id]).toEqual(['', 'r1']);
  });

  it('settles non-ASCII texts from their bytes when they are well-formed UTF-8, and decodes the rest', () => {
    const a = (n: number) => 'a'.repeat(n);
    const head = (uuid: string) =>
      `{"type":"assistant","uuid":"${uuid}","message":{"content":[{"type":"text","text":"`;
    const tail = '"}]}}';
    const raw = (uuid: string, ...parts: (string | number[])[]) =>
      Buffer.concat([
        Buffer.from(head(uuid)),
        ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
        Buffer.from(tail),
      ]);
    const lines = [
      // Well-formed: two-, three- and four-byte sequences, across the 16-byte windows, around 500.
      raw('w1', a(497), 'é→😀'),
      raw('w2', a(496), 'é→😀'),
      raw('w3', 'ünïcödé ', '日本語のテキスト'.repeat(70)),
      raw('w4', a(15), '€', a(484)),
      raw('w5', a(14), '😀', a(485)),
      // Not well-formed: a lone lead byte, an overlong form, a surrogate, a byte past U+10FFFF, a sequence
      // cut by the string's end; each decodes to replacement characters (500 code points with them).
      raw('x1', a(499), [0xc3]),
      raw('x2', a(498), [0xc0, 0xaf]),
      raw('x3', a(497), [0xed, 0xa0, 0x80]),
      raw('x4', a(498), [0xf5, 0x80]),
      raw('x5', a(20), [0xe2, 0x82, 0x41], a(478)),
      raw('x6', a(499), [0xf0, 0x9f, 0x98]),
      // The two letters Unicode case folding maps onto a retry word's: the text is decoded.
      raw('k1', 'it did not wor\u212a — let me'),
      raw('k2', 'my mi\u017ftake, ça va'),
    ];
    const path = join(tempDir('retrospect-turns-utf8-'), 'session.jsonl');
    writeFileSync(path, Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\n')])));
    const { turns } = expectSameTurns(path);
    expect(turns.map((turn) => turn.kind === 'assistant' && turn.long)).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    const infos: number[] = [];
    readTranscriptLines(
      path,
      {
        view: (_b, view) => {
          if (view.type === TYPE_ASSISTANT) infos.push(view.textInfo);
        },
        parsed: () => infos.push(-2),
      },
      { engine: 'wasm' },
    );
    // Settled (no retry word, length known) for the well-formed ones; decoded (-1) for the others.
    expect(infos.slice(0, 5).map((info) => (info < 0 ? info : info >> 1))).toEqual([500, 499, 568, 500, 500]);
    expect(infos.slice(5)).toEqual([-1, -1, -1, -1, -1, -1, -1, -1]);
  });

  it('agrees with the oracle on random texts made of retry-word letters, escapes and non-ASCII', () => {
    let seed = 2026;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const alphabet = [
      't',
      'r',
      'y',
      'w',
      'o',
      'k',
      'l',
      'e',
      ' ',
      'm',
      'i',
      's',
      'a',
      'T',
      'L',
      'M',
      '\n',
      '"',
    ];
    const rare = ['\\', 'é', '😀', 'ſ', 'K'];
    const lines: string[] = [];
    for (let n = 0; n < 600; n++) {
      const length = Math.floor(random() * (n % 10 === 0 ? 1100 : 90));
      let text = '';
      for (let k = 0; k < length; k++) {
        const pool = random() < 0.02 ? rare : alphabet;
        text += pool[Math.floor(random() * pool.length)];
      }
      const word = ['let me try again', 'my mistake', "that didn't work", "i'll try"][n % 4]!;
      if (n % 3 === 0) {
        const at = Math.floor(random() * (text.length + 1));
        text = text.slice(0, at) + word + text.slice(at);
      }
      const blocks =
        n % 5 === 0
          ? [
              { type: 'text', text },
              { type: 'text', text: word },
            ]
          : [{ type: 'text', text }];
      lines.push(assistant(`t${n}`, blocks));
      lines.push(JSON.stringify({ type: 'user', uuid: `u${n}`, message: { content: 'ok then' } }));
    }
    const { turns } = expectSameTurns(tempFile(lines));
    const assistants = turns.filter((turn) => turn.kind === 'assistant');
    expect(assistants.filter((turn) => turn.retries > 0).length).toBeGreaterThan(80);
    expect(assistants.filter((turn) => turn.long).length).toBeGreaterThan(20);
  });
});
