import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Symlinks followed by hand before giving up (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/** A dangling symlink: opening it for writing would create its target, wherever that is. */
function danglingTarget(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink() || existsSync(path)) return undefined;
    return resolve(dirname(path), readlinkSync(path));
  } catch {
    return undefined;
  }
}

/**
 * The real path of `path` even when its tail does not exist yet: the deepest existing ancestor is
 * resolved (following symlinks) and the missing segments are appended. A dangling symlink on the way
 * counts as the place it points to, since writing through it would create that file.
 */
export function realPathOfMaybeMissing(path: string, links = 0): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  let current = absolute;
  while (!existsSync(current)) {
    const target = links < MAX_LINKS ? danglingTarget(current) : undefined;
    if (target !== undefined) return realPathOfMaybeMissing(join(target, ...missing), links + 1);
    const parent = dirname(current);
    if (parent === current) break;
    missing.unshift(basename(current));
    current = parent;
  }
  let real = current;
  try {
    real = realpathSync(current);
  } catch {
    // Unreadable ancestor: fall back to the lexical path.
  }
  return missing.length > 0 ? join(real, ...missing) : real;
}

/** True when `child` (a real path) is `root` or lies below it. */
export function isWithin(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Resolves `target` against `root` on real paths (symlinks followed) and returns the path relative to the
 * real root, or undefined when it escapes the root.
 */
export function relativeInside(root: string, target: string): string | undefined {
  const realRoot = realPathOfMaybeMissing(root);
  const realTarget = realPathOfMaybeMissing(isAbsolute(target) ? target : join(root, target));
  if (!isWithin(realRoot, realTarget)) return undefined;
  return relative(realRoot, realTarget).split(sep).join('/');
}
