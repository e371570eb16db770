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

/** Appends a lesson to the project's lessons file (created with its folder when missing). */
export function appendLesson(
  mainCheckout: string,
  text: string,
  options: EditOptions = {},
): FileEdit<{ line: string }> {
  return editRulesFile(mainCheckout, lessonsPath(mainCheckout), (c) => appendLessonText(c, text), options);
}
