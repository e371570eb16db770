import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { makeDirsSync } from './make-dirs.js';

describe('makeDirsSync', () => {
  it('creates the missing folders, and accepts an existing one', () => {
    const root = tempDir('retrospect-mkdirs-');
    const deep = join(root, 'a', 'b', 'c');
    makeDirsSync(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    makeDirsSync(deep);
    makeDirsSync(root);
  });

  it('fails at once under /proc, where a recursive mkdir never returns', () => {
    expect(() => makeDirsSync('/proc/retrospect-no-such/x')).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^E[A-Z]+$/) }),
    );
  });

  it('says ENOTDIR when a file stands where a folder must be', () => {
    const root = tempDir('retrospect-mkdirs-');
    writeFileSync(join(root, 'file'), 'x');
    expect(() => makeDirsSync(join(root, 'file', 'sub'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
    expect(() => makeDirsSync(join(root, 'file'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });
});
