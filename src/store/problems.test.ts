import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { moveStoreAside } from './aside.js';
import { storeProblemMessage } from './problems.js';

describe('a store path that is not a file', () => {
  it('is called what it is: a folder, a FIFO, or (unknown) not a regular file', () => {
    expect(storeProblemMessage('/data/s', 'not-a-file', 'a folder')).toBe(
      'the session store /data/s is a folder, not a file: give --store the path of a file (such as /data/s/store.sqlite)',
    );
    expect(storeProblemMessage('/data/s', 'not-a-file', 'not a regular file')).toBe(
      'the session store /data/s is not a regular file (a FIFO, a device or a socket): give --store the path of a file',
    );
    const fifo = join(tempDir('retrospect-store-fifo-'), 'store.sqlite');
    execFileSync('mkfifo', [fifo]);
    expect(() => moveStoreAside(fifo)).toThrow(
      `the session store ${fifo} is a FIFO, not a regular file: give --store the path of a file`,
    );
  });
});
