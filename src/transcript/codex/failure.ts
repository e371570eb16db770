import { isObject, parseObject } from '../json-value.js';

/**
 * Where Codex records that a tool call failed. A rollout has no error flag on a tool's output: the exit code
 * is written into the output text, in a shape that changed with each tool generation.
 * - Extended persistence adds `exec_command_end` events with `exit_code` (and `patch_apply_end` with
 *   `success`): authoritative when present (see CodexCallLedger).
 * - `shell` and early `apply_patch` (≤ ~0.4x): the output is a JSON string `{"output", "metadata":
 *   {"exit_code"}}`.
 * - `shell_command` (~0.5x–0.9x) and later apply_patch: a header `Exit code: N\nWall time: …\nOutput:`.
 * - unified exec (`exec_command` / `write_stdin`, ≥ ~0.100): `Chunk ID: …\nWall time: …\nProcess exited
 *   with code N`, or `Process running with session ID K` — no result yet: the exit code arrives in a later
 *   `write_stdin` output for session K.
 * - plain failures without a code: `apply_patch verification failed`, sandbox denials, `write_stdin failed`,
 *   and a run the person stopped (`aborted by user`).
 */
export type CodexOutcome =
  | { kind: 'exit'; code: number }
  | { kind: 'running'; session: string }
  | { kind: 'failed' }
  | { kind: 'aborted' }
  | { kind: 'unknown' };

/** How much of an output's head is searched for its status line (headers open the output). */
const HEAD = 600;

const PROCESS_EXITED = /^Process exited with code (-?\d+)\s*$/m;
const PROCESS_RUNNING = /^Process running with session ID (\S+)/m;
const EXIT_CODE_HEADER = /^Exit code: (-?\d+)\s*$/m;
const ABORTED = /^(?:Wall time: [^\n]*\n)?aborted by user\b/m;
const FAILED_TEXT =
  /^(?:apply_patch verification failed|failed in sandbox|write_stdin failed|execution error|Failed to find expected lines|patch rejected|error: )/;

/** The text of an output value: a string, or the text items of a content list. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const parts: string[] = [];
    for (const item of output) {
      if (isObject(item) && typeof item.text === 'string') parts.push(item.text);
      else if (isObject(item) && (item.type === 'input_image' || item.type === 'image'))
        parts.push('[image]');
    }
    return parts.join('\n');
  }
  if (isObject(output)) {
    if (typeof output.content === 'string') return output.content;
    return JSON.stringify(output);
  }
  return '';
}

/** What a tool's output says about how the call went. */
export function outcomeOfOutput(text: string): CodexOutcome {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    const legacy = parseObject(trimmed);
    const metadata = legacy && isObject(legacy.metadata) ? legacy.metadata : undefined;
    if (metadata && typeof metadata.exit_code === 'number') return { kind: 'exit', code: metadata.exit_code };
  }
  const head = trimmed.slice(0, HEAD);
  const exited = PROCESS_EXITED.exec(head) ?? EXIT_CODE_HEADER.exec(head);
  if (exited) return { kind: 'exit', code: Number(exited[1]) };
  const running = PROCESS_RUNNING.exec(head);
  if (running) return { kind: 'running', session: running[1]! };
  if (ABORTED.test(head)) return { kind: 'aborted' };
  if (FAILED_TEXT.test(trimmed)) return { kind: 'failed' };
  return { kind: 'unknown' };
}

/** The legacy JSON output's own text (`{"output": …}`), else the text as it is. */
export function displayedOutput(text: string): string {
  if (!text.trimStart().startsWith('{')) return text;
  const legacy = parseObject(text.trim());
  return legacy && typeof legacy.output === 'string' ? legacy.output : text;
}
