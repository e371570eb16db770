import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * How a shared store writes a transcript path: relative to the user's home (`~/.claude/projects/…`, `/`
 * separators), so that rows never hold the home folder's absolute path (which names the account). A path
 * outside the home folder is kept as it is (see docs/teams.md).
 */
export function storedPath(path: string, home: string): string {
  const rel = relative(home, path);
  if (rel === '') return '~/';
  if (rel.startsWith('..') || isAbsolute(rel)) return path;
  const slashed = rel.split(sep).join('/');
  // A folder prefix keeps its trailing separator, so that `under` still matches whole folder names.
  return `~/${slashed}${path.endsWith(sep) && !slashed.endsWith('/') ? '/' : ''}`;
}

/** The local path of a row this machine and user wrote (inverse of storedPath). */
export function localPath(stored: string, home: string): string {
  if (stored === '~/') return home.endsWith(sep) ? home : home + sep;
  if (!stored.startsWith('~/')) return stored;
  const rel = stored.slice(2);
  const joined = join(home, ...rel.split('/'));
  return rel.endsWith('/') ? joined + sep : joined;
}
