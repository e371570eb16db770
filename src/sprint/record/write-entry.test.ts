import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { InputError } from '../../errors/errors.js';
import { tempRoot } from '../../test-support/sprint.js';
import { ACTION_ITEMS_PATH } from '../read/paths.js';
import { writeSprintEntry } from './write-entry.js';

const NOW = () => new Date('2026-11-28T10:00:00Z');
const LOG = '.gaia/memory/pm-sidecar/decision-log.md';

describe('writeSprintEntry', () => {
  it('appends a Markdown payload to a memory file', () => {
    const root = tempRoot();
    const result = writeSprintEntry({
      root,
      target: LOG,
      sprintId: 'sprint-7',
      payload: '- lesson: x',
      now: NOW,
    });
    expect(result).toMatchObject({ status: 'ok', target: LOG });
    expect(result.id).toBeUndefined();
    expect(readFileSync(join(root, LOG), 'utf8')).toContain('- lesson: x');
  });

  it('adds a YAML payload to the action items, with its id', () => {
    const root = tempRoot();
    const payload = 'text: Add a replay test\nowner: priya\nsprint_id: ignored';
    const result = writeSprintEntry({
      root,
      target: join(root, ACTION_ITEMS_PATH),
      sprintId: 'sprint-7',
      payload,
      now: NOW,
    });
    expect(result).toEqual({ status: 'ok', target: ACTION_ITEMS_PATH, id: 'AI-1' });
    const { items } = parseYaml(readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8')) as {
      items: { id: string; text: string; owner: string; sprint_id: string }[];
    };
    expect(items).toMatchObject([
      { id: 'AI-1', text: 'Add a replay test', owner: 'priya', sprint_id: 'sprint-7' },
    ]);
  });

  it('refuses an action item without text, and writes nothing without a sprint id', () => {
    const root = tempRoot();
    const item = { root, target: ACTION_ITEMS_PATH, sprintId: 'sprint-7', now: NOW };
    expect(() => writeSprintEntry({ ...item, payload: 'owner: priya' })).toThrow(InputError);
    expect(() => writeSprintEntry({ ...item, payload: '- just a list' })).toThrow(InputError);
    expect(writeSprintEntry({ ...item, sprintId: '', payload: 'text: x' })).toEqual({
      status: 'missing_sprint_id',
      reason: 'a sprint id is required',
    });
    expect(existsSync(join(root, ACTION_ITEMS_PATH))).toBe(false);
  });

  it('leaves targets off the allowlist to the memory writer, which refuses them', () => {
    const root = tempRoot();
    const result = writeSprintEntry({
      root,
      target: 'notes/action-items.yaml',
      sprintId: 'sprint-7',
      payload: 'text: x',
      now: NOW,
    });
    expect(result.status).toBe('unauthorized');
    expect(existsSync(join(root, 'notes'))).toBe(false);
  });
});
