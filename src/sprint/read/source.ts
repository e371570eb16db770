import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../errors/errors.js';
import type { BoardUnit, SprintBoard } from './board.js';
import { detectLayout } from './layout/detect.js';
import { findStatusFiles, KNOWN_STATUS_PATHS } from './layout/discover.js';
import { SPRINT_STATUS_PATHS } from './paths.js';
import { type ResolvedSprint, resolveSprint } from './status.js';

/** Where a retro's stories come from: the `.gaia/` sprint, or one unit of another layout's board. */
type SprintSource =
  | { layout: 'gaia'; resolved: ResolvedSprint }
  | { layout: 'board'; board: SprintBoard; unit: BoardUnit };

/** `epic-19`, `Epic 19`, `19`, `E19` and `e19` name the same epic; `sprint-01` and `sprint-1` the same sprint. */
function comparable(id: string): string {
  return id
    .toLowerCase()
    .replace(/^(epic|sprint)[\s_-]*/, '')
    .replace(/^e(?=\d)/, '')
    .replace(/[\s_]+/g, '-')
    .replace(/(^|[^\d.])0+(?=\d)/g, '$1');
}

function findUnit(board: SprintBoard, requested: string): BoardUnit | undefined {
  const exact = board.units.find((u) => u.id === requested);
  if (exact) return exact;
  const want = comparable(requested);
  const kindOk = (u: BoardUnit) =>
    !/^(epic|sprint)/i.test(requested) || requested.toLowerCase().startsWith(u.kind);
  return board.units.find((u) => comparable(u.id) === want && kindOk(u));
}

/**
 * The unit a retro covers when none is asked for: the one the file names as current, else the first epic
 * in progress, else the last unit with a delivered story.
 */
function defaultUnit(board: SprintBoard): BoardUnit | undefined {
  const named = board.current ? findUnit(board, board.current) : undefined;
  if (named && named.stories.length > 0) return named;
  const active = board.units.find(
    (u) =>
      u.stories.length > 0 &&
      (/progress|active|partial/i.test(u.status ?? '') || u.stories.some((s) => s.state === 'in_progress')),
  );
  if (active) return active;
  return [...board.units].reverse().find((u) => u.stories.some((s) => s.state === 'done'));
}

function listIds(board: SprintBoard): string {
  const ids = board.units.filter((u) => u.stories.length > 0).map((u) => u.id);
  return ids.length <= 12 ? ids.join(', ') : `${ids.slice(0, 6).join(', ')}, …, ${ids.slice(-3).join(', ')}`;
}

function fromBoard(board: SprintBoard, requested: string | undefined): SprintSource {
  const unit = requested === undefined ? defaultUnit(board) : findUnit(board, requested);
  if (!unit) {
    throw new InputError(
      requested === undefined
        ? `${board.path}: no epic or sprint is in progress or done; pass one of ${listIds(board)}`
        : `${requested} does not exist in ${board.path} (${board.layout} layout); it has ${listIds(board)}`,
    );
  }
  if (unit.stories.length === 0) {
    const why = unit.archive ? ` (its entry points to ${unit.archive}, which could not be read)` : '';
    throw new InputError(
      `${unit.id} in ${board.path} has no stories${why}: there is nothing to count, so nothing was written`,
    );
  }
  return { layout: 'board', board, unit };
}

/**
 * Finds the sprint status file and the unit to report on. The `.gaia/` layout keeps its own rules
 * (status.ts, with the sprint archive); other layouts become a board. A file that cannot be understood, an
 * id that does not exist, or a unit without stories is an InputError that says what was found and why.
 */
export function resolveSprintSource(root: string, requested: string | undefined): SprintSource {
  const candidates = findStatusFiles(root);
  if (candidates.length === 0) {
    if (existsSync(join(root, '.gaia'))) return { layout: 'gaia', resolved: resolveSprint(root, requested) };
    const looked = KNOWN_STATUS_PATHS.map((p) => join(root, p));
    throw new InputError(
      `no sprint status file found (looked at ${looked.join(', ')}, and searched ${root} for sprint-status.yaml); give the project folder as the root`,
      { code: 'E_SPRINT_STATUS_NOT_FOUND', fields: { looked, searched: root } },
    );
  }
  const problems: string[] = [];
  for (const candidate of candidates) {
    const isGaiaPath = candidate.path === SPRINT_STATUS_PATHS[0];
    const detected = isGaiaPath
      ? { kind: 'gaia' as const }
      : detectLayout(root, candidate.path, candidate.text);
    if (detected.kind === 'gaia' && (SPRINT_STATUS_PATHS as readonly string[]).includes(candidate.path))
      return { layout: 'gaia', resolved: resolveSprint(root, requested) };
    if (detected.kind === 'board') return fromBoard(detected.board, requested);
    const reason =
      detected.kind === 'gaia'
        ? 'a .gaia/ sprint file outside .gaia/ (move it to .gaia/state/)'
        : detected.reason;
    problems.push(`${candidate.path}${candidate.searched ? ' (found by search)' : ''}: ${reason}`);
  }
  throw new InputError(
    `found ${problems.length === 1 ? 'a sprint status file' : `${problems.length} sprint status files`} but could not read ${problems.length === 1 ? 'it' : 'any'}, so nothing was written:\n  ${problems.join('\n  ')}`,
  );
}
