import type { TranscriptMessage } from '../message.js';
import { stoppedCallPattern } from './stopped-call.js';
import { Tally } from './tally.js';
import { cite, citeCall, citeHuman, isContinuation, isTooShortToQuote } from './text.js';
import type { CallRef, Detector, Finding, SessionEvent } from './types.js';

/** Tool calls in one request after which an interrupt reads as "this ran too long without me". */
export const LONG_RUN_CALLS = 8;
const MARKER = /\[Request interrupted by user[^\]]*\]/;

interface Pending {
  message: TranscriptMessage;
  lastCall: CallRef | undefined;
  calls: number;
  request: string | undefined;
}

/**
 * The user interrupting the agent. An interrupt answered with "keep going" is not friction. Otherwise the
 * interrupted work says which rule applies: a long autonomous run, an edit, a command that waits for a
 * person or changes the system. An interrupt right after a refused permission prompt is the refusal's
 * (see rejections.ts), not a second event.
 */
export class InterruptDetector implements Detector {
  private readonly tally = new Tally();
  private calls = 0;
  private lastCall: CallRef | undefined;
  private request: string | undefined;
  private refusedJustBefore = false;
  private pending: Pending | undefined;

  push(event: SessionEvent): void {
    switch (event.kind) {
      case 'human':
        this.resolve(event.message, event.text);
        this.calls = 0;
        this.lastCall = undefined;
        this.request = event.text;
        this.refusedJustBefore = false;
        return;
      case 'call':
        this.calls += 1;
        this.lastCall = { call: event.call, messageId: event.message.id };
        this.refusedJustBefore = false;
        return;
      case 'result':
        this.refusedJustBefore = event.rejection !== undefined;
        return;
      case 'interrupt':
        if (event.forToolUse && this.refusedJustBefore) return;
        this.resolve(undefined, undefined);
        this.pending = {
          message: event.message,
          lastCall: this.lastCall,
          calls: this.calls,
          request: this.request,
        };
        this.calls = 0;
        return;
      case 'say':
        return;
    }
  }

  private resolve(followUp: TranscriptMessage | undefined, followUpText: string | undefined): void {
    const p = this.pending;
    this.pending = undefined;
    if (!p) return;
    if (followUpText !== undefined && isContinuation(followUpText)) return;
    const marker = cite(p.message.id, p.message.text, MARKER);
    const reply =
      followUp && followUpText && !isTooShortToQuote(followUpText)
        ? citeHuman(followUp, followUpText)
        : undefined;
    const stopped = p.lastCall ? citeCall(p.lastCall.messageId, p.lastCall.call) : undefined;
    if (p.calls >= LONG_RUN_CALLS) {
      this.tally.add('long run', [marker, reply, stopped], 0.45);
      return;
    }
    const pattern = p.lastCall ? stoppedCallPattern(p.lastCall.call, p.request) : undefined;
    if (pattern) {
      this.tally.add(pattern, [stopped, marker, reply], 0.45);
      return;
    }
    this.tally.note(
      'interrupted work',
      'The user interrupted the agent; the interrupted step alone does not show why.',
      [marker, reply],
    );
  }

  findings(): Finding[] {
    this.resolve(undefined, undefined);
    return this.tally.findings();
  }
}
