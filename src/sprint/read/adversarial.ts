import { join } from 'node:path';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { listDir } from './files.js';
import { sectionLines, splitFrontMatter } from './markdown.js';
import { PA } from './paths.js';

interface AdversarialFindings {
  /** The report (`.md`) path relative to the root. */
  path: string;
  source: 'json' | 'md';
  sprintId: string | undefined;
  titles: string[];
}

const DIR = `${PA}/adversarial`;

function fromJson(text: string): { sprintId: string | undefined; titles: string[] } | undefined {
  try {
    const data = JSON.parse(text) as { sprint_id?: unknown; findings?: { title?: unknown }[] };
    const titles = (Array.isArray(data.findings) ? data.findings : [])
      .map((f) => (typeof f?.title === 'string' ? f.title : ''))
      .filter((t) => t.trim() !== '');
    return { sprintId: data.sprint_id == null ? undefined : String(data.sprint_id), titles };
  } catch {
    return undefined;
  }
}

/** Finding titles of the Markdown report: `### F1: Title` (or `### Title`) headings under `## Findings`. */
function fromMarkdown(text: string): { sprintId: string | undefined; titles: string[] } {
  const { data, body } = splitFrontMatter(text);
  const titles = (sectionLines(body, 'Findings') ?? [])
    .map((l) => /^###\s+(?:F-?\d+\s*[:.—-]\s*)?(.+)$/.exec(l)?.[1]?.trim() ?? '')
    .filter((t) => t !== '');
  return { sprintId: data.sprint_id == null ? undefined : String(data.sprint_id), titles };
}

/**
 * Adversarial review findings (`PA/adversarial/adversarial-review-*.md`): the structured `.json` sidecar
 * when it exists and parses, else the Markdown.
 */
export function readAdversarialFindings(root: string): AdversarialFindings[] {
  return listDir(join(root, DIR))
    .filter((n) => /^adversarial-review-.+\.md$/.test(n))
    .map((name) => {
      const path = `${DIR}/${name}`;
      const json = readProjectTextIfExists(root, join(DIR, name.replace(/\.md$/, '.json')));
      const parsed = json === undefined ? undefined : fromJson(json);
      if (parsed) return { path, source: 'json' as const, ...parsed };
      return { path, source: 'md' as const, ...fromMarkdown(readProjectTextIfExists(root, path) ?? '') };
    });
}
