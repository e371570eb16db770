import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leftInRunTempFolder } from './run-temp-folder.js';
import { tempDir } from './temp-dir.js';

describe("a run's temp folder", () => {
  it('names what a run left in it, then removes it and gives the process its temp folder back', () => {
    const outer = tempDir('retrospect-run-folder-test-');
    const folder = mkdtempSync(join(outer, 'retrospect-test-run-'));
    mkdirSync(join(folder, 'retrospect-leaky-abc123', 'deeper'), { recursive: true });
    writeFileSync(join(folder, 'stray.txt'), 'x');
    const before = process.env.TMPDIR;
    try {
      expect(leftInRunTempFolder({ folder, outer })).toEqual(['retrospect-leaky-abc123', 'stray.txt']);
      expect(existsSync(folder)).toBe(false);
      expect(process.env.TMPDIR).toBe(outer);
    } finally {
      process.env.TMPDIR = before;
    }
  });

  it('an empty one is nothing left', () => {
    const outer = tempDir('retrospect-run-folder-test-');
    const folder = mkdtempSync(join(outer, 'retrospect-test-run-'));
    const before = process.env.TMPDIR;
    try {
      expect(leftInRunTempFolder({ folder, outer })).toEqual([]);
    } finally {
      process.env.TMPDIR = before;
    }
  });
});
