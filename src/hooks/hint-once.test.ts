import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { hintMarkerPath, markHinted, wasHinted } from './hint-once.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function dataEnv(): NodeJS.ProcessEnv {
  const root = tempDir('retro-hint-');
  roots.push(root);
  return { RETROSPECT_DATA_DIR: join(root, 'data') };
}

describe('the once-per-session hint marker', () => {
  it('is set once: the second caller learns the hint was already shown', () => {
    const env = dataEnv();
    expect(wasHinted(env, 'c7d3d95c-1111-4222-8333-444455556666')).toBe(false);
    expect(markHinted(env, 'c7d3d95c-1111-4222-8333-444455556666')).toBe(true);
    expect(markHinted(env, 'c7d3d95c-1111-4222-8333-444455556666')).toBe(false);
    expect(wasHinted(env, 'c7d3d95c-1111-4222-8333-444455556666')).toBe(true);
    expect(wasHinted(env, 'another-session')).toBe(false);
  });

  it('never leaves the hints folder, whatever session id a hook payload carries', () => {
    const env = dataEnv();
    const hints = join(env.RETROSPECT_DATA_DIR!, 'hints');
    for (const hostile of ['../../escaped', '/tmp/absolute', 'a/b/c', '..', '.', 'x\u0000y']) {
      const path = hintMarkerPath(env, hostile);
      expect(dirname(path)).toBe(hints);
      expect(markHinted(env, hostile)).toBe(true);
    }
    expect(readdirSync(env.RETROSPECT_DATA_DIR!)).toEqual(['hints']);
    expect(readdirSync(hints)).toHaveLength(6);
  });

  it('fails at once for a data dir whose folders cannot be made (under /proc), never spinning', () => {
    // A child process: before the fix the recursive mkdir never returned, and no test timeout can stop a
    // synchronous loop in this process.
    const script = `import(${JSON.stringify(join(REPO_ROOT, 'dist', 'hooks', 'hint-once.js'))}).then((m) => {
      try { m.markHinted({ RETROSPECT_DATA_DIR: '/proc/retrospect-no-such/data' }, 's1'); console.log('made'); }
      catch (error) { console.log(error.code); }
    })`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
    expect(run.signal).toBeNull();
    expect(run.stdout.trim()).toMatch(/^E[A-Z]+$/);
  });
});
