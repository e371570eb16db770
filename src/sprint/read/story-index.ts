import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface IndexedFile {
  name: string;
  /** Relative to the project root. */
  path: string;
}

const SKIP = new Set(['node_modules', '.git', 'dist', 'build']);

/** Markdown and YAML files under the given folders (relative to the root), three levels deep, listed once. */
export function indexFiles(root: string, folders: readonly string[], depth = 3): IndexedFile[] {
  const seen = new Set<string>();
  const files: IndexedFile[] = [];
  const walk = (rel: string, left: number) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = rel === '.' || rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (left > 0 && !SKIP.has(entry.name) && !entry.name.startsWith('.')) walk(path, left - 1);
      } else if (entry.isFile() && /\.(md|ya?ml)$/i.test(entry.name) && !seen.has(path)) {
        seen.add(path);
        files.push({ name: entry.name, path });
      }
    }
  };
  for (const folder of folders) walk(folder, depth);
  return files;
}

/**
 * The short id at the start of a story key: `19-1` of `19-1-trailing-slash`, `4-1a` of `4-1a-schema`,
 * `TD-15b-1` of `TD-15b-1-intra-feature`, `e0-1` of `e0-1-sandbox`; undefined for keys without one.
 */
export function storyPrefix(key: string): string | undefined {
  const parts = key.split('-');
  const kept: string[] = [];
  for (const part of parts) {
    const shortId = (/\d/.test(part) && part.length <= 5) || (/^[A-Z]{1,3}$/.test(part) && kept.length === 0);
    if (!shortId) break;
    kept.push(part);
  }
  return kept.length >= 2 && kept.length < parts.length ? kept.join('-') : undefined;
}

/** Review logs and notes beside the stories (`5-1-review-log.md`, `story-review-sprint-1.md`, `7-8-code-review-fixes.md`). */
export function isReviewDocument(name: string): boolean {
  return (
    /review[-_]?(?:log|fixes|notes|report|findings)?(?:[-_](?:sprint|epic)[-_\w.]*)?\.md$/i.test(name) ||
    /^(?:code|story|draft)-review/i.test(name)
  );
}

const NOT_A_STORY = /\.context\.|summary|retro|-decision\.md$/i;

/**
 * Finds the story file of a key: `{key}.md`; else the one file starting with the key's short id
 * (`1-7-…` renamed since), its dotted form (`story-1.7-…`, BMAD v4's `1.7.…`); review logs and context
 * files are not story files.
 */
export function locateStoryFile(files: readonly IndexedFile[], key: string): string | undefined {
  const md = files.filter((f) => f.name.toLowerCase().endsWith('.md'));
  const exact = md.find((f) => f.name === `${key}.md`);
  if (exact) return exact.path;
  const prefix = storyPrefix(key);
  if (!prefix) return undefined;
  const dotted = prefix.replace(/-/g, '.');
  const starts = [`${prefix}-`, `story-${dotted}-`, `story-${prefix}-`, `${dotted}.`, `${dotted}-`];
  const hits = md.filter(
    (f) =>
      starts.some((s) => f.name.toLowerCase().startsWith(s.toLowerCase())) &&
      !NOT_A_STORY.test(f.name) &&
      !isReviewDocument(f.name),
  );
  return hits.length === 1 ? hits[0]!.path : undefined;
}
