import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { writeFileAtomic } from './atomic.js';

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
});
