import { checkRuleText } from '../safety/rule-text.js';
import { type EditOptions, editRulesFile } from './edit.js';
import { appendLine, breaksLine, joinLines, splitLines, type TextLine } from './lines.js';
import { directivesPath, type TeamAgent } from './targets.js';
import {
  annotateTrial,
  hasTrialComment,
  parseTrialLine,
  stripTrialComment,
  type TrialMeta,
} from './trial-comment.js';

/** `N. text`: indentation, number, the dot, the gap, then the rule (with its trial comment, if any). */
const NUMBERED_ITEM = /^([ \t]*)(\d+)\.([ \t]+)(\S.*)$/;

/** A rule of a directives file: one numbered line. */
interface DirectiveItem {
  /** 0-based physical line index in the file. */
  lineIndex: number;
  number: number;
  /** The whole line as it is in the file, without its terminator. */
  line: string;
  /** The rule's text: no list number, no trial comment, no surrounding whitespace. */
  text: string;
  /** Present when the line carries a complete trial comment. */
  trial?: TrialMeta;
}

/** The rule text of a numbered line: list number and trial comment are not part of it. */
function ruleTextOf(line: string): string {
  const match = NUMBERED_ITEM.exec(line);
  const body = match ? (match[4] ?? '') : line;
  return stripTrialComment(body).trim();
}

function itemAt(line: TextLine, lineIndex: number): DirectiveItem | undefined {
  const match = NUMBERED_ITEM.exec(line.content);
  if (!match) return undefined;
  const item: DirectiveItem = {
    lineIndex,
    number: Number(match[2]),
    line: line.content,
    text: stripTrialComment(match[4] ?? '').trim(),
  };
  const parsed = parseTrialLine(line.content);
  if (parsed) item.trial = { start: parsed.start, source: parsed.source, reviewAfter: parsed.reviewAfter };
  return item;
}

/** Every numbered rule of a directives file, in file order. Other lines (headings, notes) are not rules. */
export function readDirectiveItems(content: string): DirectiveItem[] {
  const items: DirectiveItem[] = [];
  splitLines(content).forEach((line, index) => {
    const item = itemAt(line, index);
    if (item) items.push(item);
  });
  return items;
}

/** Which rule an edit is about: its text (number and trial comment not included), optionally its number. */
interface DirectiveRef {
  text: string;
  number?: number;
}

/** Why a rule text is not written: nothing to write, or text that is not prose (see checkRuleText). */
type RuleTextRefusal = 'empty-text' | `refused: ${string}`;

type DirectiveEdit =
  | { ok: true; content: string; line: string; number: number }
  | { ok: false; reason: 'not-found' | 'not-a-trial' | RuleTextRefusal };

/**
 * Rule text as every writer of a rules file writes it: checked by checkRuleText (one line of prose, never a
 * command or a link, judged on its normalised forms) and kept as written, or the reason it is refused.
 */
export function ruleTextToWrite(
  text: string,
): { ok: true; text: string } | { ok: false; reason: RuleTextRefusal } {
  const check = checkRuleText(stripTrialComment(text));
  if (check.ok) return check;
  return {
    ok: false,
    reason: check.reason === 'is empty' ? 'empty-text' : `refused: the text ${check.reason}`,
  };
}

/** The writers' last word: a line that would split in two breaks the numbering and hides rules. */
export const BROKEN_LINE = "refused: the line would break the file's structure" as const;

function findItem(lines: TextLine[], ref: DirectiveRef): DirectiveItem | undefined {
  const wanted = ruleTextOf(ref.text);
  const matches: DirectiveItem[] = [];
  lines.forEach((line, index) => {
    const item = itemAt(line, index);
    if (item && item.text === wanted) matches.push(item);
  });
  return matches.find((m) => m.number === ref.number) ?? matches[0];
}

/**
 * Appends `text` as the next numbered rule (one more than the highest number in the list), with a trial
 * comment when `trial` is given (a NEW rule on trial).
 */
export function appendDirective(content: string, text: string, trial?: TrialMeta): DirectiveEdit {
  const checked = ruleTextToWrite(text);
  if (!checked.ok) return checked;
  const clean = checked.text;
  const highest = readDirectiveItems(content).reduce((max, item) => Math.max(max, item.number), 0);
  const number = highest + 1;
  const line = trial ? `${number}. ${annotateTrial(clean, trial)}` : `${number}. ${clean}`;
  if (breaksLine(line)) return { ok: false, reason: BROKEN_LINE };
  return { ok: true, content: joinLines(appendLine(splitLines(content), line)), line, number };
}

/**
 * Replaces a rule's text in place (TIGHTEN): its number, indentation and any trial comment stay; the
 * comment keeps the review going for a rule that was still on trial.
 */
export function replaceDirective(content: string, ref: DirectiveRef, newText: string): DirectiveEdit {
  const checked = ruleTextToWrite(newText);
  if (!checked.ok) return checked;
  const text = checked.text;
  const lines = splitLines(content);
  const item = findItem(lines, ref);
  if (!item) return { ok: false, reason: 'not-found' };
  const match = NUMBERED_ITEM.exec(item.line)!;
  const comment = /<!--\s*trial\s+[^>]*-->/.exec(item.line);
  const line = `${match[1]}${match[2]}.${match[3]}${text}${comment ? ` ${comment[0]}` : ''}`;
  if (breaksLine(line)) return { ok: false, reason: BROKEN_LINE };
  lines[item.lineIndex] = { content: line, eol: lines[item.lineIndex]!.eol };
  return { ok: true, content: joinLines(lines), line, number: item.number };
}

/** KEEP: the trial rule becomes permanent; only its trial comment goes. */
export function keepTrialDirective(content: string, ref: DirectiveRef): DirectiveEdit {
  const lines = splitLines(content);
  const item = findItem(lines, ref);
  if (!item) return { ok: false, reason: 'not-found' };
  if (!hasTrialComment(item.line)) return { ok: false, reason: 'not-a-trial' };
  const line = stripTrialComment(item.line);
  lines[item.lineIndex] = { content: line, eol: lines[item.lineIndex]!.eol };
  return { ok: true, content: joinLines(lines), line, number: item.number };
}

/** REVERT: the rule's line goes; the other lines, numbers included, stay byte for byte. */
export function removeDirective(content: string, ref: DirectiveRef): DirectiveEdit {
  const lines = splitLines(content);
  const item = findItem(lines, ref);
  if (!item) return { ok: false, reason: 'not-found' };
  lines.splice(item.lineIndex, 1);
  return { ok: true, content: joinLines(lines), line: item.line, number: item.number };
}

/**
 * Applies one of the edits above to an agent's directives file through the safe write path (lock, temp
 * file and rename, read-back check, restore). A missing file reads as empty and is created on append.
 */
export function editDirectives(
  mainCheckout: string,
  agent: TeamAgent,
  edit: (content: string) => DirectiveEdit,
  options: EditOptions = {},
): DirectiveEdit {
  return editRulesFile(mainCheckout, directivesPath(mainCheckout, agent), edit, options) as DirectiveEdit;
}
