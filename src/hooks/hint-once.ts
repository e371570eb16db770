import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirsSync } from '../fsx/make-dirs.js';
import { dataDir } from '../paths/data-dir.js';

/**
 * `<data dir>/hints/<key>`: an empty file saying the hint for that session was shown. The session id comes
 * from the hook's payload, which anyone can write: it names the file only through a digest, so `../x`
 * or a path separator can never place the marker outside the hints folder.
 */
export function hintMarkerPath(env: NodeJS.ProcessEnv, sessionId: string): string {
  const key = createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
  return join(dataDir(env), 'hints', key);
}

/** True when the hint for this session was shown before (a Stop hook fires after every turn). */
export function wasHinted(env: NodeJS.ProcessEnv, sessionId: string): boolean {
  return existsSync(hintMarkerPath(env, sessionId));
}

/**
 * Records that the hint for this session is being shown. True for the one caller that created the
 * marker (`wx` fails when it exists), so two hooks finishing at once show the hint once.
 */
export function markHinted(env: NodeJS.ProcessEnv, sessionId: string): boolean {
  const path = hintMarkerPath(env, sessionId);
  // One level at a time: a data dir under /proc would make a recursive mkdir spin forever in a hook.
  makeDirsSync(join(path, '..'));
  try {
    closeSync(openSync(path, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
