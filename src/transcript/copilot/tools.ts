import { parsePatch } from '../apply-patch.js';
import { type Json, str } from '../json-value.js';
import { summarizedCall, type ToolCall, type ToolKind } from '../messages.js';
import type { EditCall } from '../types.js';
import { type FileWrite, patchWrites, piece } from '../written.js';

/**
 * GitHub Copilot CLI's tools. 1.x edits with `edit` and creates with `create` (`path`); 0.0.3xx used
 * `str_replace_editor` with a `command` (`create`, `str_replace`, `insert`, `view`). Shell tools are `bash`
 * and `powershell` (and their `read_`/`write_`/`stop_` companions for a running shell); their result
 * ends `<exited with exit code N>`, while `success` stays true.
 */

const KINDS: Record<string, ToolKind> = {
  bash: 'shell',
  powershell: 'shell',
  read_bash: 'shell',
  write_bash: 'shell',
  stop_bash: 'shell',
  read_powershell: 'shell',
  write_powershell: 'shell',
  stop_powershell: 'shell',
  view: 'read',
  edit: 'edit',
  create: 'write',
  apply_patch: 'edit',
  grep: 'search',
  glob: 'search',
  task: 'agent',
  read_agent: 'agent',
  report_intent: 'plan',
  think: 'plan',
  update_todo: 'plan',
};

const EXIT_CODE = /<exited with exit code (-?\d+)>/;

function kindOf(name: string, args: Json): ToolKind {
  if (name === 'str_replace_editor') {
    const command = str(args.command);
    return command === 'create' ? 'write' : command === 'view' ? 'read' : 'edit';
  }
  return KINDS[name] ?? 'other';
}

export function copilotToolCall(id: string, name: string, args: Json): ToolCall {
  const kind = kindOf(name, args);
  return summarizedCall({
    id,
    name,
    kind,
    command: kind === 'shell' ? str(args.command) : undefined,
    path: str(args.path) ?? str(args.file_path),
    pattern: str(args.pattern) ?? str(args.query),
    description: str(args.description) ?? str(args.intent) ?? str(args.prompt),
    input: args,
  });
}

/** The files a call writes: `edit`, `create` (a Write), `str_replace_editor` except `view`, patches. */
export function copilotEdits(name: string, args: Json): EditCall[] {
  const kind = kindOf(name, args);
  if (kind !== 'edit' && kind !== 'write') return [];
  const path = str(args.path) ?? str(args.file_path);
  if (path) return [{ tool: kind === 'write' ? 'Write' : name, path }];
  const patch = str(args.input) ?? str(args.patch);
  if (patch === undefined) return [];
  return parsePatch(patch)
    .filter((file) => file.op !== 'delete')
    .map((file) => ({ tool: file.op === 'add' ? 'Write' : name, path: file.moveTo ?? file.path }));
}

/** The exit code a shell result reports (`<exited with exit code N>`), when it reports one. */
export function exitCodeOf(text: string): number | undefined {
  const match = EXIT_CODE.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** Error texts of a call the person declined or stopped. */
export const REFUSED =
  /user (?:rejected|denied|declined|cancelled|canceled)|denied by the user|The user (?:chose|did not)|aborted|interrupted/i;

/** What a call wrote: `edit`'s old and new string, `create`'s file text, or a patch per file and hunk. */
export function copilotWrites(id: string, name: string, args: Json): FileWrite[] {
  const kind = kindOf(name, args);
  if (kind !== 'edit' && kind !== 'write') return [];
  const path = str(args.path) ?? str(args.file_path);
  if (path === undefined) {
    const patch = str(args.input) ?? str(args.patch);
    return patch === undefined ? [] : patchWrites(id, name, parsePatch(patch));
  }
  const pieces =
    kind === 'write'
      ? piece(name === 'create' || str(args.command) === 'create' ? '' : undefined, str(args.file_text))
      : piece(str(args.old_str), str(args.new_str));
  return [{ callId: id, tool: name, path, pieces }];
}
