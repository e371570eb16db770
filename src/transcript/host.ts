import { readClaudeSessionEdits } from './claude/session-edits.js';
import { readTranscriptEventsFast } from './fast/read.js';
import type { SessionEdits } from './session-edits.js';
import type { TranscriptFacts, TurnEvent } from './types.js';

/**
 * A coding agent's log format. An adapter turns one session file into the host-neutral turn events the
 * gate consumes, so supporting another agent (Codex, Aider, ...) never touches the gate.
 */
export interface HostAdapter {
  /** Stable name stored with each session (`claude-code`). */
  readonly name: string;
  /** Whether this adapter reads `path` (by location or file name). */
  accepts(path: string): boolean;
  /** Streams the session's turn events in file order and returns what the pass learned. */
  readEvents(path: string, onEvent: (event: TurnEvent) => void): TranscriptFacts;
  /** The files the session wrote and the prompts it answered (the walk links commits to sessions by it). */
  readSessionEdits(path: string): SessionEdits;
}

export const claudeCodeAdapter: HostAdapter = {
  name: 'claude-code',
  accepts: (path) => path.endsWith('.jsonl'),
  // The byte-level reader; readTranscriptEvents (full parse) stays the oracle it is tested against.
  readEvents: (path, onEvent) => readTranscriptEventsFast(path, onEvent),
  readSessionEdits: readClaudeSessionEdits,
};

/** Known hosts, most specific first; Claude Code is the default. */
export const HOST_ADAPTERS: readonly HostAdapter[] = [claudeCodeAdapter];

export function adapterFor(path: string): HostAdapter {
  return HOST_ADAPTERS.find((adapter) => adapter.accepts(path)) ?? claudeCodeAdapter;
}
