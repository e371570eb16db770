import { lstatSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/**
 * A folder of Retrospect's own cache: `$XDG_CACHE_HOME/retrospect/<leaf>`, else `~/.cache/retrospect/<leaf>`
 * (a relative XDG_CACHE_HOME is ignored, as the XDG rules say). Node's own default for its compile cache is
 * a folder in the shared temp directory, which another user of the machine could make first and fill with
 * code for us to run.
 */
function cacheFolder(env: NodeJS.ProcessEnv, leaf: string): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'retrospect', leaf);
}

/** Where V8's compile cache is kept (`compile-cache` in the cache folder). */
export function compileCacheFolder(env: NodeJS.ProcessEnv): string {
  return cacheFolder(env, 'compile-cache');
}

function makeFolder(path: string): void {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** A real folder (not a link) of this user that no one else can write to. */
function ownedAndPrivate(path: string): boolean {
  const stat = lstatSync(path);
  const uid = process.getuid?.();
  return stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
}

/**
 * The cache folder `leaf`, made (mode 0700, one level at a time) when missing, when it and the one above it
 * are this user's real folders that nobody else can write to; else undefined. Never throws.
 * NODE_DISABLE_COMPILE_CACHE=1 turns every cache off.
 */
export function privateCacheFolder(env: NodeJS.ProcessEnv, leaf: string): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    const folder = cacheFolder(env, leaf);
    const parent = dirname(folder);
    makeFolder(dirname(parent));
    makeFolder(parent);
    makeFolder(folder);
    if (!ownedAndPrivate(parent) || !ownedAndPrivate(folder)) return undefined;
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Turns on V8's compile cache (Node >= 22.1) in this user's own cache folder, so that a hook or a gate does
 * not compile the same few hundred KB of JavaScript on every run. The cache is used only in a private
 * folder (privateCacheFolder). Any failure leaves the cache off, silently: it changes how fast the CLI
 * starts, never what it does or prints. NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node reads it).
 */
export function enableCompileCache(
  env: NodeJS.ProcessEnv,
  enable: ((folder: string) => unknown) | undefined,
): string | undefined {
  if (enable === undefined) return undefined;
  const folder = privateCacheFolder(env, 'compile-cache');
  if (folder === undefined) return undefined;
  try {
    enable(folder);
    return folder;
  } catch {
    return undefined;
  }
}
