import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, tempDirsPending } from './temp-dir.js';

describe('tempDir', () => {
  it('makes a new empty folder each time, under the given prefix, and remembers it', () => {
    const before = tempDirsPending();
    const a = tempDir('retrospect-temp-dir-test-');
    const b = tempDir('retrospect-temp-dir-test-');
    expect(a).not.toBe(b);
    expect(existsSync(a)).toBe(true);
    expect(a).toContain('retrospect-temp-dir-test-');
    expect(tempDirsPending()).toBe(before + 2);
  });

  it('the cleanup the file registers removes every folder, with what tests left in it', () => {
    const dir = tempDir('retrospect-temp-dir-test-');
    mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
    writeFileSync(join(dir, 'nested', 'deeper', 'store.sqlite'), 'x');
    removeTempDirs();
    expect(existsSync(dir)).toBe(false);
    expect(tempDirsPending()).toBe(0);
  });
});
