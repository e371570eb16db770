import { readProjectTextIfExists } from '../fsx/index.js';
import { BROKEN_LINE, ruleTextToWrite } from './directives.js';
import { type EditOptions, editRulesFile, type FileEdit } from './edit.js';
import { appendLine, breaksLine, joinLines, splitLines } from './lines.js';
import { lessonsPath, lessonsPaths } from './targets.js';
import {
  annotateTrial,
  hasTrialComment,
  parseTrialLine,
  stripTrialComment,
  type TrialMeta,
} from './trial-comment.js';

const LESSON_ITEM = /^([ \t]*[-*][ \t]+)(\S.*)$/;

/**
 * The first lines of a new lessons file. Claude Code reads them with the lessons, so they say what the
 * list is in one sentence; they hold no bullet, which would read as a lesson.
 */
export const LESSONS_HEADER = [
  '# Lessons from session retrospectives',
  '',
  'Lessons from earlier sessions in this project, kept by `retrospect retro`. A lesson with a trial comment is on trial: `retrospect trial review` keeps or reverts it.',
  '',
].join('\n');

/** A lesson for plain Claude: one `- <text>` line of a lessons file. */
interface LessonItem {
  lineIndex: number;
  line: string;
  /** The lesson without bullet and trial comment. */
  text: string;
  /** Present when the line carries a complete trial comment. */
  trial?: TrialMeta;
}

/** Every bulleted lesson of the file, in file order. */
export function readLessonItems(content: string): LessonItem[] {
  const items: LessonItem[] = [];
  splitLines(content).forEach((line, lineIndex) => {
    const match = LESSON_ITEM.exec(line.content);
    if (!match) return;
    const item: LessonItem = {
      lineIndex,
      line: line.content,
      text: stripTrialComment(match[2] ?? '').trim(),
    };
    const parsed = parseTrialLine(line.content);
    if (parsed) item.trial = { start: parsed.start, source: parsed.source, reviewAfter: parsed.reviewAfter };
    items.push(item);
  });
  return items;
}

function findLesson(content: string, text: string): LessonItem | undefined {
  const wanted = stripTrialComment(text).trim();
  return readLessonItems(content).find((l) => l.text === wanted);
}

/**
 * Appends `- <text>` to the lessons text, with a trial comment when `trial` is given (a NEW lesson on
 * trial); other lines stay byte for byte. Empty content starts with `header` when one is given.
 */
export function appendLessonText(
  content: string,
  text: string,
  options: { trial?: TrialMeta | undefined; header?: string | undefined } = {},
): FileEdit<{ line: string }> {
  const checked = ruleTextToWrite(text);
  if (!checked.ok) return checked;
  const clean = checked.text;
  const line = options.trial ? `- ${annotateTrial(clean, options.trial)}` : `- ${clean}`;
  if (breaksLine(line)) return { ok: false, reason: BROKEN_LINE };
  const base = content.trim() === '' && options.header ? options.header : content;
  return { ok: true, content: joinLines(appendLine(splitLines(base), line)), line };
}

/**
 * Replaces one lesson's text (TIGHTEN), keeping its bullet, indentation and trial comment (a lesson still
 * on trial stays on trial); other lines stay byte for byte. The first lesson with that text is the one.
 */
function replaceLessonText(content: string, oldText: string, newText: string): FileEdit<{ line: string }> {
  const checked = ruleTextToWrite(newText);
  if (!checked.ok) return checked;
  const clean = checked.text;
  const lines = splitLines(content);
  const item = findLesson(content, oldText);
  if (!item) return { ok: false, reason: 'not-found' };
  const bullet = LESSON_ITEM.exec(item.line)?.[1] ?? '- ';
  const comment = /<!--\s*trial\s+[^>]*-->/.exec(item.line);
  const line = `${bullet}${clean}${comment ? ` ${comment[0]}` : ''}`;
  if (breaksLine(line)) return { ok: false, reason: BROKEN_LINE };
  lines[item.lineIndex] = { content: line, eol: lines[item.lineIndex]!.eol };
  return { ok: true, content: joinLines(lines), line };
}

/** KEEP: the lesson on trial becomes permanent; only its trial comment goes. */
export function keepTrialLessonText(content: string, text: string): FileEdit<{ line: string }> {
  const lines = splitLines(content);
  const item = findLesson(content, text);
  if (!item) return { ok: false, reason: 'not-found' };
  if (!hasTrialComment(item.line)) return { ok: false, reason: 'not-a-trial' };
  const line = stripTrialComment(item.line);
  lines[item.lineIndex] = { content: line, eol: lines[item.lineIndex]!.eol };
  return { ok: true, content: joinLines(lines), line };
}

/** REVERT: the lesson's line goes; every other line stays byte for byte. */
export function removeLessonText(content: string, text: string): FileEdit<{ line: string }> {
  const lines = splitLines(content);
  const item = findLesson(content, text);
  if (!item) return { ok: false, reason: 'not-found' };
  lines.splice(item.lineIndex, 1);
  return { ok: true, content: joinLines(lines), line: item.line };
}

/**
 * Appends a lesson to `.claude/rules/retrospect-lessons.md` (created with its folder and header when
 * missing), where Claude Code loads it; as a trial when `trial` is given.
 */
export function appendLesson(
  mainCheckout: string,
  text: string,
  options: EditOptions & { trial?: TrialMeta | undefined } = {},
): FileEdit<{ line: string; path: string }> {
  const path = lessonsPath(mainCheckout);
  const result = editRulesFile(
    mainCheckout,
    path,
    (c) => appendLessonText(c, text, { trial: options.trial, header: LESSONS_HEADER }),
    options,
  );
  return result.ok ? { ...result, path } : result;
}

/** The lessons file that holds a lesson with this text (the loaded file first), if any. */
function lessonsFileHolding(mainCheckout: string, text: string): string | undefined {
  return lessonsPaths(mainCheckout).find((path) => {
    const content = readProjectTextIfExists(mainCheckout, path);
    return content !== undefined && findLesson(content, text) !== undefined;
  });
}

/**
 * Edits the lessons file at `path` (one of the project's lessons files) through the safe write path. Used
 * for the edits of a lesson that already exists, wherever it lives: TIGHTEN, KEEP, REVERT.
 */
export function editLessons(
  mainCheckout: string,
  path: string,
  edit: (content: string) => FileEdit<{ line: string }>,
  options: EditOptions = {},
): FileEdit<{ line: string }> {
  if (!lessonsPaths(mainCheckout).includes(path)) {
    return { ok: false, reason: `not a lessons file of the project: ${path}` };
  }
  return editRulesFile(mainCheckout, path, edit, options);
}

/** Tightens a lesson in place, in whichever lessons file holds it. */
export function replaceLesson(
  mainCheckout: string,
  oldText: string,
  newText: string,
  options: EditOptions = {},
): FileEdit<{ line: string; path: string }> {
  const path = lessonsFileHolding(mainCheckout, oldText);
  if (path === undefined) return { ok: false, reason: 'not-found' };
  const result = editLessons(mainCheckout, path, (c) => replaceLessonText(c, oldText, newText), options);
  return result.ok ? { ...result, path } : result;
}
