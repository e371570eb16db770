import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectTextIfExists } from '../../../fsx/index.js';
import { SPRINT_STATUS_PATHS } from '../paths.js';

/**
 * Where sprint status files live, in the order they are tried: the `.gaia/` ones first (their order is the
 * seed's), then the places BMAD projects use. The first non-empty file wins; a project that keeps its
 * file elsewhere is found by searching for `sprint-status.yaml`.
 */
export const KNOWN_STATUS_PATHS = [
  ...SPRINT_STATUS_PATHS,
  '_bmad-output/implementation-artifacts/sprint-status.yaml',
  'docs/sprint-artifacts/sprint-status.yaml',
  'docs/sprint-status.yaml',
  '_bmad-output/sprint-status.yaml',
  'docs/stories/sprint-status.yaml',
] as const;

const NAMES = new Set(['sprint-status.yaml', 'sprint-status.yml']);
/** Folders never searched: dependencies, build output, version control. */
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'vendor',
  'coverage',
  'target',
  '.venv',
  'venv',
]);
/** Folders searched last: a status file there is a fixture or an example, not the project's own. */
const SAMPLE = /(^|\/)(tests?|__tests__|fixtures?|examples?|samples?|templates?)(\/|$)/i;
const MAX_DEPTH = 5;
const MAX_DIRS = 4000;

interface StatusFileCandidate {
  /** Relative to the project root. */
  path: string;
  text: string;
  /** True when found by searching rather than at a known location. */
  searched: boolean;
}

function search(root: string): string[] {
  const found: string[] = [];
  let visited = 0;
  const walk = (rel: string, depth: number) => {
    if (depth > MAX_DEPTH || visited++ > MAX_DIRS) return;
    let names: import('node:fs').Dirent[];
    try {
      names = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !SKIP.has(entry.name)) walk(path, depth + 1);
      else if (entry.isFile() && NAMES.has(entry.name)) found.push(path);
    }
  };
  walk('', 0);
  const rank = (p: string) => (SAMPLE.test(p) ? 1000 : 0) + p.split('/').length;
  return found.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The sprint status files of a project: the first non-empty known location, else every `sprint-status.yaml`
 * found by searching (project folders before test fixtures and examples, shallow before deep). Never writes.
 */
export function findStatusFiles(root: string): StatusFileCandidate[] {
  for (const path of KNOWN_STATUS_PATHS) {
    const text = readProjectTextIfExists(root, path);
    if (text !== undefined && text.trim() !== '') return [{ path, text, searched: false }];
  }
  return search(root).flatMap((path) => {
    const text = readProjectTextIfExists(root, path);
    return text !== undefined && text.trim() !== '' ? [{ path, text, searched: true }] : [];
  });
}
