import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { systemErrorLine } from './system-errors.js';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('errors of the machine, in one line', () => {
  it('words a folder where a file belongs, with the path and the code', () => {
    const dir = tempDir('retrospect-syserr-');
    mkdirSync(join(dir, 'settings.json'));
    const error = thrown(() => writeFileSync(join(dir, 'settings.json'), '{}'));
    expect(systemErrorLine(error)).toBe(
      `${join(dir, 'settings.json')}: a folder is where a file was expected (EISDIR in open)`,
    );
  });

  it('words a full disk and a read-only file system without a stack', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    expect(systemErrorLine(full)).toBe(
      'no space left on the device; free some space and run it again (nothing already saved was lost) (ENOSPC in write)',
    );
    const readOnly = Object.assign(new Error('EROFS'), {
      code: 'EROFS',
      syscall: 'open',
      path: '/mnt/ro/r.html',
    });
    expect(systemErrorLine(readOnly)).toBe(
      '/mnt/ro/r.html: the file system is read-only; write somewhere writable (EROFS in open)',
    );
  });

  it('leaves a programming error (no errno, or no system call) to the bug report', () => {
    expect(systemErrorLine(new TypeError('x is undefined'))).toBeUndefined();
    expect(systemErrorLine(Object.assign(new Error('odd'), { code: 'ENOSPC' }))).toBeUndefined();
    expect(systemErrorLine('ENOSPC')).toBeUndefined();
  });
});
