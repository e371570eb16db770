import { type Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { SprintBoard } from '../board.js';
import { readBmadBoard } from './bmad.js';
import { readEpicsMapBoard } from './epics-map.js';
import { record } from './fields.js';
import { readSprintListBoard } from './sprint-list.js';

type DetectedLayout =
  | { kind: 'gaia' }
  | { kind: 'board'; board: SprintBoard }
  | { kind: 'unreadable'; reason: string };

function keysOf(data: Record<string, unknown>): string {
  const keys = Object.keys(data);
  return keys.length === 0 ? 'none' : keys.slice(0, 8).join(', ') + (keys.length > 8 ? ', …' : '');
}

/** Trailing comments of `epics.<E>.stories.<S>` values: the epics-map format keeps story titles there. */
function storyComments(doc: Document.Parsed): Map<string, string> {
  const comments = new Map<string, string>();
  const epics = doc.get('epics', true);
  if (!isMap(epics)) return comments;
  for (const pair of epics.items) {
    if (!isScalar(pair.key) || !isMap(pair.value)) continue;
    const stories = pair.value.get('stories', true);
    if (!isMap(stories)) continue;
    for (const s of stories.items) {
      if (isScalar(s.key) && isScalar(s.value) && s.value.comment)
        comments.set(`${String(pair.key.value)}/${String(s.key.value)}`, s.value.comment);
    }
  }
  return comments;
}

/**
 * What kind of sprint status file this is, judged by its content: a BMAD `development_status` map, an
 * epics map, a list of stories with `key` (the `.gaia/` schema) or with `id` (orchestrators' sprint files).
 * Anything else is unreadable, with the reason a person can act on.
 */
export function detectLayout(root: string, path: string, text: string): DetectedLayout {
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    return {
      kind: 'unreadable',
      reason: `not valid YAML${pos ? ` at line ${pos.line}, column ${pos.col}` : ''} (${error.message.split('\n')[0]})`,
    };
  }
  let js: unknown;
  try {
    js = doc.toJS();
  } catch (e) {
    return {
      kind: 'unreadable',
      reason: `not readable as YAML data (${e instanceof Error ? e.message : String(e)})`,
    };
  }
  const data = record(js);
  if (!data) {
    const what = Array.isArray(js) ? 'a list' : js === null ? 'empty' : `a ${typeof js}`;
    return { kind: 'unreadable', reason: `${what}, not a mapping of sprint fields` };
  }
  if (isMap(doc.get('development_status', true))) {
    const board = readBmadBoard(root, path, doc);
    if (board.units.every((u) => u.stories.length === 0))
      return { kind: 'unreadable', reason: 'its development_status lists no stories' };
    return { kind: 'board', board };
  }
  const epics = record(data.epics);
  if (epics && Object.values(epics).some((e) => record(record(e)?.stories))) {
    return { kind: 'board', board: readEpicsMapBoard(path, data, storyComments(doc)) };
  }
  if (isSeq(doc.get('stories', true)) && Array.isArray(data.stories)) {
    const items = data.stories.map(record);
    if (items.length > 0 && items.every((s) => s && s.key !== undefined)) return { kind: 'gaia' };
    if (items.length === 0) return { kind: 'unreadable', reason: 'its stories list is empty' };
    return { kind: 'board', board: readSprintListBoard(path, data) };
  }
  if (data.sprint_id !== undefined && data.stories === undefined) return { kind: 'gaia' };
  return {
    kind: 'unreadable',
    reason: `it has no development_status, epics or stories (top-level keys: ${keysOf(data)})`,
  };
}
