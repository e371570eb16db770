import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { looksLikeHtml, writeReportFile } from './write.js';

const PAGE = '<!DOCTYPE html>\n<html><body>report</body></html>\n';

describe('writeReportFile', () => {
  it('writes a new report and replaces an earlier one, leaving no temporary or lock files', () => {
    const dir = tempDir('retrospect-report-write-');
    const path = join(dir, 'friction.html');
    expect(writeReportFile(path, '<!doctype html><p>old</p>')).toEqual({ ok: true, path });
    expect(writeReportFile(path, PAGE)).toEqual({ ok: true, path });
    expect(readFileSync(path, 'utf8')).toBe(PAGE);
    expect(readdirSync(dir)).toEqual(['friction.html']);
  });

  it('refuses to replace a file that is not an HTML page, and leaves it as it was', () => {
    const dir = tempDir('retrospect-report-write-');
    const notes = join(dir, 'notes.html');
    writeFileSync(notes, '# my notes\n');
    expect(writeReportFile(notes, PAGE)).toEqual({
      ok: false,
      reason: `${notes} exists and is not an HTML page; not replacing it`,
    });
    expect(readFileSync(notes, 'utf8')).toBe('# my notes\n');
    mkdirSync(join(dir, 'folder.html'));
    expect(writeReportFile(join(dir, 'folder.html'), PAGE)).toMatchObject({ ok: false });
    expect(readdirSync(dir).sort()).toEqual(['folder.html', 'notes.html']);
  });

  it('requires an .html name and an existing folder', () => {
    const dir = tempDir('retrospect-report-write-');
    expect(writeReportFile(join(dir, 'report.txt'), PAGE)).toMatchObject({ ok: false });
    const missing = join(dir, 'missing', 'report.html');
    expect(writeReportFile(missing, PAGE)).toEqual({
      ok: false,
      reason: `no such folder: ${join(dir, 'missing')} (create it first)`,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('tells an HTML page from other text by its start', () => {
    expect(looksLikeHtml('\uFEFF  <!DOCTYPE HTML>')).toBe(true);
    expect(looksLikeHtml('<html lang="en">')).toBe(true);
    expect(looksLikeHtml('<htmlx>')).toBe(false);
    expect(looksLikeHtml('{"a":1}')).toBe(false);
  });
});
