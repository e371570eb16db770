import type { HostAdapter } from '../host.js';
import type { TranscriptMessage } from '../messages.js';
import { readTranscriptObjectsSync } from '../read.js';
import { fileStat } from '../source.js';
import { readTranscriptEventsFast } from './fast/read.js';
import { claudeProjectsRoots, discoverClaude, isClaudeLocation } from './layout.js';
import { toTranscriptMessage } from './messages.js';
import { readClaudeSessionEdits } from './session-edits.js';

/** A Claude Code line names its kind and carries the session's ids near its start. */
const TYPE =
  /"type"\s*:\s*"(?:user|assistant|summary|system|file-history-snapshot|queue-operation|progress|attachment|custom-title)"/;
const IDS = /"(?:uuid|sessionId|parentUuid|leafUuid|messageId)"\s*:/;

function* messages(path: string): Generator<TranscriptMessage> {
  for (const { lineNo, value } of readTranscriptObjectsSync(path)) {
    const message = toTranscriptMessage(value, lineNo);
    if (message) yield message;
  }
}

export const claudeCodeAdapter: HostAdapter = {
  name: 'claude-code',
  label: 'Claude Code',
  aliases: ['claude'],
  roots: claudeProjectsRoots,
  fileEndings: ['.jsonl'],
  // `.claude/projects/<project>/<session>/subagents/agent-*.jsonl`
  homeDepth: 5,
  discover: discoverClaude,
  claims: isClaudeLocation,
  sniff: (head) => TYPE.test(head) && IDS.test(head),
  stat: fileStat,
  // The byte-level reader; readTranscriptEvents (full parse) stays the oracle it is tested against.
  readEvents: (path, onEvent) => readTranscriptEventsFast(path, onEvent),
  messages,
  readSessionEdits: readClaudeSessionEdits,
};
