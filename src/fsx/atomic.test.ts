import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { openForAppendSync } from './append-open.js';
import { NotRegularFileError, writeFileAtomic } from './atomic.js';
import { appendJsonLine } from './jsonl.js';

describe('writeFileAtomic', () => {
  it('creates missing folders and writes the exact bytes', () => {
    const dir = tempDir('retrospect-atomic-');
    const path = join(dir, 'a', 'b', 'file.md');
    writeFileAtomic(path, 'héllo\n');
    expect(readFileSync(path, 'utf8')).toBe('héllo\n');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['file.md']);
  });

  it('keeps the mode of an existing file and leaves no temp file behind', () => {
    const dir = tempDir('retrospect-atomic-');
    const path = join(dir, 'x.txt');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    writeFileAtomic(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['x.txt']);
  });

  it('refuses a folder in the place of the target, leaving it, its files and no temp file behind', () => {
    const dir = tempDir('retrospect-atomic-');
    const path = join(dir, 'notes');
    mkdirSync(path);
    writeFileSync(join(path, 'keep.md'), 'old');
    expect(() => writeFileAtomic(path, 'new')).toThrow();
    expect(readFileSync(join(path, 'keep.md'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['notes']);
  });

  it('refuses to rename over a FIFO (or a device, a socket): it stays what it was, and no temp file is left', () => {
    const dir = tempDir('retrospect-atomic-');
    const fifo = join(dir, 'out.md');
    execFileSync('mkfifo', [fifo]);
    expect(() => writeFileAtomic(fifo, 'new')).toThrow(NotRegularFileError);
    expect(() => writeFileAtomic(fifo, 'new')).toThrow(
      `${fifo} is a FIFO, not a regular file; nothing written`,
    );
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['out.md']);
  });

  it('replaces a symlink itself and never writes through it', () => {
    const dir = tempDir('retrospect-atomic-');
    writeFileSync(join(dir, 'target.sh'), 'keep');
    symlinkSync('target.sh', join(dir, 'link.md'));
    writeFileAtomic(join(dir, 'link.md'), 'new');
    expect(readFileSync(join(dir, 'target.sh'), 'utf8')).toBe('keep');
    expect(readFileSync(join(dir, 'link.md'), 'utf8')).toBe('new');
  });
});

describe('appending writers', () => {
  it('refuse a symlink at the path, even to a file beside it, and anything not a regular file', () => {
    const dir = tempDir('retrospect-append-');
    writeFileSync(join(dir, 'script.sh'), 'echo hi\n');
    symlinkSync('script.sh', join(dir, 'rows.jsonl'));
    expect(() => appendJsonLine(join(dir, 'rows.jsonl'), { a: 1 })).toThrow(
      'is a symlink, not a regular file',
    );
    expect(readFileSync(join(dir, 'script.sh'), 'utf8')).toBe('echo hi\n');
    execFileSync('mkfifo', [join(dir, 'pipe.jsonl')]);
    expect(() => openForAppendSync(join(dir, 'pipe.jsonl'))).toThrow('is a FIFO, not a regular file');
    appendJsonLine(join(dir, 'fresh.jsonl'), { a: 1 });
    expect(readFileSync(join(dir, 'fresh.jsonl'), 'utf8')).toBe('{"a":1}\n');
  });
});
