import { join } from 'node:path';
import { readTextIfExists } from '../fsx/index.js';
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

export type GateStatus = 'UNVERIFIED' | 'PASSED' | 'FAILED';

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

/** `IA/epic-{slug}/{KEY}-{slug}/story.md`, else `IA/epic-*\/stories/{KEY}-*.md`, else `IA/{KEY}-*.md`. */
export function findStoryFile(root: string, key: string): string | undefined {
  const prefix = `${key}-`;
  const epics = epicDirs(root, IA);
  for (const epic of epics) {
    for (const name of listDir(join(root, epic))) {
      const candidate = `${epic}/${name}/story.md`;
      if (name.startsWith(prefix) && isFile(join(root, candidate))) return candidate;
    }
  }
  for (const epic of epics) {
    const name = listDir(join(root, epic, 'stories')).find((n) => n.startsWith(prefix) && n.endsWith('.md'));
    if (name) return `${epic}/stories/${name}`;
  }
  const flat = listDir(join(root, IA)).find(
    (n) => n.startsWith(prefix) && n.endsWith('.md') && isFile(join(root, IA, n)),
  );
  return flat ? `${IA}/${flat}` : undefined;
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
export function readStoryFile(root: string, key: string): StoryFile | undefined {
  const path = findStoryFile(root, key);
  if (!path) return undefined;
  const { data, body } = splitFrontMatter(readTextIfExists(join(root, path)) ?? '');
  return {
    key,
    path,
    frontMatter: data,
    reviewGate: parseGate(sectionLines(body, 'Review Gate')),
    findings: parseFindings(sectionLines(body, 'Findings')),
    dod: parseDod(sectionLines(body, 'Definition of Done')),
  };
}
