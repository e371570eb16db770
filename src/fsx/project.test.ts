import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutsideProjectError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { ensureInsideProject, onRefusedRead, type RefusedRead, readProjectTextIfExists } from './project.js';

function layout() {
  const base = realpathSync(tempDir('retrospect-project-'));
  const root = join(base, 'repo');
  const outside = join(base, 'outside');
  mkdirSync(join(root, '.claude', 'memory', 'claude'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret'), 'AWS_SECRET=hunter2\n');
  return { root, outside, lessons: join(root, '.claude', 'memory', 'claude', 'lessons.md') };
}

function listening(): { refused: RefusedRead[]; stop: () => void } {
  const refused: RefusedRead[] = [];
  return { refused, stop: onRefusedRead((r) => refused.push(r)) };
}

describe('reading project files', () => {
  it('never reads a file that is a symlink out of the project, says so, and treats it as absent', () => {
    const { root, outside, lessons } = layout();
    symlinkSync(join(outside, 'secret'), lessons);
    const { refused, stop } = listening();
    try {
      expect(readProjectTextIfExists(root, lessons)).toBeUndefined();
    } finally {
      stop();
    }
    expect(refused).toHaveLength(1);
    expect(refused[0]?.message).toBe(
      `not reading .claude/memory/claude/lessons.md: it leads outside the project (to ${join(outside, 'secret')}); treated as absent`,
    );
  });

  it('refuses a folder on the way that leads out, and a relative link that climbs out', () => {
    const { root, outside } = layout();
    writeFileSync(join(outside, 'directives.md'), '1. secret\n');
    symlinkSync(outside, join(root, '.claude', 'memory', 'ic5'));
    symlinkSync('../../../../outside/secret', join(root, '.claude', 'memory', 'claude', 'lessons.md'));
    expect(
      readProjectTextIfExists(root, join(root, '.claude', 'memory', 'ic5', 'directives.md')),
    ).toBeUndefined();
    expect(readProjectTextIfExists(root, '.claude/memory/claude/lessons.md')).toBeUndefined();
  });

  it('reads regular files and symlinks that stay inside the project', () => {
    const { root, lessons } = layout();
    writeFileSync(join(root, 'shared-lessons.md'), '- Read first\n');
    symlinkSync(join(root, 'shared-lessons.md'), lessons);
    expect(readProjectTextIfExists(root, lessons)).toBe('- Read first\n');
    expect(readProjectTextIfExists(root, join(root, 'missing.md'))).toBeUndefined();
  });
});

describe('writing project files', () => {
  it('refuses a path through a symlinked folder, a symlinked file, or a dangling link out', () => {
    const { root, outside, lessons } = layout();
    mkdirSync(join(root, '.claude', 'retro'));
    symlinkSync(outside, join(root, '.claude', 'retro', 'anchors'));
    symlinkSync(join(outside, 'secret'), lessons);
    symlinkSync(join(outside, 'not-yet.sh'), join(root, '.claude', 'retro', 'friction.jsonl'));
    for (const path of [
      join(root, '.claude', 'retro', 'anchors', 'a.json'),
      lessons,
      join(root, '.claude', 'retro', 'friction.jsonl'),
      join(root, '..', 'outside', 'x'),
    ])
      expect(() => ensureInsideProject(root, path)).toThrow(OutsideProjectError);
    expect(existsSync(join(outside, 'not-yet.sh'))).toBe(false);
    expect(readFileSync(join(outside, 'secret'), 'utf8')).toBe('AWS_SECRET=hunter2\n');
  });

  it('allows new files, folders and links that stay inside', () => {
    const { root } = layout();
    mkdirSync(join(root, 'store'));
    symlinkSync(join(root, 'store'), join(root, '.claude', 'retro'));
    expect(() =>
      ensureInsideProject(root, join(root, '.claude', 'retro', 'anchors', 'a.json')),
    ).not.toThrow();
    expect(() =>
      ensureInsideProject(root, join(root, '.claude', 'memory', 'qa', 'directives.md')),
    ).not.toThrow();
  });

  it('does not loop on a symlink cycle', () => {
    const { root } = layout();
    symlinkSync(join(root, 'b'), join(root, 'a'));
    symlinkSync(join(root, 'a'), join(root, 'b'));
    expect(() => ensureInsideProject(root, join(root, 'a', 'x'))).not.toThrow(RangeError);
  });
});
