import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../fsx/read-regular.js';
import { isObject, textOf } from './claude/normalise.js';
import { parseJsonPrefix } from './json-prefix.js';
import { parseObjectLine } from './parse.js';
import { pyTruthy } from './pyjson.js';

/**
 * Retrospect's own runs. The claude-cli provider sends its prompt to `claude -p`, and Claude Code keeps a
 * transcript of that run in the user's projects folder like any other session. Every such prompt starts
 * with a marker line, so that scan, retro and the trial reviews can tell those transcripts apart from the
 * user's work: analysing them would be noise, and a retro reading its own analysis is a feedback loop.
 */

/** The marker line that opens every prompt the claude-cli provider sends: `<!-- retrospect:own-run deep-read -->`. */
export function ownRunMarker(purpose: string): string {
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(purpose))
    throw new Error(`an own-run purpose is a short lowercase word, got '${purpose}'`);
  return `<!-- retrospect:own-run ${purpose} -->`;
}

/** The marker at the very start of a prompt (leading whitespace aside); anywhere else it does not count. */
const MARKED = /^\s*<!-- retrospect:own-run [a-z][a-z0-9-]{0,31} -->/;

/** Whether a session's opening prompt is one Retrospect sent. */
export function isOwnRunPrompt(text: string): boolean {
  return MARKED.test(text);
}

/**
 * Bytes of a transcript read at most to find its opening prompt. The prompt-bearing line is among the first
 * few of a session, and the marker is the prompt's first line, so the head is enough even when that line
 * (the whole prompt) is far longer. The first read takes FIRST_READ_BYTES, which settles almost every file.
 */
export const OWN_RUN_HEAD_BYTES = 64 * 1024;
const FIRST_READ_BYTES = 4 * 1024;
/** A cut-off prompt this long holds the whole marker, if it has one. */
const ENOUGH_PROMPT_CHARS = 80;

function readHead(fd: number, bytes: number): Buffer {
  const buffer = Buffer.allocUnsafe(bytes); // only the filled part is used
  let filled = 0;
  while (filled < bytes) {
    const read = readSync(fd, buffer, filled, bytes - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

function promptText(content: unknown): string | undefined {
  if (Array.isArray(content) && content.some((b) => isObject(b) && b.type === 'tool_result'))
    return undefined;
  const text = textOf(content);
  return text.length > 0 ? text : undefined;
}

/**
 * The prompt a transcript line carries: a user turn a person (or `claude -p`) sent — not meta, not tool
 * results — or a prompt Claude Code queued on receipt (`queue-operation` / `enqueue`, written before the
 * user turn in print mode). Undefined for every other line.
 */
function promptOf(line: unknown): string | undefined {
  if (!isObject(line)) return undefined;
  if (line.type === 'queue-operation')
    return line.operation === 'enqueue' ? promptText(line.content) : undefined;
  if (line.type !== 'user' || pyTruthy(line.isMeta) || !isObject(line.message)) return undefined;
  return promptText(line.message.content);
}

/**
 * The verdict the head of a file gives: own run or not, or undefined when it ends before the opening
 * prompt (or inside its first characters) and more of the file may tell. `whole`: the head is the file.
 */
function decide(head: Buffer, whole: boolean): boolean | undefined {
  let start = 0;
  while (start < head.length) {
    const newline = head.indexOf(10, start);
    const cut = newline < 0 && !whole;
    const end = newline < 0 ? head.length : newline;
    // A whole line is parsed natively; only a line the head cut off needs the prefix parser.
    const line = cut
      ? parseJsonPrefix(head.toString('utf8', start, end)).value
      : parseObjectLine(head, start, end);
    const prompt = promptOf(line);
    if (prompt !== undefined && (!cut || prompt.length >= ENOUGH_PROMPT_CHARS)) return isOwnRunPrompt(prompt);
    if (cut) return undefined;
    start = end + 1;
  }
  return whole ? false : undefined;
}

/**
 * Whether a transcript is one of Retrospect's own runs: its first prompt-bearing line (see promptOf)
 * starts with the own-run marker. Reads the first 4 KB, and more only while they end before the opening
 * prompt, up to OWN_RUN_HEAD_BYTES; a cut-off line is read as far as it goes. A session whose opening
 * prompt is not in that head, or an unreadable file, is not an own run. Never modifies the file.
 */
export function isOwnRunTranscript(path: string): boolean {
  let fd: number;
  try {
    fd = openRegularFd(path);
  } catch {
    return false;
  }
  try {
    for (let bytes = FIRST_READ_BYTES; ; bytes *= 4) {
      const head = readHead(fd, Math.min(bytes, OWN_RUN_HEAD_BYTES));
      const whole = head.length < Math.min(bytes, OWN_RUN_HEAD_BYTES);
      const verdict = decide(head, whole);
      if (verdict !== undefined) return verdict;
      if (whole || bytes >= OWN_RUN_HEAD_BYTES) return false;
    }
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * isOwnRunTranscript's answer from a file's head already read: its first OWN_RUN_HEAD_BYTES bytes, or the
 * whole file (`whole`) when it is shorter. The head is read in the same widening steps as there, so the
 * answer is the same (a longer first read can settle a file the 4 KB read leaves open only the same way).
 */
export function isOwnRunHead(head: Buffer, whole: boolean): boolean {
  try {
    for (let bytes = FIRST_READ_BYTES; ; bytes *= 4) {
      const size = Math.min(bytes, OWN_RUN_HEAD_BYTES);
      const part = head.subarray(0, Math.min(size, head.length));
      const partWhole = whole && head.length < size;
      const verdict = decide(part, partWhole);
      if (verdict !== undefined) return verdict;
      if (partWhole || bytes >= OWN_RUN_HEAD_BYTES) return false;
    }
  } catch {
    return false;
  }
}
