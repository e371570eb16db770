import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { forEachRecord } from './records.js';
import { DecompressionBombError, forEachZstdLine } from './zstd-lines.js';

const HAVE_ZSTD = spawnSync('zstd', ['--version']).status === 0;

/** Compresses `plain` with the zstd tool, as Codex's rollouts are, into `<dir>/<name>.jsonl.zst`. */
function compressed(name: string, plain: Buffer): string {
  const dir = tempDir('retrospect-zstd-');
  const path = join(dir, `${name}.jsonl.zst`);
  writeFileSync(path, execFileSync('zstd', ['-q', '-c', '-19'], { input: plain, maxBuffer: 1 << 26 }));
  return path;
}

describe.skipIf(!HAVE_ZSTD)('Zstandard lines, bounded', () => {
  it('reads the lines of a real compressed file, the last without a newline', () => {
    const path = compressed('ok', Buffer.from('{"a":1}\n{"b":2}\r\n\n{"c":3}'));
    const records: unknown[] = [];
    expect(forEachRecord(path, (r) => records.push(r))).toEqual({ lines: 4, unreadable: 0, oversized: 0 });
    expect(records).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('stops a file that decompresses past the cap with one line, holding no more than the cap', () => {
    const line = Buffer.from(`${JSON.stringify({ type: 'x', text: 'lol' })}\n`);
    const path = compressed('bomb', Buffer.concat(Array(200_000).fill(line)));
    let seen = 0;
    expect(() => forEachZstdLine(path, () => seen++, { maxDecompressedBytes: 1024 * 1024 })).toThrow(
      DecompressionBombError,
    );
    expect(() => forEachZstdLine(path, () => {}, { maxDecompressedBytes: 1024 * 1024 })).toThrow(
      /bomb\.jsonl\.zst decompresses to more than 1 MB \(a compression bomb, or not a session\); skipped/,
    );
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(200_000);
  });

  it('passes over a 100 MB line in linear time, keeping the lines around it', () => {
    const plain = Buffer.concat([
      Buffer.from('{"first":true}\n{"long":"'),
      Buffer.alloc(100 * 1024 * 1024, 0x61),
      Buffer.from('"}\n{"last":true}\n'),
    ]);
    const path = compressed('long-line', plain);
    const started = Date.now();
    const records: unknown[] = [];
    expect(forEachRecord(path, (r) => records.push(r))).toEqual({ lines: 3, unreadable: 0, oversized: 1 });
    expect(records).toEqual([{ first: true }, { last: true }]);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('keeps a long line under the cap whole, however many blocks it spans', () => {
    const text = 'b'.repeat(3 * 1024 * 1024);
    const path = compressed('spanning', Buffer.from(`{"t":"${text}"}\n`));
    const lines: number[] = [];
    forEachZstdLine(path, (_b, start, end) => lines.push(end - start));
    expect(lines).toEqual([text.length + 8]);
  });
});
