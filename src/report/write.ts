import { closeSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { withLockSync, writeFileAtomic } from '../fsx/index.js';
import { openRegularFd } from '../fsx/read-regular.js';
import { isOwnReport, MARKER_WINDOW_BYTES } from './marker.js';

/** The report was written, or why it was not (nothing was changed then). */
export type ReportWriteResult = { ok: true; path: string } | { ok: false; reason: string };

/** The first bytes of an existing file, enough to tell an HTML page from anything else. */
function head(path: string, bytes = 1024): string {
  const fd = openRegularFd(path);
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

export interface ReportWriteOptions {
  /** Replace an existing file that is not a page `report` wrote (default false). */
  force?: boolean;
}

/**
 * Writes the report to `path` atomically (locked, temp file, rename, read back, restored on failure). It
 * must be named `.html`/`.htm` and its folder must exist. An existing file is replaced only when it is a
 * page this command wrote (it carries REPORT_MARKER near its top), so that `--out` never destroys someone's
 * own page, notes or data; with `force`, any regular file is replaced. A folder or other non-file never is.
 */
export function writeReportFile(
  path: string,
  html: string,
  options: ReportWriteOptions = {},
): ReportWriteResult {
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
      if (!options.force && !isOwnReport(head(target, MARKER_WINDOW_BYTES))) {
        const what = looksLikeHtml(head(target))
          ? 'an HTML page that retrospect did not write'
          : 'not a retrospect report';
        return {
          ok: false,
          reason: `${path} exists and is ${what}; not replacing it (choose another --out, or pass --force to replace it)`,
        };
      }
    }
    writeFileAtomic(target, html, { mkdirs: false });
    return { ok: true, path: target };
  });
}
