import { join } from 'node:path';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { epicDirs, isFile, listDir } from './files.js';
import { splitFrontMatter } from './markdown.js';
import { IA } from './paths.js';
import type { SprintStatus, SprintStory } from './status.js';

/** Every story file of the implementation artifacts, in the three layouts storyLocator knows. */
function storyFiles(root: string): string[] {
  const epics = epicDirs(root, IA);
  const nested = epics.flatMap((epic) =>
    listDir(join(root, epic))
      .map((name) => `${epic}/${name}/story.md`)
      .filter((p) => isFile(join(root, p))),
  );
  const inStories = epics.flatMap((epic) =>
    listDir(join(root, epic, 'stories'))
      .filter((n) => n.endsWith('.md'))
      .map((n) => `${epic}/stories/${n}`),
  );
  const flat = listDir(join(root, IA))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `${IA}/${n}`);
  return [...nested, ...inStories, ...flat];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * The sprint as its story files describe it, for a retro without a readable sprint status file (seed
 * Step 1: "If sprint-status.yaml is missing or unreadable, ask the user for the sprint ID"): the stories
 * whose front matter names the sprint (`sprint_id`), with their key, title, status, points and blocker.
 * Undefined when no story file names it. Never writes.
 */
export function sprintFromStoryFiles(root: string, sprintId: string): SprintStatus | undefined {
  const stories: SprintStory[] = [];
  for (const path of storyFiles(root)) {
    const { data } = splitFrontMatter(readProjectTextIfExists(root, path) ?? '');
    const key = text(data.key) ?? text(data.story_key);
    if (text(data.sprint_id) !== sprintId || !key || stories.some((s) => s.key === key)) continue;
    stories.push({
      key,
      title: text(data.title) ?? null,
      status: text(data.status) ?? 'backlog',
      points: typeof data.points === 'number' ? data.points : null,
      blocked_by: text(data.blocked_by) ?? null,
    });
  }
  if (stories.length === 0) return undefined;
  stories.sort((a, b) => a.key.localeCompare(b.key, undefined, { numeric: true }));
  return { sprint_id: sprintId, stories };
}
