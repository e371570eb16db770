import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { LESSONS_HEADER } from './lessons.js';
import { conditionalPaths, globToRegExp, lessonLoadWarnings } from './lessons-load.js';

function project(files: Record<string, string>): { root: string; env: NodeJS.ProcessEnv } {
  const base = tempDir('retrospect-load-');
  const root = join(base, 'shop');
  const configDir = join(base, 'claude-config');
  mkdirSync(configDir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const path = rel.startsWith('~/') ? join(configDir, rel.slice(2)) : join(root, rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
  }
  return { root, env: { CLAUDE_CONFIG_DIR: configDir } };
}

const LOADED = '.claude/rules/retrospect-lessons.md';
const LESSON = `${LESSONS_HEADER}- Quote the failing line before changing code\n`;

describe('whether Claude Code loads the lessons', () => {
  it('says nothing when the lessons file loads in every session', () => {
    const { root, env } = project({ [LOADED]: LESSON });
    expect(lessonLoadWarnings({ mainCheckout: root, env, lessonApplied: true })).toEqual([]);
    const noLessons = project({});
    expect(lessonLoadWarnings({ mainCheckout: noLessons.root, env: noLessons.env })).toEqual([]);
  });

  it('warns about lessons left in .claude/memory/claude/lessons.md, which Claude Code does not read', () => {
    const { root, env } = project({ '.claude/memory/claude/lessons.md': '# Lessons\n- One\n- Two\n' });
    expect(lessonLoadWarnings({ mainCheckout: root, env })).toEqual([
      "2 lessons in .claude/memory/claude/lessons.md are not loaded by Claude Code, which does not read .claude/memory/; run 'retrospect init' to move them to .claude/rules/retrospect-lessons.md",
    ]);
  });

  it('warns about a paths: filter, but not about one that covers every file', () => {
    const filtered = project({ [LOADED]: `---\npaths:\n  - "src/**/*.ts"\n---\n${LESSON}` });
    expect(lessonLoadWarnings({ mainCheckout: filtered.root, env: filtered.env })).toEqual([
      expect.stringContaining(
        "has 'paths:' frontmatter (src/**/*.ts), so Claude Code loads its lessons only",
      ),
    ]);
    const everything = project({ [LOADED]: `---\npaths: "**"\n---\n${LESSON}` });
    expect(lessonLoadWarnings({ mainCheckout: everything.root, env: everything.env })).toEqual([]);
    expect(conditionalPaths('---\npaths:\n  - "**/*"\n  - lib/**\n---\n')).toEqual(['**/*', 'lib/**']);
    expect(conditionalPaths('no frontmatter\n')).toEqual([]);
  });

  it('warns when a claudeMdExcludes pattern leaves the file out', () => {
    const { root, env } = project({
      [LOADED]: LESSON,
      '.claude/settings.local.json': JSON.stringify({ claudeMdExcludes: ['**/other/CLAUDE.md'] }),
      '~/settings.json': JSON.stringify({ claudeMdExcludes: ['**/.claude/rules/**'] }),
    });
    const warnings = lessonLoadWarnings({ mainCheckout: root, env });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("claudeMdExcludes pattern '**/.claude/rules/**' in ");
    expect(globToRegExp('**/.claude/rules/**').test('/home/a/shop/.claude/rules/retrospect-lessons.md')).toBe(
      true,
    );
    expect(
      globToRegExp('/home/*/shop/{CLAUDE.md,.claude/rules/*.md}').test('/home/a/shop/.claude/rules/x.md'),
    ).toBe(true);
    expect(globToRegExp('/home/*/shop/*.md').test('/home/a/shop/.claude/rules/x.md')).toBe(false);
  });

  it('after a lesson written from a linked worktree outside the main checkout, says where sessions there look', () => {
    const { root, env } = project({ [LOADED]: LESSON });
    const worktree = join(root, '..', 'shop-feature');
    expect(lessonLoadWarnings({ mainCheckout: root, worktree, env, lessonApplied: true })).toEqual([
      expect.stringContaining(`this retro ran in the worktree ${worktree}`),
    ]);
    expect(lessonLoadWarnings({ mainCheckout: root, worktree, env })).toEqual([]);
    const nested = join(root, '.claude', 'worktrees', 'fix');
    expect(lessonLoadWarnings({ mainCheckout: root, worktree: nested, env, lessonApplied: true })).toEqual(
      [],
    );
  });
});
