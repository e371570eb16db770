/**
 * One friction ledger row. Keys are written in this order and nothing else is stored: never a tool input,
 * a tool result or an error text (the ledger may be committed or shared; bodies can hold secrets).
 * The zod schema for reading rows back lives in read.ts so that the capture hook never loads zod.
 */
export interface LedgerRow {
  ts: string;
  session_id: string;
  event: string;
  tool: string;
  path: string;
}

/** The Claude Code hook events that the capture handler records. */
export const FRICTION_EVENTS = ['PostToolUseFailure', 'PermissionDenied', 'StopFailure'] as const;

type RowFromPayload =
  | { kind: 'row'; row: LedgerRow }
  | { kind: 'skip'; reason: string }
  | { kind: 'invalid'; reason: string };

// A session id is a UUID in practice; anything this long is not an id.
const MAX_SESSION_ID = 200;
const MAX_TOOL_NAME = 200;
// Longer than PATH_MAX on Linux: not a real path, so it is treated as a body and not stored.
const MAX_PATH = 4096;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** `tool_input.file_path`, else `tool_input.path`, else "" (over-long values are dropped, not cut). */
function pathOf(toolInput: unknown): string {
  if (!isPlainObject(toolInput)) return '';
  const path = nonEmptyString(toolInput.file_path) ?? nonEmptyString(toolInput.path) ?? '';
  return path.length > MAX_PATH ? '' : path;
}

/** Shows an untrusted value in a one-line diagnostic without letting it run long or break the line. */
function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Builds the ledger row for a parsed hook payload, validating by hand (this runs in the hook process, where
 * loading a schema library would cost start-up time). An empty `session_id` is a skip, not an error.
 */
export function rowFromHookPayload(payload: unknown, now: Date): RowFromPayload {
  if (!isPlainObject(payload)) return { kind: 'invalid', reason: 'hook input is not a JSON object' };
  const sessionId = payload.session_id;
  if (typeof sessionId !== 'string')
    return { kind: 'invalid', reason: 'hook input has no session_id string' };
  if (sessionId.length === 0) return { kind: 'skip', reason: 'empty session_id' };
  if (sessionId.length > MAX_SESSION_ID) {
    return { kind: 'invalid', reason: `session_id is longer than ${MAX_SESSION_ID} characters` };
  }
  const event = payload.hook_event_name;
  if (typeof event !== 'string' || !(FRICTION_EVENTS as readonly string[]).includes(event)) {
    return {
      kind: 'invalid',
      reason: `hook_event_name ${describeValue(event)} is not one of ${FRICTION_EVENTS.join(', ')}`,
    };
  }
  const toolName = typeof payload.tool_name === 'string' ? payload.tool_name : '';
  return {
    kind: 'row',
    row: {
      ts: now.toISOString(),
      session_id: sessionId,
      event,
      tool: toolName.length > MAX_TOOL_NAME ? '' : toolName,
      path: pathOf(payload.tool_input),
    },
  };
}
