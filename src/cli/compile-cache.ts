import { lstatSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/**
 * Where V8's compile cache is kept: `$XDG_CACHE_HOME/retrospect/compile-cache`, else
 * `~/.cache/retrospect/compile-cache` (a relative XDG_CACHE_HOME is ignored, as the XDG rules say).
 * Node's own default is a folder in the shared temp directory, which another user of the machine could
 * make first and fill with code for us to run.
 */
export function compileCacheFolder(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'retrospect', 'compile-cache');
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
 * Turns on V8's compile cache (Node >= 22.1) in this user's own cache folder, so that a hook or a gate does
 * not compile the same few hundred KB of JavaScript on every run. The folder and the one above it are made
 * (mode 0700, one level at a time) when missing, and the cache is used only when both are this user's real
 * folders that nobody else can write to. Any failure leaves the cache off, silently: it changes how fast
 * the CLI starts, never what it does or prints. NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node reads it).
 */
export function enableCompileCache(
  env: NodeJS.ProcessEnv,
  enable: ((folder: string) => unknown) | undefined,
): string | undefined {
  if (enable === undefined || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    const folder = compileCacheFolder(env);
    const parent = dirname(folder);
    makeFolder(dirname(parent));
    makeFolder(parent);
    makeFolder(folder);
    if (!ownedAndPrivate(parent) || !ownedAndPrivate(folder)) return undefined;
    enable(folder);
    return folder;
  } catch {
    return undefined;
  }
}
