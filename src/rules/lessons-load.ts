import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readProjectTextIfExists, readTextIfExists } from '../fsx/index.js';
import { isWithin } from '../fsx/paths.js';
import { claudeConfigDirs } from '../paths/data-dir.js';
import { readLessonItems } from './lessons.js';
import { legacyLessonsPath, lessonsPath } from './targets.js';

interface LessonLoadQuery {
  mainCheckout: string;
  /** The worktree the retro ran in (equal to the main checkout outside linked worktrees). */
  worktree?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** A lesson was written (or would be, in a dry run) by this run. */
  lessonApplied?: boolean;
}

/** `paths:` globs Claude Code treats as "every file" (the rule then loads unconditionally). */
function isEveryFile(glob: string): boolean {
  const trimmed = glob.endsWith('/**') ? glob.slice(0, -3) : glob;
  return trimmed === '' || trimmed === '**';
}

/**
 * The `paths:` globs of a rules file's YAML frontmatter that make it conditional; empty when the file has
 * none (or only `**`), and Claude Code loads it in every session.
 */
export function conditionalPaths(content: string): string[] {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/.exec(content);
  if (!match) return [];
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch {
    return [];
  }
  if (typeof data !== 'object' || data === null) return [];
  const paths = (data as { paths?: unknown }).paths;
  const list = typeof paths === 'string' ? paths.split(',') : Array.isArray(paths) ? paths : [];
  const globs = list.filter((p): p is string => typeof p === 'string').map((p) => p.trim());
  return globs.every(isEveryFile) ? [] : globs.filter((g) => !isEveryFile(g));
}

/** A glob as Claude Code's `claudeMdExcludes` matches it (picomatch with dotfiles): `**`, `*`, `?`, `{a,b}`. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      const slashAfter = glob[i + 2] === '/';
      out += slashAfter ? '(?:.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) out += '\\{';
      else {
        const options = glob.slice(i + 1, close).split(',');
        out += `(?:${options.map((o) => globToRegExp(o).source.slice(1, -1)).join('|')})`;
        i = close;
      }
    } else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** The settings files whose `claudeMdExcludes` apply to a project, each with its patterns. */
function excludePatterns(query: LessonLoadQuery): { file: string; patterns: string[] }[] {
  const roots = [...new Set([query.mainCheckout, query.worktree ?? query.mainCheckout])];
  const files = [
    ...roots.flatMap((root) => [
      join(root, '.claude', 'settings.json'),
      join(root, '.claude', 'settings.local.json'),
    ]),
    ...claudeConfigDirs(query.env).map((dir) => join(dir, 'settings.json')),
  ];
  return files.flatMap((file) => {
    const text = readTextIfExists(file);
    if (text === undefined) return [];
    try {
      const excludes = (JSON.parse(text) as { claudeMdExcludes?: unknown }).claudeMdExcludes;
      if (!Array.isArray(excludes)) return [];
      return [{ file, patterns: excludes.filter((p): p is string => typeof p === 'string') }];
    } catch {
      return [];
    }
  });
}

/**
 * Why lessons of the project would not reach Claude Code, one sentence each (none when they all do):
 * lessons still in the earlier `.claude/memory/claude/lessons.md`, which Claude Code does not read; a
 * `paths:` filter on the lessons file; a `claudeMdExcludes` setting that leaves it out; and, after a run
 * that wrote a lesson from a linked worktree outside the main checkout, that sessions there read the
 * worktree's own committed copy.
 */
export function lessonLoadWarnings(query: LessonLoadQuery): string[] {
  const { mainCheckout } = query;
  const warnings: string[] = [];
  const rel = (path: string) => relative(mainCheckout, path);
  const loaded = lessonsPath(mainCheckout);
  const legacy = legacyLessonsPath(mainCheckout);
  const legacyCount = readLessonItems(readProjectTextIfExists(mainCheckout, legacy) ?? '').length;
  if (legacyCount > 0) {
    warnings.push(
      `${legacyCount} lesson${legacyCount === 1 ? '' : 's'} in ${rel(legacy)} ${legacyCount === 1 ? 'is' : 'are'} not loaded by Claude Code, which does not read .claude/memory/; run 'retrospect init' to move ${legacyCount === 1 ? 'it' : 'them'} to ${rel(loaded)}`,
    );
  }
  const content = readProjectTextIfExists(mainCheckout, loaded);
  const hasLessons = content !== undefined && readLessonItems(content).length > 0;
  if (!hasLessons && !query.lessonApplied) return warnings;
  const paths = conditionalPaths(content ?? '');
  if (paths.length > 0) {
    warnings.push(
      `${rel(loaded)} has 'paths:' frontmatter (${paths.join(', ')}), so Claude Code loads its lessons only while working on matching files; remove the frontmatter to load them in every session`,
    );
  }
  for (const { file, patterns } of excludePatterns(query)) {
    const hit = patterns.find((p) => globToRegExp(p).test(loaded.replaceAll('\\', '/')));
    if (hit !== undefined) {
      warnings.push(
        `claudeMdExcludes pattern '${hit}' in ${file} leaves ${rel(loaded)} out, so Claude Code does not load its lessons`,
      );
    }
  }
  const worktree = query.worktree ?? mainCheckout;
  if (query.lessonApplied && worktree !== mainCheckout && !isWithin(mainCheckout, worktree)) {
    warnings.push(
      `this retro ran in the worktree ${worktree}: the lesson was written to ${loaded} in the main checkout, and Claude Code sessions in the worktree load the worktree's own copy, so commit the file and bring it into the worktree's branch`,
    );
  }
  return warnings;
}
