import type { ToolCall, ToolOutput, TranscriptMessage } from '../message.js';
import type { Citation } from '../types.js';

/** A tool call and the message that made it. */
export interface CallRef {
  call: ToolCall;
  messageId: string;
}

/**
 * One transcript message as the detectors see it: the harness's wrappers told apart from what a person
 * typed, tool results joined to their calls, rejections recognised.
 */
export type SessionEvent =
  /** Text a person typed; `turn` 0 is the opening request. `text` has IDE and reminder tags removed. */
  | { kind: 'human'; message: TranscriptMessage; text: string; turn: number }
  /** `[Request interrupted by user]`, or `... for tool use]` when a running tool was stopped. */
  | { kind: 'interrupt'; message: TranscriptMessage; forToolUse: boolean }
  | { kind: 'say'; message: TranscriptMessage; text: string }
  | { kind: 'call'; message: TranscriptMessage; call: ToolCall }
  | {
      kind: 'result';
      message: TranscriptMessage;
      output: ToolOutput;
      call: CallRef | undefined;
      /** Set when the user refused the call at the permission prompt. */
      rejection: { reason: string | undefined } | undefined;
    };

/** A recognised failure pattern with its evidence: a rule to propose, or only an observation. */
export interface Finding {
  /** Two-word tag the dedup phase groups proposals by. */
  pattern: string;
  /** The imperative rule for the agent; absent when the evidence supports no rule. */
  rule?: string;
  /**
   * Set when the rule is the person's own words: findings of one pattern are merged only when this is the
   * same too, since two wants in different words are two rules.
   */
  wording?: string;
  /** What was seen, for an observation. */
  description: string;
  /** Verbatim quotes, most telling first. */
  citations: Citation[];
  /** Times the pattern occurred in the session. */
  occurrences: number;
  /** Confidence for one occurrence; more occurrences raise it a little. */
  base: number;
}

/** Reads a session's events in file order (one chain at a time) and reports what it recognised. */
export interface Detector {
  push(event: SessionEvent): void;
  findings(): Finding[];
}
