import { isObject, type Json, num, str } from '../json-value.js';
import type { ToolOutput } from '../messages.js';
import { type CodexOutcome, displayedOutput, outcomeOfOutput, outputText } from './failure.js';
import { type CodexReadState, lineId } from './read-state.js';

/** Records a call's result as a tool output message; a failed call counts as a tool error. */
function recordResult(
  state: CodexReadState,
  lineNo: number,
  callId: string,
  outcome: CodexOutcome,
  text: string,
  timestamp?: string,
): void {
  state.calls.settled.add(callId);
  state.calls.pending.delete(callId);
  const failed = (outcome.kind === 'exit' && outcome.code !== 0) || outcome.kind === 'failed';
  const aborted = outcome.kind === 'aborted';
  if (failed) state.session.turns.toolErrors++;
  const output: ToolOutput = {
    toolUseId: callId,
    isError: failed || aborted,
    ...(aborted ? { refused: true } : {}),
    text: displayedOutput(text),
  };
  state.messages.push({
    id: callId || lineId(lineNo),
    lineNo,
    role: 'user',
    sidechain: state.subagent,
    meta: false,
    text: '',
    toolCalls: [],
    toolOutputs: [output],
    ...(timestamp ? { timestamp } : {}),
  });
}

/**
 * A `write_stdin` call's output: a process still running is answered later; the end of a process answers
 * the command that started it (a write that failed is the write's own). True when the output is handled.
 */
function settledByWrite(
  state: CodexReadState,
  callId: string,
  args: Json,
  outcome: CodexOutcome,
  lineNo: number,
  text: string,
  timestamp?: string,
): boolean {
  const { runningBySession, endedSessions, settled, reported } = state.calls;
  const target =
    str(args.session_id) ?? (num(args.session_id) !== undefined ? String(args.session_id) : undefined);
  const original = target !== undefined ? runningBySession.get(target) : undefined;
  if (
    outcome.kind === 'running' ||
    (target !== undefined && endedSessions.has(target) && outcome.kind === 'exit')
  ) {
    settled.add(callId); // still running (the answer comes later), or its end was reported already
    return true;
  }
  if (original !== undefined && !settled.has(original) && outcome.kind !== 'failed') {
    runningBySession.delete(target!);
    endedSessions.add(target!);
    recordResult(state, lineNo, original, reported.get(original) ?? outcome, text, timestamp);
    settled.add(callId);
    return true;
  }
  return false;
}

/** A call's output item: its result now, or, for a process still running, when its end is reported. */
export function onOutput(state: CodexReadState, item: Json, lineNo: number, timestamp?: string): void {
  const callId = str(item.call_id) ?? '';
  if (state.calls.settled.has(callId)) return;
  const text = outputText(item.output);
  const call = state.calls.calls.get(callId);
  const outcome = state.calls.reported.get(callId) ?? outcomeOfOutput(text);
  if (
    call?.name === 'write_stdin' &&
    settledByWrite(state, callId, call.args, outcome, lineNo, text, timestamp)
  )
    return;
  if (outcome.kind === 'running') {
    state.calls.runningBySession.set(outcome.session, callId);
    state.calls.pending.add(callId);
    return;
  }
  recordResult(state, lineNo, callId, outcome, text, timestamp);
}

/** An outcome an event reports for a call: kept for its output, or the call's end when it was running. */
export function onEventOutcome(
  state: CodexReadState,
  callId: string,
  outcome: CodexOutcome,
  lineNo: number,
  text: string,
  timestamp?: string,
): void {
  const { settled, reported, pending, runningBySession, endedSessions } = state.calls;
  if (!callId || settled.has(callId)) return;
  reported.set(callId, outcome);
  // An exit reported after the output said "running": the call ends here.
  if (pending.has(callId)) {
    for (const [key, value] of runningBySession) {
      if (value !== callId) continue;
      runningBySession.delete(key);
      endedSessions.add(key);
    }
    recordResult(state, lineNo, callId, outcome, text, timestamp);
  }
}

/** Whether an `mcp_tool_call_end` result is an error (`Err`, or `Ok` marked isError). */
export function mcpResultFailed(result: unknown): boolean {
  const res = isObject(result) ? result : undefined;
  return res !== undefined && ('Err' in res || (isObject(res.Ok) && res.Ok.isError === true));
}
