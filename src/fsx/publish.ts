import { linkSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { tempPathFor, writeWhole } from './atomic.js';
import { makeDirsSync } from './make-dirs.js';

/**
 * Creates `path` with `content` only if nothing exists there yet, and never lets a reader see it half
 * written: the bytes go to a temp file beside it (fsynced), which is then hard-linked into place.
 * link(2) fails when the name exists, so of several concurrent publishers exactly one wins.
 * Returns false (and changes nothing) when `path` already exists.
 */
export function publishFileExclusive(path: string, content: string | Buffer): boolean {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  makeDirsSync(dirname(path));
  const temp = tempPathFor(path);
  writeWhole(temp, data, 0o644);
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
