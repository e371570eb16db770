import type { TranscriptMessage } from '../message.js';
import type { Citation } from '../types.js';
import { stoppedCallPattern } from './stopped-call.js';
import { Tally } from './tally.js';
import {
  cite,
  citeCall,
  citeHuman,
  citeLiteral,
  EDIT_TOOLS,
  isContinuation,
  isTooShortToQuote,
  targetOf,
} from './text.js';
import type { CallRef, Detector, Finding, SessionEvent } from './types.js';

const REFUSAL = /The user doesn't want to (?:proceed with this tool use|take this action right now)/;
/** A question widget the user dismissed is not a refused action. */
const NOT_AN_ACTION = new Set(['AskUserQuestion']);

interface Refusal {
  ref: CallRef;
  refusal: Citation | undefined;
  request: string | undefined;
}

interface Refused {
  refusal: Citation | undefined;
  /** Human turns since the refusal: a call after a correction is a new attempt, not the same one. */
  turnsSince: number;
}

/**
 * Tool calls the user refused at the permission prompt. The refused call says which rule applies (an edit
 * while the user was asking, an unwanted edit, an interactive or system-changing command, a rejected
 * plan); the reason the user typed, or the next thing they said, is cited with it. Sending the same call
 * again after a refusal, before the user has said how to proceed, is its own pattern.
 */
export class RejectionDetector implements Detector {
  private readonly tally = new Tally();
  private request: string | undefined;
  private awaiting: Refusal[] = [];
  private readonly refused = new Map<string, Refused>();
  private readonly refusedCommands: (Citation | undefined)[][] = [];

  push(event: SessionEvent): void {
    if (event.kind === 'human') {
      for (const r of this.awaiting) this.resolve(r, event.message, event.text);
      this.awaiting = [];
      this.age(isContinuation(event.text));
      this.request = event.text;
      return;
    }
    if (event.kind === 'call') {
      this.checkRetry(event.message, event.call);
      return;
    }
    if (event.kind !== 'result' || event.rejection === undefined || event.call === undefined) return;
    if (NOT_AN_ACTION.has(event.call.call.name)) return;
    const refusal = cite(event.message.id, event.output.text, REFUSAL);
    const record = { ref: event.call, refusal, request: this.request };
    const reason = event.rejection.reason;
    // An edit of the same file right after a refusal that said what to change follows that reason.
    if (reason === undefined || !EDIT_TOOLS.has(event.call.call.name))
      this.refused.set(targetOf(event.call.call), { refusal, turnsSince: 0 });
    if (reason === undefined) {
      this.awaiting.push(record);
      return;
    }
    this.classify(record, citeLiteral(event.message.id, event.output.text, reason), true);
  }

  private resolve(r: Refusal, reply: TranscriptMessage, text: string): void {
    const quotable = !isContinuation(text) && !isTooShortToQuote(text);
    this.classify(r, quotable ? citeHuman(reply, text) : undefined, false);
  }

  /** `typed`: the reason was typed at the prompt itself, so it is about this call for sure. */
  private classify(r: Refusal, reason: Citation | undefined, typed: boolean): void {
    const call = citeCall(r.ref.messageId, r.ref.call);
    if (r.ref.call.name === 'ExitPlanMode') {
      if (reason) this.tally.add('rejected action', [reason, r.refusal], 0.45);
      return;
    }
    const pattern = stoppedCallPattern(r.ref.call, r.request);
    if (pattern) {
      this.tally.add(pattern, [reason, call, r.refusal], 0.45);
      return;
    }
    if (reason && typed) {
      this.tally.add('rejected action', [reason, call], 0.45);
      return;
    }
    if (r.ref.call.command !== undefined) this.refusedCommands.push([call, r.refusal]);
    else
      this.tally.note('refused call', 'The user refused a tool call without saying why.', [r.refusal, call]);
  }

  private checkRetry(message: TranscriptMessage, call: CallRef['call']): void {
    const target = targetOf(call);
    const earlier = this.refused.get(target);
    if (!earlier) return;
    // An edit of the same file after the user has spoken is usually the change they asked for (only the
    // path is known, not the new text); a command or a read sent again is the same call.
    if (EDIT_TOOLS.has(call.name) && earlier.turnsSince > 0) return;
    this.refused.delete(target);
    this.tally.add('retried rejection', [earlier.refusal, citeCall(message.id, call)], 0.55);
  }

  private age(carryOn: boolean): void {
    for (const [target, r] of this.refused) {
      r.turnsSince += 1;
      // "Go ahead" after a refusal lets the agent try again; and two turns later the call is a new one.
      if (carryOn || r.turnsSince > 1) this.refused.delete(target);
    }
  }

  findings(): Finding[] {
    for (const r of this.awaiting) this.classify(r, undefined, false);
    this.awaiting = [];
    if (this.refusedCommands.length >= 2)
      for (const cites of this.refusedCommands) this.tally.add('rejected commands', cites, 0.4);
    else
      for (const cites of this.refusedCommands)
        this.tally.note('refused call', 'The user refused a tool call without saying why.', cites);
    this.refusedCommands.length = 0;
    return this.tally.findings();
  }
}
