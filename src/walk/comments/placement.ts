import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GitRunner } from '../collect/git-run.js';
import type { ChangeUnit } from '../document.js';
import type { FileChange } from '../evidence.js';
import type { CommentLocation } from './comments.js';

/** How many lines a changed file has in the walked state; undefined when its text is not at hand. */
export type LineCounter = (change: FileChange) => Promise<number | undefined>;

export type Placement = { ok: true; location: CommentLocation } | { ok: false; reason: string };

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/**
 * Counts a file's lines where the walk saw it: the commit's version for a commit (the parent's for a
 * deleted file), the index for staged changes, the working tree for unstaged and untracked ones. A
 * supplied diff has no file behind it (undefined: lines are then checked against its hunks).
 */
export function gitLineCounter(git: GitRunner | undefined): LineCounter {
  return async (change) => {
    if (!git || change.binary) return undefined;
    const quiet = { unrecorded: true, okStatuses: [128] };
    const show = async (spec: string) => {
      const out = await git.collect(['show', spec], quiet);
      return out.status === 0 ? lineCount(out.stdout.toString('utf8')) : undefined;
    };
    const origin = change.origin;
    if (origin.kind === 'commit')
      return change.status === 'deleted'
        ? show(`${origin.sha}^:${change.oldPath ?? change.path}`)
        : show(`${origin.sha}:${change.path}`);
    if (origin.kind === 'staged')
      return change.status === 'deleted' ? show(`HEAD:${change.path}`) : show(`:${change.path}`);
    if (origin.kind === 'unstaged' || origin.kind === 'untracked') {
      if (change.status === 'deleted') return show(`:${change.path}`);
      try {
        return lineCount(readFileSync(join(git.cwd, change.path), 'utf8'));
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
}

function lineSpan(location: CommentLocation): string {
  const { line_start: start, line_end: end } = location;
  if (start === undefined) return '';
  return end !== undefined && end !== start ? `:${start}–${end}` : `:${start}`;
}

/** Where a comment sits, as its echo says it: `src/cart.ts:12–18`, `docs/cart.md`, or the unit. */
export function describePlace(unitId: string, location: CommentLocation | undefined): string {
  if (!location?.file) return unitId;
  return `${location.file}${lineSpan(location)}${location.hunk_range ? ` (hunk ${location.hunk_range})` : ''}`;
}

/** Files listed in a refusal: a few, then how many more (a real unit may hold hundreds). */
const LISTED_FILES = 5;

function fileList(files: readonly string[]): string {
  if (files.length === 0) return 'none';
  const shown = files.slice(0, LISTED_FILES).join(', ');
  return files.length > LISTED_FILES ? `${shown} and ${files.length - LISTED_FILES} more` : shown;
}

/** The hunk of `change` whose new (or, for a deletion, old) lines hold `line`. */
function hunkHolding(change: FileChange, line: number): string | undefined {
  const deleted = change.status === 'deleted';
  for (const hunk of change.hunks) {
    const start = deleted ? hunk.oldStart : hunk.newStart;
    const length = deleted ? hunk.oldLines : hunk.newLines;
    if (line >= start && line <= start + Math.max(length, 1) - 1) return hunk.range;
  }
  return undefined;
}

/**
 * Checks a comment's place against the unit, as a reviewer would: the file must be one of the unit's
 * files, a line range must lie inside the file (or, for a supplied diff, inside one of its hunks), and a
 * line inside a hunk gets that hunk's range. The last change of the file in the unit is the state the
 * lines refer to. The reason of a refusal is one line that says what was expected.
 */
export async function placeComment(
  location: CommentLocation | undefined,
  unit: ChangeUnit,
  changes: readonly FileChange[],
  countLines: LineCounter,
  /** The unit that holds a file, to name it when a comment names another unit's file. */
  unitOf?: (file: string) => string | undefined,
): Promise<Placement> {
  if (!location?.file) return { ok: true, location: location ?? {} };
  const file = location.file;
  const own = changes.filter((c) => c.path === file);
  const change = own.at(-1);
  if (!change) {
    const other = unitOf?.(file);
    if (other && other !== unit.change_unit_id)
      return { ok: false, reason: `${file} is not a file of ${unit.change_unit_id}; it is in ${other}` };
    return {
      ok: false,
      reason: `${file} is not a file of ${unit.change_unit_id} (its files: ${fileList(unit.files)})`,
    };
  }
  const { line_start: start, line_end: end = start } = location;
  if (start === undefined || end === undefined) return { ok: true, location: { file } };
  if (start < 1 || end < start)
    return { ok: false, reason: 'a line range is @file:start-end with 1 <= start <= end' };
  if (change.binary)
    return { ok: false, reason: `${file} is a binary file: comment on the file, not a line` };
  const lines = await countLines(change);
  const hunk = hunkHolding(change, start);
  if (lines === undefined) {
    if (!hunk)
      return {
        ok: false,
        reason: `line ${start} of ${file} is in none of its hunks in this diff (${change.hunks.map((h) => h.range).join(', ') || 'no hunks'})`,
      };
  } else if (end > lines) {
    return {
      ok: false,
      reason: `${file} has ${lines} line${lines === 1 ? '' : 's'} in this change; line ${end} is out of range`,
    };
  }
  return {
    ok: true,
    location: { file, line_start: start, line_end: end, ...(hunk ? { hunk_range: hunk } : {}) },
  };
}
