import { join } from 'node:path';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { epicDirs, isDirectory, listDir } from './files.js';
import { splitFrontMatter } from './markdown.js';
import { IA } from './paths.js';
import { parseVerdict } from './verdict.js';

const REVIEW_TYPES = [
  'code-review',
  'security-review',
  'qa-tests',
  'performance-review',
  'test-automate-review',
  'test-review',
] as const;

export interface ReviewVerdict {
  /** Report path relative to the project root. */
  artifact: string;
  type: string;
  storyKey: string;
  verdict: string;
  /** The verdict before an arrow override (`FAILED → PASSED`), when there was one. */
  reworkedFrom?: string;
  /** Parse warning, or empty. */
  note: string;
}

// Longest type first, so that `test-automate-review-E1-S1.md` is not read as type `test-…`.
const NAME = new RegExp(`^(${[...REVIEW_TYPES].sort((a, b) => b.length - a.length).join('|')})-(.+)\\.md$`);

function reportFiles(root: string): string[] {
  const flat = listDir(join(root, IA)).map((n) => `${IA}/${n}`);
  const nested = epicDirs(root, IA).flatMap((epic) =>
    listDir(join(root, epic))
      .filter((story) => isDirectory(join(root, epic, story, 'reviews')))
      .flatMap((story) =>
        listDir(join(root, epic, story, 'reviews')).map((n) => `${epic}/${story}/reviews/${n}`),
      ),
  );
  return [...flat, ...nested].filter((p) => NAME.test(p.slice(p.lastIndexOf('/') + 1)));
}

export interface SprintReviews {
  reviews: ReviewVerdict[];
  /** `no review artifacts for sprint {id}` when none belongs to the sprint. */
  note?: string;
}

/**
 * The review reports of one sprint with their verdicts. A report belongs to the sprint by its front
 * matter `sprint_id`, or, without one, by the story key in its file name. Other sprints' reports never leak.
 */
export function collectSprintReviews(root: string, sprintId: string, storyKeys: string[]): SprintReviews {
  const keys = new Set(storyKeys);
  const reviews: ReviewVerdict[] = [];
  for (const artifact of reportFiles(root)) {
    const match = NAME.exec(artifact.slice(artifact.lastIndexOf('/') + 1));
    if (!match) continue;
    const [, type = '', storyKey = ''] = match;
    const { data, body } = splitFrontMatter(readProjectTextIfExists(root, artifact) ?? '');
    const declared = data.sprint_id;
    const belongs =
      declared !== undefined && declared !== null ? String(declared) === sprintId : keys.has(storyKey);
    if (!belongs) continue;
    const parsed = parseVerdict(body);
    reviews.push({
      artifact,
      type,
      storyKey,
      verdict: parsed.verdict,
      ...(parsed.reworkedFrom ? { reworkedFrom: parsed.reworkedFrom } : {}),
      note: parsed.warning ?? '',
    });
  }
  reviews.sort((a, b) => a.storyKey.localeCompare(b.storyKey) || a.type.localeCompare(b.type));
  return reviews.length > 0 ? { reviews } : { reviews, note: `no review artifacts for sprint ${sprintId}` };
}
