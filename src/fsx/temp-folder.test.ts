import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { tempFolderOf } from './temp-folder.js';

describe.skipIf(process.platform === 'win32')('tempFolderOf', () => {
  it('takes TMPDIR, then TMP, then TEMP from the env given, without a trailing slash', () => {
    expect(tempFolderOf({ TMPDIR: '/a/', TMP: '/b', TEMP: '/c' })).toBe('/a');
    expect(tempFolderOf({ TMP: '/b', TEMP: '/c' })).toBe('/b');
    expect(tempFolderOf({ TEMP: '/c//' })).toBe('/c');
    expect(tempFolderOf({ TMPDIR: '/' })).toBe('/');
  });

  it("an env that names none gets the process's own temp folder", () => {
    expect(tempFolderOf({})).toBe(tmpdir());
    expect(tempFolderOf({ TMPDIR: '' })).toBe(tmpdir());
  });
});
