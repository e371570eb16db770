import type { BoardStory, BoardUnit, SprintBoard } from '../board.js';
import { storyState } from '../status-words.js';
import { num, record, text } from './fields.js';

/**
 * Reads an epics map (`epics: {E1: {status, stories: {S1.1: complete  # Config loader}}}`): each epic is a
 * unit, each story a `key: status` pair (or a mapping with `status`, `title`, `points`). Titles come from
 * the trailing comments the format uses for them.
 */
export function readEpicsMapBoard(
  path: string,
  data: Record<string, unknown>,
  comments: Map<string, string>,
): SprintBoard {
  const warnings: string[] = [];
  const epics = record(data.epics) ?? {};
  const units: BoardUnit[] = Object.entries(epics).map(([id, raw]) => {
    const epic = record(raw) ?? {};
    const stories = Object.entries(record(epic.stories) ?? {}).map(([key, value]): BoardStory => {
      const obj = record(value);
      const status = (obj ? text(obj.status) : text(value)) ?? '';
      const story: BoardStory = {
        key,
        title: text(obj?.title) ?? text(obj?.name) ?? comments.get(`${id}/${key}`)?.trim() ?? '',
        status,
        state: storyState(status),
      };
      const points = num(obj?.points) ?? num(obj?.estimate);
      if (points !== undefined) story.points = points;
      return story;
    });
    const status = text(epic.status);
    const title = text(epic.title) ?? text(epic.name);
    return {
      id,
      kind: 'epic' as const,
      stories,
      ...(status ? { status } : {}),
      ...(title ? { title } : {}),
    };
  });
  const current = text(data.current_epic) ?? text(data['current-epic']);
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
  return {
    layout: 'epics-map',
    path,
    units,
    ...(current ? { current } : {}),
    storyFolders: [folder],
    warnings,
  };
}
