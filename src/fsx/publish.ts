import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Creates `path` with `content` only if nothing exists there yet, and never lets a reader see it half
 * written: the bytes go to a temp file beside it (fsynced), which is then hard-linked into place.
 * link(2) fails when the name exists, so of several concurrent publishers exactly one wins.
 * Returns false (and changes nothing) when `path` already exists.
 */
export function publishFileExclusive(path: string, content: string | Buffer): boolean {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o644);
  try {
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}
