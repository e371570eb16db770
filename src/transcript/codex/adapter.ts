import { basename } from 'node:path';
import type { HostAdapter } from '../host.js';
import { eventsOfMessages } from '../messages.js';
import { fileStat } from '../source.js';
import { sessionEditsOfMessages } from '../written.js';
import { codexHeadCwd } from './head.js';
import {
  codexHomeOf,
  codexHomes,
  codexParentLookup,
  discoverCodex,
  isCodexBookkeeping,
  isRolloutName,
  uniqueRollouts,
} from './layout.js';
import { readCodexSession } from './read.js';

/** A rollout's first line: an envelope naming its type, or an early bare `{id, timestamp, instructions}`. */
const ENVELOPE =
  /^\{"timestamp":"[^"]*",(?:"ordinal":\d+,)?"type":"(?:session_meta|response_item|event_msg|turn_context)"/;
const META_ANYWHERE = /^\{[^\n]{0,200}"type":"session_meta","payload":\{/;
const EARLY_META = /^\{"id":"[0-9a-f-]{36}","timestamp":"[^"]*","instructions":/;
const TS_ERA = /^\{\s*"session"\s*:\s*\{/;

function read(path: string) {
  return readCodexSession(path, codexParentLookup(path));
}

export const codexAdapter: HostAdapter = {
  name: 'codex',
  label: 'Codex',
  roots: codexHomes,
  // Rollouts, compressed rollouts, and the TypeScript CLI's `.json`.
  fileEndings: ['.jsonl', '.jsonl.zst', '.json'],
  // `.codex/sessions/YYYY/MM/DD/rollout-….jsonl`
  homeDepth: 5,
  discover: discoverCodex,
  unique: uniqueRollouts,
  // A rollout's name is in its path: without it, no basename (a walk of the path's characters) is made.
  claims: (path) =>
    path.includes('rollout-') && isRolloutName(basename(path)) && codexHomeOf(path) !== undefined,
  ignores: isCodexBookkeeping,
  sniff: (head, path) =>
    path.endsWith('.zst') || path.endsWith('.json')
      ? isRolloutName(basename(path)) && (ENVELOPE.test(head) || EARLY_META.test(head) || TS_ERA.test(head))
      : ENVELOPE.test(head) || META_ANYWHERE.test(head) || EARLY_META.test(head),
  headCwd: codexHeadCwd,
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
