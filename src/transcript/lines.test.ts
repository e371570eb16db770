import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { wasmLineScanner } from './claude/fast/wasm-scanner.js';
import { forEachLine, type LineStorage, type LongLines } from './lines.js';
import { readTranscriptObjects } from './read.js';

function fileWith(bytes: Buffer | string): string {
  const dir = tempDir('retrospect-lines-');
  const path = join(dir, 'f.jsonl');
  writeFileSync(path, bytes);
  return path;
}

function collect(path: string, chunk: number, storage?: LineStorage): [number, string][] {
  const out: [number, string][] = [];
  forEachLine(path, (b, s, e, n) => out.push([n, b.toString('utf8', s, e)]), chunk, storage);
  return out;
}

describe('forEachLine', () => {
  const text = 'alpha\r\nbeta\rgamma\n\ndelta\r\r\nepsilon';
  const expected: [number, string][] = [
    [0, 'alpha'],
    [1, 'beta'],
    [2, 'gamma'],
    [3, ''],
    [4, 'delta'],
    [5, ''],
    [6, 'epsilon'],
  ];

  it('ends lines at \\n, \\r\\n and a lone \\r; a last line without terminator counts', () => {
    expect(collect(fileWith(text), 1 << 20)).toEqual(expected);
  });

  it('gives the same lines for every chunk size, including CR/LF split across chunks and lines longer than a chunk', () => {
    const path = fileWith(text);
    for (let chunk = 1; chunk <= 12; chunk++) expect(collect(path, chunk)).toEqual(expected);
  });

  it('splits the same in the compiled scanner’s memory, whose line-break search runs 16 bytes at a time', () => {
    const storage = wasmLineScanner()!.storage;
    const long = `${'x'.repeat(40)}\r${'y'.repeat(17)}\r\n${'z'.repeat(33)}\n\n`;
    const path = fileWith(text + long + text);
    const plain = collect(path, 1 << 20);
    expect(plain).toHaveLength(17);
    for (const chunk of [1, 2, 3, 5, 16, 17, 31, 64, 1 << 20])
      expect(collect(path, chunk, storage)).toEqual(plain);
  });

  it('counts lines like Python iteration: a final newline adds no line', () => {
    expect(forEachLine(fileWith('a\nb\n'), () => {})).toBe(2);
    expect(forEachLine(fileWith(''), () => {})).toBe(0);
    expect(forEachLine(fileWith('\n'), () => {})).toBe(1);
  });
});

describe('forEachLine with a long-line sink', () => {
  /** A sink that keeps every byte it is fed (a test only) and stands for the line with `<long:N>`. */
  function recordingSink(maxBytes: number) {
    const streamed: string[] = [];
    const long: LongLines = {
      maxBytes,
      open(lineNo) {
        const parts: Buffer[] = [];
        return {
          feed: (buffer, start, end) => parts.push(Buffer.from(buffer.subarray(start, end))),
          finish() {
            const whole = Buffer.concat(parts).toString('utf8');
            streamed.push(whole);
            return Buffer.from(`<long:${lineNo}:${whole.length}>`);
          },
        };
      },
    };
    return { long, streamed };
  }

  /** Heap storage that remembers the largest line buffer it was asked for. */
  function measuredStorage() {
    const sizes: number[] = [];
    const storage: LineStorage = {
      allocate: (size) => {
        sizes.push(size);
        return Buffer.allocUnsafe(size);
      },
      grow: (old, filled, size) => {
        sizes.push(size);
        const grown = Buffer.allocUnsafe(size);
        old.copy(grown, 0, 0, filled);
        return grown;
      },
    };
    return { storage, largest: () => Math.max(...sizes) };
  }

  it('never grows the line buffer for a line over the cap: the line streams to the sink, every byte of it', () => {
    const huge = 'no that is wrong '.repeat(60_000); // ~1 MB on one line
    for (const brk of ['\n', '\r\n', '\r']) {
      const path = fileWith(`short one${brk}${huge}${brk}after${brk}${huge}`);
      const { long, streamed } = recordingSink(256);
      const { storage, largest } = measuredStorage();
      const lines: [number, string][] = [];
      forEachLine(path, (b, s, e, n) => lines.push([n, b.toString('utf8', s, e)]), 64, storage, long);
      expect(lines).toEqual([
        [0, 'short one'],
        [1, `<long:1:${huge.length}>`],
        [2, 'after'],
        [3, `<long:3:${huge.length}>`],
      ]);
      expect(streamed).toEqual([huge, huge]);
      // Before the reduction the buffer doubled until it held the whole line (over 1 MB).
      expect(largest()).toBeLessThanOrEqual(1024);
    }
  });

  it('keeps lines up to the cap whole, and line numbers those of the file', () => {
    const path = fileWith(`${'a'.repeat(200)}\n${'b'.repeat(300)}\n\nc`);
    const { long } = recordingSink(256);
    const lines: [number, string][] = [];
    forEachLine(path, (b, s, e, n) => lines.push([n, b.toString('utf8', s, e)]), 16, undefined, long);
    expect(lines).toEqual([
      [0, 'a'.repeat(200)],
      [1, '<long:1:300>'],
      [2, ''],
      [3, 'c'],
    ]);
  });
});

describe('readTranscriptObjects', () => {
  it('yields parsed objects with physical line numbers, skipping blank, torn and non-object lines', async () => {
    const path = fileWith('{"a":1}\r\n\n[1]\n{"b":\n  {"c":"\xe9"}  \r{"d":"ok"}');
    const seen: unknown[] = [];
    for await (const { lineNo, value } of readTranscriptObjects(path)) seen.push([lineNo, value]);
    expect(seen).toEqual([
      [0, { a: 1 }],
      [4, { c: 'é' }],
      [5, { d: 'ok' }],
    ]);
  });

  it('replaces invalid UTF-8 instead of failing', async () => {
    const path = fileWith(
      Buffer.concat([Buffer.from('{"t":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('b"}\n')]),
    );
    const values = [];
    for await (const { value } of readTranscriptObjects(path)) values.push(value);
    expect(values).toEqual([{ t: 'a\ufffd\ufffdb' }]);
  });

  it('with a type guard, yields only the objects of that shape, typed', async () => {
    const path = fileWith('{"type":"user","uuid":"u1"}\n{"type":"summary"}\n{"type":"user","uuid":7}\n');
    const isUserLine = (value: Record<string, unknown>): value is { type: 'user'; uuid: string } =>
      value.type === 'user' && typeof value.uuid === 'string';
    const uuids: string[] = [];
    for await (const { lineNo, value } of readTranscriptObjects(path, isUserLine))
      uuids.push(`${lineNo}:${value.uuid}`);
    expect(uuids).toEqual(['0:u1']);
  });
});
