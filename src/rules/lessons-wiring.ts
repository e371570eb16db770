import { mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../errors/errors.js';
import {
  ensureInsideProject,
  readProjectTextIfExists,
  readTextIfExists,
  withLockSync,
  writeFileAtomic,
} from '../fsx/index.js';
import { LESSONS_HEADER, readLessonItems } from './lessons.js';
import { joinLines, splitLines } from './lines.js';
import { legacyLessonsPath, lessonsPath } from './targets.js';

/** One file the wiring changes: its content before and after (`undefined`: missing, or deleted). */
export interface FileChange {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

interface Moved {
  /** The source without the moved lesson lines (`undefined` when nothing else was left in it). */
  rest: string | undefined;
  /** The target with the lessons appended. */
  target: string;
  count: number;
}

/**
 * Moves every lesson line of `source` to the end of `target`, byte for byte (trial comments included),
 * leaving out lessons whose text the target already holds. The source keeps its other lines; when only
 * whitespace (or `leftover`, the header Retrospect wrote) would remain, it goes altogether.
 */
function moveLessons(source: string, target: string, leftover?: string): Moved {
  const items = readLessonItems(source);
  const present = new Set(readLessonItems(target).map((l) => l.text));
  const lines = splitLines(source);
  const moving = new Set(items.map((i) => i.lineIndex));
  const added = items.filter((i) => !present.has(i.text)).map((i) => i.line);
  const base = target === '' ? '' : /[\r\n]$/.test(target) ? target : `${target}\n`;
  const rest = joinLines(lines.filter((_, index) => !moving.has(index)));
  const empty = rest.trim() === '' || (leftover !== undefined && rest.trim() === leftover.trim());
  return {
    rest: empty ? undefined : rest,
    target: added.length === 0 ? target : `${base}${added.join('\n')}\n`,
    count: items.length,
  };
}

interface LessonsWiringPlan {
  changes: FileChange[];
  /** Lessons moved from one file to the other. */
  moved: number;
}

/**
 * What `init` changes so that Claude Code loads the project's lessons: `.claude/rules/retrospect-lessons.md`
 * is created with its header, and the lessons of the earlier `.claude/memory/claude/lessons.md` (which
 * Claude Code does not read) move into it. With `remove`, the reverse: the lessons go back to
 * `.claude/memory/claude/lessons.md`, kept but no longer loaded, and the rules file goes (only what
 * Retrospect wrote there; other lines a person added stay).
 */
export function planLessonsWiring(
  mainCheckout: string,
  options: { remove?: boolean } = {},
): LessonsWiringPlan {
  const loadedPath = lessonsPath(mainCheckout);
  const legacyPath = legacyLessonsPath(mainCheckout);
  // A lessons file that is a symlink out of the project is not read, so nothing of it moves in.
  const loaded = readProjectTextIfExists(mainCheckout, loadedPath);
  const legacy = readProjectTextIfExists(mainCheckout, legacyPath);
  const changes: FileChange[] = [];
  const change = (path: string, before: string | undefined, after: string | undefined) => {
    if (before !== after) changes.push({ path, before, after });
  };
  if (options.remove) {
    if (loaded === undefined) return { changes, moved: 0 };
    const moved = moveLessons(loaded, legacy ?? '', LESSONS_HEADER);
    // The destination first: a failure between the two writes leaves a lesson twice, never nowhere.
    if (moved.count > 0) change(legacyPath, legacy, moved.target);
    change(loadedPath, loaded, moved.rest);
    return { changes, moved: moved.count };
  }
  const start = loaded === undefined || loaded.trim() === '' ? LESSONS_HEADER : loaded;
  if (legacy === undefined) {
    change(loadedPath, loaded, start);
    return { changes, moved: 0 };
  }
  const moved = moveLessons(legacy, start);
  change(loadedPath, loaded, moved.target);
  if (moved.count > 0) change(legacyPath, legacy, moved.rest);
  return { changes, moved: moved.count };
}

/**
 * Carries out a plan in order, each file under its lock, through a temp file and a rename (a deletion
 * removes the file). Paths must stay inside the project. Content that changed since the plan was made is
 * not overwritten: the run stops with an error and the files already done stay done.
 */
export function applyFileChanges(mainCheckout: string, changes: readonly FileChange[]): void {
  for (const { path, before, after } of changes) {
    ensureInsideProject(mainCheckout, path);
    mkdirSync(dirname(path), { recursive: true });
    withLockSync(path, () => {
      if (readTextIfExists(path) !== before) {
        throw new InputError(
          `${path} changed while init was running; nothing more was changed, run it again`,
        );
      }
      if (after === undefined) rmSync(path, { force: true });
      else writeFileAtomic(path, after);
    });
    if (after === undefined) removeIfEmpty(dirname(path));
  }
}

/** A folder left empty by a deletion goes too (`.claude/rules/` that init created, say). */
function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty, or already gone: either way it stays as it is.
  }
}
