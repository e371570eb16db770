import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { readSessionMtimesFile } from './session-mtimes.js';

describe('readSessionMtimesFile', () => {
  const dir = tempDir('retrospect-mtimes-');

  it('reads epoch seconds one a line, counting a malformed line as unknown', () => {
    const file = join(dir, 'mtimes.txt');
    writeFileSync(file, '1782950400\r\nnot-a-time\n1783036800\n\n');
    expect(readSessionMtimesFile(file)).toEqual([1782950400, undefined, 1783036800]);
  });

  it('gives undefined for a file that cannot be read, not an error', () => {
    expect(readSessionMtimesFile(join(dir, 'missing.txt'))).toBeUndefined();
    expect(readSessionMtimesFile(dir)).toBeUndefined();
  });
});
