import { closeSync, readSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { openRegularFd } from '../../fsx/read-regular.js';
import { isFile, listDir } from './files.js';
import { sectionLines, splitFrontMatter } from './markdown.js';
import { IA, RETRO_DIR } from './paths.js';
import { retroActionItems } from './retro-items.js';
import { indexFiles } from './story-index.js';

/** Prior retros are read up to this many bytes each, so a hundred old retros stay cheap. */
const MAX_RETRO_BYTES = 65_536;

interface PriorRetro {
  /** Relative to the root. */
  path: string;
  sprintId: string | undefined;
  /** `- ` bullets under `## Action Items`, without the dash. */
  bullets: string[];
}

function readHead(path: string, max: number): string {
  const fd = openRegularFd(path);
  try {
    const buffer = Buffer.alloc(max);
    const n = readSync(fd, buffer, 0, max, 0);
    return buffer.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const NAME = /^retrospective-(.+?)-(\d{4}-\d{2}-\d{2})(?:-[\w-]+)?\.md$/;

/** `IA/retrospective/retrospective-*.md` and legacy `IA/retrospective-*.md`, deduplicated by real path. */
export function listPriorRetros(root: string): PriorRetro[] {
  const candidates = [
    ...listDir(join(root, RETRO_DIR)).map((n) => `${RETRO_DIR}/${n}`),
    ...listDir(join(root, IA)).map((n) => `${IA}/${n}`),
  ].filter((p) => /\/retrospective-[^/]*\.md$/.test(p) && isFile(join(root, p)));
  const seen = new Set<string>();
  const retros: PriorRetro[] = [];
  for (const path of candidates) {
    const real = realpathSync(join(root, path));
    if (seen.has(real)) continue;
    seen.add(real);
    const { data, body } = splitFrontMatter(readHead(real, MAX_RETRO_BYTES));
    const declared = data.sprint_id;
    const fromName = NAME.exec(path.slice(path.lastIndexOf('/') + 1))?.[1];
    const sprintId = declared !== undefined && declared !== null ? String(declared) : fromName;
    const bullets = (sectionLines(body, 'Action Items') ?? [])
      .filter((l) => l.startsWith('- '))
      .map((l) => l.slice(2).trim())
      .filter((l) => l.length > 0);
    retros.push({ path, sprintId, bullets });
  }
  return retros;
}

/**
 * The epic or sprint a BMAD retro covers, from its name: `epic-19-retro-2026-02-27.md` → `epic-19`,
 * `epic-8-retrospective.md` → `epic-8`, `epic10-11-retro-…` → `epic-10-11`, `epic-2.5-retro-…` → `epic-2.5`.
 */
export function boardRetroSprint(name: string): string | undefined {
  const match =
    /^(epic|sprint)[-_]?([\w.]+?(?:-[\w.]+?)*?)[-_]retro(?:spective)?(?:[-_]\d{4}-\d{2}-\d{2})?(?:-[\w-]+)?\.md$/i.exec(
      name,
    );
  return match ? `${match[1]!.toLowerCase()}-${match[2]!.toLowerCase()}` : undefined;
}

/**
 * Retrospectives of a BMAD project: `epic-N-retro-DATE.md`, `epic-N-retrospective.md` and the like, in the
 * layout's folders and their sub-folders (`retrospectives/`, `epic3/`) and in `docs/retrospectives/`.
 * Items are those of the `Action Items` section in any of its forms (bullets, numbered, tables).
 */
export function listBoardRetros(root: string, folders: readonly string[]): PriorRetro[] {
  const files = indexFiles(root, [...folders, 'docs/retrospectives']).filter(
    (f) => f.name.endsWith('.md') && boardRetroSprint(f.name) !== undefined,
  );
  const seen = new Set<string>();
  const retros: PriorRetro[] = [];
  for (const file of files) {
    const real = realpathSync(join(root, file.path));
    if (seen.has(real)) continue;
    seen.add(real);
    const { data, body } = splitFrontMatter(readHead(real, MAX_RETRO_BYTES));
    const declared = data.sprint_id ?? data.epic;
    const sprintId =
      declared === undefined || declared === null
        ? boardRetroSprint(file.name)
        : /^\d/.test(String(declared))
          ? `epic-${String(declared)}`
          : String(declared);
    retros.push({ path: file.path, sprintId, bullets: retroActionItems(body) });
  }
  return retros;
}
