import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
});
