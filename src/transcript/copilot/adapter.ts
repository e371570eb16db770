import type { HostAdapter } from '../host.js';
import { eventsOfMessages } from '../messages.js';
import { fileStat } from '../source.js';
import { sessionEditsOfMessages } from '../written.js';
import { copilotHomes, discoverCopilot, isCopilotSessionPath, uniqueCopilot } from './layout.js';
import { readCopilotSession } from './read.js';

/** An event log opens with `session.start`; the legacy JSON with `sessionId` and `startTime`. */
const EVENTS_HEAD = /^\{"type":"session\.(?:start|resume)","data":\{/;
const LEGACY_HEAD = /^\{\s*"sessionId"\s*:\s*"[^"]*"\s*,\s*"startTime"\s*:/;

export const copilotAdapter: HostAdapter = {
  name: 'copilot',
  label: 'Copilot CLI',
  aliases: ['copilot-cli'],
  roots: copilotHomes,
  // Session-state event logs, and the legacy JSON sessions.
  fileEndings: ['.jsonl', '.json'],
  // `.copilot/session-state/<id>/events.jsonl`
  homeDepth: 3,
  // A session folder's checkpoints and rewind snapshots: copies of files, no events.
  skipsFolder: (_parent, name) => name === 'checkpoints' || name === 'rewind-snapshots',
  discover: discoverCopilot,
  unique: uniqueCopilot,
  claims: isCopilotSessionPath,
  sniff: (head) => EVENTS_HEAD.test(head) || LEGACY_HEAD.test(head),
  stat: fileStat,
  readEvents(path, onEvent) {
    const { messages, facts } = readCopilotSession(path);
    eventsOfMessages(messages, onEvent);
    return facts;
  },
  messages: (path) => readCopilotSession(path).messages,
  readSessionEdits(path) {
    const { messages, facts } = readCopilotSession(path);
    return sessionEditsOfMessages(messages, facts);
  },
};
