import { sep } from 'node:path';
import type { HostAdapter } from '../host.js';
import { eventsOfMessages } from '../messages.js';
import { fileStat } from '../source.js';
import { sessionEditsOfMessages } from '../written.js';
import { discoverGemini, geminiHomes, isGeminiChatPath, uniqueChats } from './layout.js';
import { readGeminiSession } from './read.js';

/** A chat's metadata opens the file: `{"sessionId": …, "projectHash": …}` (pretty-printed in legacy `.json`). */
const HEAD = /^\{\s*"sessionId"\s*:\s*"[^"]*"\s*,\s*"projectHash"\s*:/;

/** A chat in `chats/<parent>/` is a sub-agent's (its `kind` says so too in newer files). */
function nested(path: string): boolean {
  const parts = path.split(sep);
  return parts.length - 1 - parts.lastIndexOf('chats') === 2;
}

function read(path: string) {
  return readGeminiSession(path, { subagentByPath: nested(path) });
}

export const geminiAdapter: HostAdapter = {
  name: 'gemini',
  label: 'Gemini CLI',
  aliases: ['gemini-cli'],
  roots: geminiHomes,
  fileEndings: ['.json', '.jsonl'],
  // `.gemini/tmp/<project>/chats/<session>/` (a sub-agent's chat)
  homeDepth: 5,
  // Saved checkpoints and tool outputs: no chat in them.
  skipsFolder: (_parent, name) => name === 'checkpoints' || name === 'tool-outputs',
  discover: discoverGemini,
  unique: uniqueChats,
  claims: isGeminiChatPath,
  sniff: (head) => HEAD.test(head),
  stat: fileStat,
  readEvents(path, onEvent) {
    const { messages, facts } = read(path);
    eventsOfMessages(messages, onEvent);
    return facts;
  },
  messages: (path) => read(path).messages,
  readSessionEdits(path) {
    const { messages, facts } = read(path);
    return sessionEditsOfMessages(messages, facts);
  },
};
