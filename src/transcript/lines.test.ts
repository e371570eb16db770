import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { wasmLineScanner } from './fast/wasm-scanner.js';
import { forEachLine, type LineStorage } from './lines.js';
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
