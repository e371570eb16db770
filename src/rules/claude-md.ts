import { join } from 'node:path';
import { readProjectTextIfExists } from '../fsx/index.js';
import { ruleTextToWrite } from './directives.js';
import { type EditOptions, editRulesFile, type FileEdit } from './edit.js';
import { readLessonItems } from './lessons.js';
import { dominantEol, splitLines } from './lines.js';
import { lessonsPaths } from './targets.js';

/** The begin marker of the managed section a `retro` option keeps (the option is named for a person reading the file). */
function managedBegin(option: string): string {
  return `<!-- retrospect:lessons:begin (managed by retrospect retro ${option}; edits here are replaced) -->`;
}

export const MANAGED_BEGIN = managedBegin('--also-claude-md');
export const MANAGED_END = '<!-- retrospect:lessons:end -->';
const BEGIN_PREFIX = '<!-- retrospect:lessons:begin';

/** An instruction file an agent loads from the project's root, and the `retro` option that keeps it. */
export interface InstructionFile {
  /** `CLAUDE.md`, `AGENTS.md`, `GEMINI.md`. */
  name: string;
  option: string;
}

export const CLAUDE_MD: InstructionFile = { name: 'CLAUDE.md', option: '--also-claude-md' };

/**
 * The project's CLAUDE.md (or another agent's instruction file) with its managed section holding the
 * current lessons (the agent loads that file, not the lessons file). Only the lines between the two
 * markers are ever rewritten; without markers the section is appended at the end. Every other byte stays
 * as it was.
 */
export function withManagedLessons(
  content: string,
  lessons: readonly string[],
  file: InstructionFile = CLAUDE_MD,
): FileEdit<{ changed: boolean }> {
  const lines = splitLines(content);
  const eol = dominantEol(lines);
  const section = [
    managedBegin(file.option),
    '## Lessons from session retrospectives',
    '',
    ...lessons.map((l) => `- ${l}`),
    MANAGED_END,
  ];
  const begin = lines.findIndex((l) => l.content.startsWith(BEGIN_PREFIX));
  const end = begin < 0 ? -1 : lines.findIndex((l, i) => i > begin && l.content === MANAGED_END);
  let next: string;
  if (begin >= 0 && end > begin) {
    const before = lines
      .slice(0, begin)
      .map((l) => l.content + l.eol)
      .join('');
    const after = lines
      .slice(end + 1)
      .map((l) => l.content + l.eol)
      .join('');
    const endEol = lines[end]?.eol ?? '';
    next = `${before}${section.join(eol)}${endEol}${after}`;
  } else if (begin >= 0) {
    return {
      ok: false,
      reason: `the managed section of ${file.name} has a begin marker without its end marker`,
    };
  } else {
    if (lessons.length === 0) return { ok: true, content, changed: false };
    const separator =
      content === '' ? '' : content.endsWith('\n') || content.endsWith('\r') ? eol : `${eol}${eol}`;
    next = `${content}${separator}${section.join(eol)}${eol}`;
  }
  return { ok: true, content: next, changed: next !== content };
}

/**
 * Brings the managed lessons section of `<main checkout>/CLAUDE.md` up to date with the lessons files. A
 * lesson that is not prose (a command, a link: see checkRuleText; a hand edit or a committed file may hold
 * one) is not copied into the file Claude Code loads; it is listed in `refused` for a person to look at.
 */
export function syncClaudeMdLessons(
  mainCheckout: string,
  options: EditOptions = {},
  file: InstructionFile = CLAUDE_MD,
): FileEdit<{ changed: boolean; refused: string[] }> {
  const lessons: string[] = [];
  const refused: string[] = [];
  for (const path of lessonsPaths(mainCheckout)) {
    for (const { text } of readLessonItems(readProjectTextIfExists(mainCheckout, path) ?? '')) {
      const checked = ruleTextToWrite(text);
      if (checked.ok) lessons.push(checked.text);
      else if (checked.reason !== 'empty-text') refused.push(text);
    }
  }
  const result = editRulesFile(
    mainCheckout,
    join(mainCheckout, file.name),
    (c) => withManagedLessons(c, lessons, file),
    options,
  );
  return result.ok ? { ...result, refused } : result;
}
