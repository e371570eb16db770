import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { withLockSync, writeFileAtomic } from '../fsx/index.js';

/** The report was written, or why it was not (nothing was changed then). */
export type ReportWriteResult = { ok: true; path: string } | { ok: false; reason: string };

/** The first bytes of an existing file, enough to tell an HTML page from anything else. */
function head(path: string, bytes = 1024): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Whether text starts like an HTML page (a doctype or an `<html>` element, after a BOM or white space). */
export function looksLikeHtml(text: string): boolean {
  return /^\uFEFF?\s*(<!doctype html|<html[\s>])/i.test(text);
}

function statOf(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes the report to `path` atomically (locked, temp file, rename, read back, restored on failure). It
 * must be named `.html`/`.htm` and its folder must exist; an existing file is replaced only when it is an
 * HTML page itself, so that a mistyped `--out` never destroys someone's notes or data.
 */
export function writeReportFile(path: string, html: string): ReportWriteResult {
  const target = resolve(path);
  if (!/\.html?$/i.test(target)) return { ok: false, reason: `the report file must end in .html: ${path}` };
  const folder = statOf(dirname(target));
  if (folder === undefined || !folder.isDirectory())
    return { ok: false, reason: `no such folder: ${dirname(target)} (create it first)` };
  return withLockSync(target, (): ReportWriteResult => {
    const existing = statOf(target);
    if (existing !== undefined) {
      if (!existing.isFile())
        return { ok: false, reason: `${path} exists and is not a file; not replacing it` };
      if (!looksLikeHtml(head(target)))
        return { ok: false, reason: `${path} exists and is not an HTML page; not replacing it` };
    }
    writeFileAtomic(target, html, { mkdirs: false });
    return { ok: true, path: target };
  });
}
