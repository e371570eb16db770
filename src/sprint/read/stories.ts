import { join } from 'node:path';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { epicDirs, isFile, listDir } from './files.js';
import { sectionLines, splitFrontMatter, tableRows } from './markdown.js';
import { IA } from './paths.js';

export const REVIEW_GATE_ROWS = [
  'Code Review',
  'QA Tests',
  'Security Review',
  'Test Automation',
  'Test Review',
  'Performance Review',
] as const;

type GateStatus = 'UNVERIFIED' | 'PASSED' | 'FAILED';

export interface StoryFinding {
  type: string;
  severity: string;
  finding: string;
  triaged: boolean;
}

export interface StoryFile {
  key: string;
  /** Path relative to the project root. */
  path: string;
  frontMatter: Record<string, unknown>;
  /** Review Gate status per row name; rows absent from the file are missing here. */
  reviewGate: Partial<Record<(typeof REVIEW_GATE_ROWS)[number], GateStatus>>;
  findings: StoryFinding[];
  dod: { checked: number; total: number };
}

/**
 * Finds story files by key: `IA/epic-{slug}/{KEY}-{slug}/story.md`, else `IA/epic-*\/stories/{KEY}-*.md`,
 * else `IA/{KEY}-*.md`. The folders are listed once, so looking up every story of a sprint stays cheap.
 */
export function storyLocator(root: string): (key: string) => string | undefined {
  const epics = epicDirs(root, IA);
  const nested = epics.flatMap((epic) =>
    listDir(join(root, epic)).map((name) => ({ name, path: `${epic}/${name}/story.md` })),
  );
  const inStories = epics.flatMap((epic) =>
    listDir(join(root, epic, 'stories'))
      .filter((n) => n.endsWith('.md'))
      .map((name) => ({ name, path: `${epic}/stories/${name}` })),
  );
  const flat = listDir(join(root, IA))
    .filter((n) => n.endsWith('.md'))
    .map((name) => ({ name, path: `${IA}/${name}` }));
  return (key) => {
    const prefix = `${key}-`;
    for (const layout of [nested, inStories, flat]) {
      const hit = layout.find((c) => c.name.startsWith(prefix) && isFile(join(root, c.path)));
      if (hit) return hit.path;
    }
    return undefined;
  };
}

function parseGate(lines: string[] | undefined): StoryFile['reviewGate'] {
  const gate: StoryFile['reviewGate'] = {};
  for (const [name, status] of tableRows(lines ?? [])) {
    const row = REVIEW_GATE_ROWS.find((r) => r.toLowerCase() === name?.toLowerCase());
    const word = status?.toUpperCase().match(/UNVERIFIED|PASSED|FAILED/)?.[0] as GateStatus | undefined;
    if (row && word) gate[row] = word;
  }
  return gate;
}

function parseFindings(lines: string[] | undefined): StoryFinding[] {
  return tableRows(lines ?? [])
    .filter((cells) => !cells.every((c) => /^[-—–\s]*$/.test(c)))
    .map(([, type = '', severity = '', finding = '', action = '']) => ({
      type,
      severity,
      finding,
      triaged: /\[TRIAGED\s*(->|→)/i.test(`${finding} ${action}`),
    }));
}

function parseDod(lines: string[] | undefined): StoryFile['dod'] {
  let checked = 0;
  let total = 0;
  for (const line of lines ?? []) {
    const box = /^\s*[-*]\s+\[([ xX])\]/.exec(line);
    if (!box) continue;
    total += 1;
    if (box[1] !== ' ') checked += 1;
  }
  return { checked, total };
}

/** Reads a story file's front matter, Review Gate, Findings and Definition of Done. Never writes. */
export function readStoryFile(
  root: string,
  key: string,
  locate: (key: string) => string | undefined = storyLocator(root),
): StoryFile | undefined {
  const path = locate(key);
  if (!path) return undefined;
  const { data, body } = splitFrontMatter(readProjectTextIfExists(root, path) ?? '');
  return {
    key,
    path,
    frontMatter: data,
    reviewGate: parseGate(sectionLines(body, 'Review Gate')),
    findings: parseFindings(sectionLines(body, 'Findings')),
    dod: parseDod(sectionLines(body, 'Definition of Done')),
  };
}
