import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { REPORT_MARKER } from './marker.js';
import { looksLikeHtml, writeReportFile } from './write.js';

const PAGE = `<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n${REPORT_MARKER}\n</head><body>report</body></html>\n`;

describe('writeReportFile', () => {
  it('writes a new report and replaces an earlier one, leaving no temporary or lock files', () => {
    const dir = tempDir('retrospect-report-write-');
    const path = join(dir, 'friction.html');
    expect(writeReportFile(path, PAGE.replace('report<', 'old<'))).toEqual({ ok: true, path });
    expect(writeReportFile(path, PAGE)).toEqual({ ok: true, path });
    expect(readFileSync(path, 'utf8')).toBe(PAGE);
    expect(readdirSync(dir)).toEqual(['friction.html']);
  });

  it('refuses to replace an HTML page it did not write, unless forced', () => {
    const dir = tempDir('retrospect-report-write-');
    const mine = join(dir, 'index.html');
    const page = '<!DOCTYPE html>\n<html><head><title>My site</title></head><body>hello</body></html>\n';
    writeFileSync(mine, page);
    expect(writeReportFile(mine, PAGE)).toEqual({
      ok: false,
      reason: `${mine} exists and is an HTML page that retrospect did not write; not replacing it (choose another --out, or pass --force to replace it)`,
    });
    expect(readFileSync(mine, 'utf8')).toBe(page);
    // A page that only mentions the marker far down (past the first 4 KB) is not one of ours either.
    const late = `${page.slice(0, -15)}${'<p>x</p>'.repeat(600)}${REPORT_MARKER}</body></html>\n`;
    writeFileSync(mine, late);
    expect(writeReportFile(mine, PAGE)).toMatchObject({ ok: false });
    expect(writeReportFile(mine, PAGE, { force: true })).toEqual({ ok: true, path: mine });
    expect(readFileSync(mine, 'utf8')).toBe(PAGE);
  });

  it('refuses to replace a file that is not an HTML page, and leaves it as it was', () => {
    const dir = tempDir('retrospect-report-write-');
    const notes = join(dir, 'notes.html');
    writeFileSync(notes, '# my notes\n');
    expect(writeReportFile(notes, PAGE)).toEqual({
      ok: false,
      reason: `${notes} exists and is not a retrospect report; not replacing it (choose another --out, or pass --force to replace it)`,
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
