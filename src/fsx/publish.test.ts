import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
