import { stripTrialComment } from '../trial/meta.js';
import { cleanRuleText } from './directives.js';
import { type EditOptions, editRulesFile, type FileEdit } from './edit.js';
import { appendLine, joinLines, splitLines } from './lines.js';
import { lessonsPath } from './targets.js';

const LESSON_ITEM = /^[ \t]*[-*][ \t]+(\S.*)$/;

/** A lesson for plain Claude: one `- <text>` line of `.claude/memory/claude/lessons.md`. */
export interface LessonItem {
  lineIndex: number;
  line: string;
  text: string;
}

/** Every bulleted lesson of the file, in file order. */
export function readLessonItems(content: string): LessonItem[] {
  const items: LessonItem[] = [];
  splitLines(content).forEach((line, lineIndex) => {
    const match = LESSON_ITEM.exec(line.content);
    if (match) items.push({ lineIndex, line: line.content, text: stripTrialComment(match[1] ?? '').trim() });
  });
  return items;
}

/** Appends `- <text>` to the lessons text; other lines stay byte for byte. */
export function appendLessonText(content: string, text: string): FileEdit<{ line: string }> {
  const clean = cleanRuleText(text);
  if (clean === '') return { ok: false, reason: 'empty-text' };
  const line = `- ${clean}`;
  return { ok: true, content: joinLines(appendLine(splitLines(content), line)), line };
}

/**
 * Replaces one lesson's text (TIGHTEN), keeping its bullet and indentation; other lines stay byte for
 * byte. The lesson is found by its text, the first one on a tie.
 */
export function replaceLessonText(
  content: string,
  oldText: string,
  newText: string,
): FileEdit<{ line: string }> {
  const clean = cleanRuleText(newText);
  if (clean === '') return { ok: false, reason: 'empty-text' };
  const lines = splitLines(content);
  const item = readLessonItems(content).find((l) => l.text === stripTrialComment(oldText).trim());
  if (!item) return { ok: false, reason: 'not-found' };
  const bullet = /^[ \t]*[-*][ \t]+/.exec(item.line)?.[0] ?? '- ';
  const line = `${bullet}${clean}`;
  lines[item.lineIndex] = { content: line, eol: lines[item.lineIndex]!.eol };
  return { ok: true, content: joinLines(lines), line };
}

/** Appends a lesson to the project's lessons file (created with its folder when missing). */
export function appendLesson(
  mainCheckout: string,
  text: string,
  options: EditOptions = {},
): FileEdit<{ line: string }> {
  return editRulesFile(mainCheckout, lessonsPath(mainCheckout), (c) => appendLessonText(c, text), options);
}

/** Tightens a lesson of the project's lessons file in place. */
export function replaceLesson(
  mainCheckout: string,
  oldText: string,
  newText: string,
  options: EditOptions = {},
): FileEdit<{ line: string }> {
  return editRulesFile(
    mainCheckout,
    lessonsPath(mainCheckout),
    (c) => replaceLessonText(c, oldText, newText),
    options,
  );
}
