import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { publishFileExclusive } from './publish.js';

describe('publishFileExclusive', () => {
  it('creates the file (and its folder) once; a second publish changes nothing', () => {
    const dir = tempDir('retrospect-publish-');
    const path = join(dir, 'sub', 'claim');
    expect(publishFileExclusive(path, 'first\n')).toBe(true);
    expect(publishFileExclusive(path, 'second\n')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['claim']);
  });
});

describe('a write that fails part way (a real file size limit, as a full disk fails it)', () => {
  it('leaves no temp file behind, for the atomic writer and the exclusive publisher alike', () => {
    const dir = tempDir('retrospect-write-fails-');
    const dist = join(REPO_ROOT, 'dist', 'fsx');
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(join(dist, 'atomic.js'))});
      const { publishFileExclusive } = await import(${JSON.stringify(join(dist, 'publish.js'))});
      const big = 'x'.repeat(100_000);
      for (const write of [() => writeFileAtomic(process.argv[1] + '/a.md', big), () => publishFileExclusive(process.argv[1] + '/b.md', big)]) {
        try { write(); console.log('written'); } catch (error) { console.log(error.code); }
      }`;
    // ulimit -f 1: files stop at 512 bytes with EFBIG (Node ignores SIGXFSZ), as they stop with ENOSPC.
    const run = spawnSync(
      'sh',
      ['-c', 'ulimit -f 1; exec "$0" --input-type=module -e "$1" "$2"', process.execPath, script, dir],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stdout.trim().split('\n')).toEqual(['EFBIG', 'EFBIG']);
    expect(readdirSync(dir)).toEqual([]);
  });
});
