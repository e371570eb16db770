import { pyTruthy } from '../../pyjson.js';
import type { EditCall } from '../../types.js';
import {
  ABSENT,
  type BlockView,
  type LineView,
  parsedValueOf,
  STRING,
  STRING_ESCAPED,
  stringOf,
  TYPE_TEXT,
  TYPE_TOOL_RESULT,
  TYPE_TOOL_USE,
  type ValueRef,
} from './line.js';

/**
 * Reading the fields of a scanned line (a LineView over the line's bytes) the way the plain reader reads
 * them from the parsed object (claude/normalise.ts): the event builder and the gate's direct turn reader
 * share these, so both decode exactly what the oracle would.
 */

const EDIT_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];
const EDIT_TOOL_BYTES = EDIT_TOOLS.map((tool) => Buffer.from(tool));

/** Shared by every turn without tool results or edits (most of them): frozen, so nobody can add to it. */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** The edit tool a tool_use `name` names, compared on its bytes (a tool name is decoded only when escaped). */
function editToolOf(b: Buffer, r: ValueRef): string | undefined {
  if (r.kind === STRING) {
    // A byte loop: Buffer#compare's argument checks cost more than these few bytes.
    for (let k = 0; k < EDIT_TOOLS.length; k++) {
      const word = EDIT_TOOL_BYTES[k]!;
      if (word.length !== r.end - r.start) continue;
      let same = true;
      for (let i = 0; same && i < word.length; i++) same = b[r.start + i] === word[i];
      if (same) return EDIT_TOOLS[k];
    }
    return undefined;
  }
  if (r.kind !== STRING_ESCAPED) return undefined;
  const name = stringOf(b, r);
  return EDIT_TOOLS.includes(name) ? name : undefined;
}

export function isString(r: ValueRef): boolean {
  return r.kind === STRING || r.kind === STRING_ESCAPED;
}

/** A non-empty string value (empty raw content is the empty string: an escape is never empty). */
export function nonEmptyString(b: Buffer, r: ValueRef): string | undefined {
  return isString(r) && r.end > r.start ? stringOf(b, r) : undefined;
}

/** The value of a ref when it is truthy (Python rules), whatever its JSON type; else undefined. */
function truthyValue(b: Buffer, r: ValueRef): string | undefined {
  if (r.kind === ABSENT) return undefined;
  if (isString(r)) return r.end > r.start ? stringOf(b, r) : undefined;
  const value = parsedValueOf(b, r);
  return pyTruthy(value) ? (value as string) : undefined;
}

/** `uuid`, else `messageId`, else `line:<n>`: the first truthy one, whatever its JSON type. */
export function messageIdOf(b: Buffer, view: LineView, lineNo: number): string {
  return truthyValue(b, view.uuid) ?? truthyValue(b, view.messageId) ?? `line:${lineNo}`;
}

/** The text of a turn: string content, or the non-empty text blocks joined with `\n`. */
export function textOf(b: Buffer, view: LineView): string {
  if (isString(view.content)) return stringOf(b, view.content);
  if (!view.contentIsArray) return '';
  const parts: string[] = [];
  for (let k = 0; k < view.blockCount; k++) {
    const block = view.blocks[k]!;
    if (block.isObject && block.type === TYPE_TEXT) {
      const text = nonEmptyString(b, block.text);
      if (text !== undefined) parts.push(text);
    }
  }
  return parts.join('\n');
}

/** The edit a tool_use block makes (Edit, Write, MultiEdit, NotebookEdit with a path), if any. */
export function editOf(b: Buffer, block: BlockView): EditCall | undefined {
  if (!block.inputIsObject) return undefined;
  const tool = editToolOf(b, block.name);
  if (tool === undefined) return undefined;
  const path =
    nonEmptyString(b, block.filePath) ??
    nonEmptyString(b, block.notebookPath) ??
    nonEmptyString(b, block.path);
  return path === undefined ? undefined : { tool, path };
}

/** The `is_error` truthiness of each tool_result block, in order (a shared, frozen empty array for none). */
export function toolResultErrorsOf(view: LineView): boolean[] {
  let errors: boolean[] = NONE;
  const count = view.contentIsArray ? view.blockCount : 0;
  for (let k = 0; k < count; k++) {
    const block = view.blocks[k]!;
    if (block.isObject && block.type === TYPE_TOOL_RESULT) {
      if (errors === NONE) errors = [];
      errors.push(block.isErrorTruthy);
    }
  }
  return errors;
}

/** The edits of an assistant line's tool_use blocks, in order (a shared, frozen empty array for none). */
export function editsOf(b: Buffer, view: LineView): EditCall[] {
  let edits: EditCall[] = NONE;
  const count = view.contentIsArray ? view.blockCount : 0;
  for (let k = 0; k < count; k++) {
    const block = view.blocks[k]!;
    if (block.isObject && block.type === TYPE_TOOL_USE) {
      const edit = editOf(b, block);
      if (!edit) continue;
      if (edits === NONE) edits = [];
      edits.push(edit);
    }
  }
  return edits;
}
