import type { TranscriptMessage } from '../messages.js';
import type { SessionFacts, TranscriptFacts } from '../types.js';
import type { CodexOutcome } from './failure.js';
import type { CodexCall } from './tools.js';

/** Finds another rollout of the same Codex home by thread id (a fork's parent), for the replay rule. */
export type ParentLookup = (threadId: string) => string | undefined;

/** A person's turn as one channel recorded it: the `user_message` events, or the user message items. */
export interface PendingHuman {
  channel: 'event' | 'item';
  message: TranscriptMessage;
}

/** How the tool calls of a rollout stand while it is read: which were answered, and how. */
export interface CallState {
  calls: Map<string, CodexCall>;
  /** Exit codes (or failures) that events reported per call, before or after the output arrived. */
  reported: Map<string, CodexOutcome>;
  /** Calls whose output said the process is still running: session id → call id. */
  runningBySession: Map<string, string>;
  /** Calls whose output said "running", waiting for the exit an event or a later write reports. */
  pending: Set<string>;
  /** Sessions of running processes whose end was already reported: a later write's exit is no new result. */
  endedSessions: Set<string>;
  /** Calls whose result is recorded (or that give none): later outputs or events for them are ignored. */
  settled: Set<string>;
}

/** Where a fork's or sub-agent's copy of its parent's history ends (see isReplayed). */
export interface ReplayState {
  /** session_meta records seen: a second one opens the parent's copied history. */
  metaCount: number;
  /** When this rollout was created (epoch ms), for the time rule. */
  ownCreated: number | undefined;
  /** The ordinal before which records are the parent's (newer rollouts record it). */
  boundary: number | undefined;
  /** The parent's turn ids, when its rollout could be read: the first other turn ends the copy. */
  parentTurns: Set<string> | undefined;
  inReplay: boolean;
  findParent: ParentLookup | undefined;
}

/** Everything one read of a Codex rollout builds up, record by record. */
export interface CodexReadState {
  messages: TranscriptMessage[];
  /** The person's turns of both channels; the finish keeps one channel's (see finishHumans). */
  humans: PendingHuman[];
  facts: TranscriptFacts;
  session: SessionFacts;
  calls: CallState;
  replay: ReplayState;
  /** The rollout is a sub-agent's: its messages are a side chain and its prompts are not a person's. */
  subagent: boolean;
  /** The file has `user_message` events: they, not the message items, are the person's turns. */
  sawHumanEvent: boolean;
}

export function newReadState(findParent: ParentLookup | undefined): CodexReadState {
  return {
    messages: [],
    humans: [],
    facts: {
      sessionId: undefined,
      lines: 0,
      knownFieldsSeen: false,
      firstTimestamp: undefined,
      lastTimestamp: undefined,
    },
    session: {
      turns: { human: 0, assistant: 0, toolErrors: 0 },
      unknownRecords: 0,
      unreadableLines: 0,
    },
    calls: {
      calls: new Map(),
      reported: new Map(),
      runningBySession: new Map(),
      pending: new Set(),
      endedSessions: new Set(),
      settled: new Set(),
    },
    replay: {
      metaCount: 0,
      ownCreated: undefined,
      boundary: undefined,
      parentTurns: undefined,
      inReplay: false,
      findParent,
    },
    subagent: false,
    sawHumanEvent: false,
  };
}

/** A message's id when the record carries none: its line. */
export function lineId(lineNo: number): string {
  return `line:${lineNo}`;
}

/** Records a record's timestamp as the session's first (once) and last. */
export function stamp(state: CodexReadState, timestamp: unknown): void {
  if (typeof timestamp !== 'string') return;
  state.facts.firstTimestamp ??= timestamp;
  state.facts.lastTimestamp = timestamp;
}
