import { CONTINUATION_PREFIX, SYSTEM_NOTIFICATION_RE } from '../signals.js';
import { isContinuation } from './lexicon.js';

/**
 * What a user-channel text is, to the calibrated gate. Claude Code writes a person's typing, its own
 * markers (interrupts, the plan hand-off, a compaction summary) and wrapped command output on the same
 * channel; only `human` and `continue` are a person talking, and `pasted`: the person's words opening a
 * turn whose paste further down holds a lower-case tag (a browser console's `<illegal path>`, code's
 * `NSArray<float>`), which a harness notice holds too (version 10).
 */
export type HumanTextKind = 'human' | 'pasted' | 'continue' | 'interrupt' | 'plan' | 'summary' | 'wrapped';

/** IDE context Claude Code prepends to what the person typed; the typing follows it. */
const IDE_CONTEXT_RE = /^\s*(?:<(ide_[a-z_]+|system-reminder)>[\s\S]*?<\/\1>\s*)+/u;

const INTERRUPT_PREFIX = '[Request interrupted by user';
/** One-line notices Claude Code itself writes on the user channel. */
const HARNESS_LINE_RE =
  /^(?:Unknown (?:skill|command|slash command): \S+|\[Image #\d+\]|\[Pasted text #\d+[^\]]*\])\s*$/u;
const PLAN_PREFIX = 'Implement the following plan';

/** A one-line notice Claude Code wrote on the user channel (`Unknown skill: x`, a bare `[Image #1]`), not typing. */
export function isHarnessLine(typed: string): boolean {
  return HARNESS_LINE_RE.test(typed.trim());
}

const COMMAND_RE = /<command-name>[^<]*<\/command-name>/u;
const COMMAND_ARGS_RE = /<command-args>([\s\S]*?)<\/command-args>/u;

/**
 * What the person typed: the text with leading IDE context (`<ide_opened_file>`, `<ide_selection>`)
 * removed, and for a slash command the arguments they gave it (`/review the skill, not the design doc`).
 */
export function typedText(text: string): string {
  if (COMMAND_RE.test(text)) return COMMAND_ARGS_RE.exec(text)?.[1]?.trim() ?? '';
  const match = IDE_CONTEXT_RE.exec(text);
  return match ? text.slice(match[0].length) : text;
}

const COMMAND_NAME_RE = /<command-name>\/?([^<\s]*)<\/command-name>/u;

/**
 * Claude Code's own commands for managing the session, not asking the agent for work. After an interrupt
 * or a refusal, running one of these is moving on, not redirecting the agent.
 */
const SESSION_COMMANDS = new Set([
  'add-dir',
  'agents',
  'bashes',
  'clear',
  'compact',
  'config',
  'context',
  'cost',
  'doctor',
  'exit',
  'export',
  'help',
  'hooks',
  'ide',
  'login',
  'logout',
  'mcp',
  'memory',
  'model',
  'output-style',
  'permissions',
  'plugin',
  'privacy-settings',
  'rate-limit-options',
  'release-notes',
  'resume',
  'rewind',
  'status',
  'statusline',
  'terminal-setup',
  'theme',
  'todos',
  'upgrade',
  'usage',
  'vim',
]);

/**
 * What a slash command run with no arguments is: `session` for Claude Code's own session management
 * (`/clear`, `/compact`, `/model`), `request` for a command that asks the agent for work (a skill or a
 * project command, `/review`, `/init`); undefined for anything else.
 */
export function bareCommandKind(text: string): 'session' | 'request' | undefined {
  if (!COMMAND_RE.test(text) || typedText(text) !== '') return undefined;
  const name = COMMAND_NAME_RE.exec(text)?.[1] ?? '';
  return SESSION_COMMANDS.has(name) ? 'session' : 'request';
}

/** The command's name as typed (`/flow-convert`), for a reason text. */
export function commandName(text: string): string {
  return `/${COMMAND_NAME_RE.exec(text)?.[1] ?? ''}`;
}

export function humanTextKind(typed: string): HumanTextKind {
  const trimmed = typed.trimStart();
  if (trimmed.startsWith(INTERRUPT_PREFIX)) return 'interrupt';
  if (trimmed.startsWith(PLAN_PREFIX)) return 'plan';
  if (trimmed.startsWith(CONTINUATION_PREFIX)) return 'summary';
  if (HARNESS_LINE_RE.test(trimmed)) return 'wrapped';
  if (trimmed.length === 0) return 'wrapped';
  if (SYSTEM_NOTIFICATION_RE.test(trimmed))
    return trimmed.startsWith('<') || SYSTEM_NOTIFICATION_RE.test(reactionOf(trimmed)) ? 'wrapped' : 'pasted';
  return isContinuation(trimmed) ? 'continue' : 'human';
}

/** How much of a turn is read for corrections: a reaction comes first; what follows is often a paste. */
const CORRECTION_HEAD = 280;

/**
 * The part of a turn read for corrections: its first line, at most CORRECTION_HEAD characters. A reaction
 * opens the turn; the lines below it are usually a paste (a log, a config, another tool's answer) whose
 * words ("# $1 hard stop", "revert on failure") are not the person's.
 */
export function reactionOf(typed: string): string {
  // A typographic apostrophe (macOS and phone keyboards type "doesn’t") reads as the plain one the phrases use.
  const head = typed.trimStart().slice(0, CORRECTION_HEAD).replaceAll('\u2019', "'");
  const lineEnd = head.indexOf('\n');
  const line = lineEnd > 0 ? head.slice(0, lineEnd) : head;
  // "continua em  branco": people type double spaces, and the phrases hold single ones (version 12).
  return line.includes('  ') || line.includes('\t') ? line.replace(SPACES_IN_LINE_RE, ' ') : line;
}

const SPACES_IN_LINE_RE = /[ \t]{2,}|\t/gu;

/** Scripts written without spaces between words: their characters are counted, about two to a word. */
const UNSPACED_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;
const URL_RE = /^(?:https?:\/\/|www\.)\S+$/iu;
const OPTION_RE = /^[a-z0-9]{1,2}[.)]?$/iu;

const SPACE_RUN_RE = /\s+/gu;

/**
 * Words in a short reply: whitespace tokens, a token in a script without spaces counting one word per two
 * of its characters. Undefined for replies that are never "terse" in the S5 sense: a pasted URL, an option
 * picked from the agent's list ("2", "B"), a slash command. Counting stops once past `limit` (the count
 * returned is then above it, and a URL further on is not looked for): a reply that long is not terse, and
 * a pasted log is not split into thousands of tokens to learn it.
 */
export function replyWords(typed: string, limit = Number.POSITIVE_INFINITY): number | undefined {
  const trimmed = typed.trim();
  if (/^[/@]/u.test(trimmed) || URL_RE.test(trimmed) || OPTION_RE.test(trimmed)) return undefined;
  let words = 0;
  let start = 0;
  SPACE_RUN_RE.lastIndex = 0;
  while (start <= trimmed.length && words <= limit) {
    const space = SPACE_RUN_RE.exec(trimmed);
    const end = space ? space.index : trimmed.length;
    const token = trimmed.slice(start, end);
    start = space ? space.index + space[0].length : trimmed.length + 1;
    if (token === '') continue;
    if (URL_RE.test(token)) return undefined;
    const unspaced = token.match(UNSPACED_RE)?.length ?? 0;
    words += unspaced === 0 ? 1 : Math.ceil(unspaced / 2) + (token.length > unspaced ? 1 : 0);
  }
  return words;
}
