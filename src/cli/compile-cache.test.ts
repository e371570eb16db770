import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileCacheFolder, enableCompileCache, privateCacheFolder } from './compile-cache.js';

const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'retrospect-compile-cache-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the compile cache folder', () => {
  it('is under XDG_CACHE_HOME when it is absolute, else under ~/.cache', () => {
    expect(compileCacheFolder({ XDG_CACHE_HOME: '/c', HOME: '/h' })).toBe('/c/retrospect/compile-cache');
    expect(compileCacheFolder({ XDG_CACHE_HOME: 'rel', HOME: '/h' })).toBe(
      '/h/.cache/retrospect/compile-cache',
    );
  });

  it('is made private (0700) and handed to the cache', () => {
    const home = scratch();
    const enabled: string[] = [];
    const folder = enableCompileCache({ XDG_CACHE_HOME: join(home, 'cache') }, (f) => enabled.push(f));
    expect(folder).toBe(join(home, 'cache', 'retrospect', 'compile-cache'));
    expect(enabled).toEqual([folder]);
    expect(statSync(folder!).mode & 0o777).toBe(0o700);
  });

  it('is not used when others can write to it or it is a link, and never throws', () => {
    const home = scratch();
    const cache = join(home, 'cache');
    mkdirSync(join(cache, 'retrospect', 'compile-cache'), { recursive: true });
    chmodSync(join(cache, 'retrospect', 'compile-cache'), 0o777);
    const enabled: string[] = [];
    expect(enableCompileCache({ XDG_CACHE_HOME: cache }, (f) => enabled.push(f))).toBeUndefined();

    const other = scratch();
    mkdirSync(join(other, 'retrospect'), { mode: 0o700 });
    mkdirSync(join(other, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(other, 'elsewhere'), join(other, 'retrospect', 'compile-cache'));
    expect(enableCompileCache({ XDG_CACHE_HOME: other }, (f) => enabled.push(f))).toBeUndefined();

    // A file where a folder belongs: the cache stays off, nothing is thrown.
    expect(
      enableCompileCache({ XDG_CACHE_HOME: join('/dev/null', 'x') }, (f) => enabled.push(f)),
    ).toBeUndefined();
    expect(enabled).toEqual([]);
  });

  it('stays off when Node has no compile cache or NODE_DISABLE_COMPILE_CACHE is set', () => {
    const home = scratch();
    const enabled: string[] = [];
    expect(enableCompileCache({ XDG_CACHE_HOME: home }, undefined)).toBeUndefined();
    expect(
      enableCompileCache({ XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' }, (f) => enabled.push(f)),
    ).toBeUndefined();
    expect(enabled).toEqual([]);
  });
});

describe('a private cache folder', () => {
  it('is made beside the compile cache, and none is given when caches are turned off', () => {
    const home = scratch();
    const env = { XDG_CACHE_HOME: join(home, 'cache') };
    const folder = privateCacheFolder(env, 'script-cache');
    expect(folder).toBe(join(home, 'cache', 'retrospect', 'script-cache'));
    expect(statSync(folder!).mode & 0o777).toBe(0o700);
    expect(privateCacheFolder({ ...env, NODE_DISABLE_COMPILE_CACHE: '1' }, 'script-cache')).toBeUndefined();
  });
});
