import { type Document, isMap, isScalar, parseDocument, type YAMLMap } from 'yaml';
import { readProjectTextIfExists } from '../../../fsx/index.js';
import type { BoardStory, BoardUnit, SprintBoard } from '../board.js';
import { storyState } from '../status-words.js';

const EPIC = /^epic-(.+?)$/i;
const RETRO = /^epic-(.+?)-retro(?:spective)?$/i;

/** Story points from a trailing comment (`# 2 pts - Fix chunking`, `# 1 pt`, `# 3 SP`). */
function pointsOf(comment: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:pts?|points?|sp)\b/i.exec(comment ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A review outcome a status comment records (`# Code Review APPROVED 2025-12-01`, `# Re-review APPROVED: …`). */
function reviewNote(comment: string | undefined): string | undefined {
  const match = /\b((?:re-?)?review(?:ed)?|approved|changes requested)\b[^#]*/i.exec(comment ?? '');
  return match ? match[0].trim() : undefined;
}

function titleOf(key: string): string {
  return key.replace(/^[\w.]+?-[\w.]+?-/, '').replace(/-/g, ' ');
}

interface Entry {
  key: string;
  value: string;
  comment: string | undefined;
}

function entries(map: YAMLMap): Entry[] {
  return map.items.flatMap((pair) => {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if (!key) return [];
    const value = isScalar(pair.value) ? String(pair.value.value ?? '') : '';
    const comment = (isScalar(pair.value) ? pair.value.comment : undefined) ?? undefined;
    return [{ key, value, comment }];
  });
}

/**
 * The epic a story key belongs to: the epic whose id prefixes the key (`19-1-…` → `epic-19`, `e0-1-…` →
 * `epic-0`, `2.5-1-…` → `epic-2.5`), longest id first; else the epic the file lists it under.
 */
function epicFor(key: string, epicIds: string[], current: string | undefined): string | undefined {
  const lower = key.toLowerCase();
  const hit = [...epicIds]
    .sort((a, b) => b.length - a.length)
    .find((id) => lower.startsWith(`${id.toLowerCase()}-`) || lower.startsWith(`e${id.toLowerCase()}-`));
  if (hit) return hit;
  if (current) return current;
  return /^(\d+(?:\.\d+)?)-\d/.exec(key)?.[1];
}

/**
 * Reads a BMAD `development_status:` map: `epic-N` keys are epics, `epic-N-retrospective` their retros,
 * every other key a story of the epic its id names (or the one it is listed under). An epic whose value
 * is a path to an archived status file (`epic-3: docs/archive/sprint-status_epics1to13.yaml`) takes its
 * stories from that file.
 */
export function readBmadBoard(root: string, path: string, doc: Document.Parsed, depth = 0): SprintBoard {
  const warnings: string[] = [];
  const map = doc.get('development_status', true) as YAMLMap;
  const list = entries(map);
  const epicIds = list.flatMap((e) => (RETRO.test(e.key) ? [] : (EPIC.exec(e.key)?.[1] ?? [])));
  const units = new Map<string, BoardUnit>();
  const unit = (id: string): BoardUnit => {
    const key = `epic-${id}`;
    const found = units.get(key) ?? { id: key, kind: 'epic' as const, stories: [] };
    units.set(key, found);
    return found;
  };
  let current: string | undefined; // the epic the following stories are listed under
  const unreadable = new Map<string, string[]>();
  for (const e of list) {
    const retro = RETRO.exec(e.key);
    if (retro) {
      unit(retro[1]!).retrospective = e.value;
      continue;
    }
    const epic = EPIC.exec(e.key);
    if (epic) {
      current = epic[1]!;
      const u = unit(current);
      if (/\.ya?ml$/i.test(e.value) && depth === 0) {
        const archived = archivedEpic(root, e.value, u.id);
        if (archived) {
          Object.assign(u, { status: archived.status, stories: archived.stories });
          if (archived.retrospective) u.retrospective = archived.retrospective;
        } else {
          unreadable.set(e.value, [...(unreadable.get(e.value) ?? []), u.id]);
          u.archive = e.value;
        }
      } else u.status = e.value;
      continue;
    }
    const epicId = epicFor(e.key, epicIds, current);
    if (!epicId) {
      warnings.push(`${path}: ${e.key} belongs to no epic; skipped`);
      continue;
    }
    const story: BoardStory = {
      key: e.key,
      title: titleOf(e.key),
      status: e.value,
      state: storyState(e.value),
    };
    const points = pointsOf(e.comment);
    if (points !== undefined) story.points = points;
    const note = reviewNote(e.comment);
    if (note) story.statusReview = note;
    unit(epicId).stories.push(story);
  }
  for (const [file, ids] of unreadable)
    warnings.push(
      `${ids.length === 1 ? `${ids[0]} points` : `${ids.length} epics (${ids[0]} … ${ids.at(-1)}) point`} to ${file}, which could not be read`,
    );
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
  const location = doc.get('story_location');
  const storyFolders = [folder];
  if (typeof location === 'string') {
    const rel = location.replace(/^\{project-root\}\/?/, '').replace(/^\.\//, '');
    if (rel && !rel.includes('{') && !storyFolders.includes(rel)) storyFolders.push(rel);
  }
  return {
    layout: 'bmad',
    path,
    units: [...units.values()],
    storyFolders,
    warnings,
  };
}

function archivedEpic(root: string, rel: string, epicId: string): BoardUnit | undefined {
  const text = readProjectTextIfExists(root, rel);
  if (!text) return undefined;
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.get('development_status', true))) return undefined;
  return readBmadBoard(root, rel, doc, 1).units.find((u) => u.id === epicId);
}
