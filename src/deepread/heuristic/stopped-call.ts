import type { ToolCall } from '../message.js';
import { commandKind } from './commands.js';
import type { Pattern } from './rules.js';
import { EDIT_TOOLS, isQuestion } from './text.js';

/**
 * The rule a call the user stopped (rejected at the prompt, or interrupted while it ran) points to, when
 * the call itself says enough: an edit made while the user was only asking, an edit the user did not
 * want, a command that waits for a person, or one that changes the system unasked. Undefined when the
 * call alone does not explain the stop.
 */
export function stoppedCallPattern(call: ToolCall, request: string | undefined): Pattern | undefined {
  if (EDIT_TOOLS.has(call.name))
    return request !== undefined && isQuestion(request) ? 'premature edit' : 'unwanted edit';
  if (call.command !== undefined) {
    const kind = commandKind(call.command);
    if (kind === 'interactive') return 'interactive command';
    if (kind === 'system-changing') return 'unasked command';
  }
  return undefined;
}
