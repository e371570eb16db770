import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../test-support/sprint.js';
import { themeKey as themeHash } from '../facts/theme-key.js';
import { readActionItems } from '../read/action-items.js';
import { ACTION_ITEMS_FALLBACK_PATH, ACTION_ITEMS_PATH } from '../read/paths.js';
import { nextActionItemId, upsertActionItem } from './action-items.js';

const NOW = new Date('2026-11-28T10:00:00Z');

function rootWith(text: string, path = ACTION_ITEMS_PATH): string {
  const root = tempRoot();
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
  return root;
}

const DATED = `schema_version: 2
items:
  - id: AI-2026-05-07-1
    type: bug
    title: Retry budget ignored by the sync worker
    target_command: /gaia-add-feature
    status: open
  - id: AI-2026-05-07-12
    type: process
    title: Rotate on-call weekly
    status: open
`;

describe('action items store', () => {
  it('reads the dated dialect from the planning fallback without converting it', () => {
    const root = rootWith(DATED, ACTION_ITEMS_FALLBACK_PATH);
    const file = readActionItems(root)!;
    expect(file.path).toBe(ACTION_ITEMS_FALLBACK_PATH);
    expect(file.schemaVersion).toBe(2);
    expect(file.items.map((i) => [i.id, i.type, i.text])).toEqual([
      ['AI-2026-05-07-1', 'bug', 'Retry budget ignored by the sync worker'],
      ['AI-2026-05-07-12', 'process', 'Rotate on-call weekly'],
    ]);
  });

  it('writes the canonical state file, created from the planning-artifacts copy, which is left as it was', () => {
    const root = rootWith(DATED, ACTION_ITEMS_FALLBACK_PATH);
    expect(upsertActionItem(root, { sprint_id: 'sprint-7', text: 'Add a retry budget test' }, NOW)).toEqual({
      status: 'ok',
      id: 'AI-1',
      target: ACTION_ITEMS_PATH,
      createdFrom: ACTION_ITEMS_FALLBACK_PATH,
    });
    // The planning copy is byte for byte what it was; the state file starts from it and adds the item.
    expect(readFileSync(join(root, ACTION_ITEMS_FALLBACK_PATH), 'utf8')).toBe(DATED);
    expect(readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8').startsWith(DATED.split('\n')[0]!)).toBe(true);
    expect(readActionItems(root)!.items.map((i) => i.id)).toEqual([
      'AI-2026-05-07-1',
      'AI-2026-05-07-12',
      'AI-1',
    ]);
    // Once the state file exists, it alone is written: no second "created from" note.
    const second = upsertActionItem(root, { sprint_id: 'sprint-7', text: 'Pin the retry budget at 3' }, NOW);
    expect(second).toEqual({ status: 'ok', id: 'AI-2', target: ACTION_ITEMS_PATH });
    expect(readFileSync(join(root, ACTION_ITEMS_FALLBACK_PATH), 'utf8')).toBe(DATED);
  });

  it('numbers new items from plain AI-<n> ids only', () => {
    expect(
      nextActionItemId([{ id: 'AI-2026-05-07-12' }, { id: 'AI-3' }, { id: 'AI-10' }, { id: 'X-99' }]),
    ).toBe('AI-11');
    expect(nextActionItemId([{ id: 'AI-2026-05-07-1' }])).toBe('AI-1');
  });

  it('seeds a missing file with a header and writes the one schema', () => {
    const root = tempRoot();
    const written = upsertActionItem(
      root,
      {
        sprint_id: 'sprint-7',
        text: 'Add a contract test for the webhook payload',
        owner: 'priya',
        target_sprint: 'sprint-8',
        priority: 'high',
        classification: 'implementation',
      },
      NOW,
    );
    expect(written).toEqual({ status: 'ok', id: 'AI-1', target: ACTION_ITEMS_PATH });
    const text = readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8');
    expect(text).toBe(`# Action items from sprint retrospectives.
# Written by \`retrospect sprint\`: one entry per item, ids AI-<n>; edit by hand with care.
items:
  - id: AI-1
    sprint_id: sprint-7
    text: Add a contract test for the webhook payload
    owner: priya
    target_sprint: sprint-8
    priority: high
    classification: implementation
    status: open
    escalation_count: 0
    created_at: 2026-11-28T10:00:00.000Z
    theme_hash: ${themeHash('Add a contract test for the webhook payload')}
`);
  });

  it('keeps comments and the rest of the file, updates an existing id in place, skips a same-theme twin', () => {
    const original = `# Team action items — keep this comment
items:
- id: AI-4 # carried over twice
  sprint_id: "sprint-6"
  text: "Stabilise CI"
  status: open
  escalation_count: 1
`;
    const root = rootWith(original);
    expect(
      upsertActionItem(root, { id: 'AI-4', sprint_id: 'sprint-6', text: 'Stabilise the CI pipeline' }, NOW)
        .status,
    ).toBe('ok');
    const after = readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8');
    expect(after).toBe(original.replace('"Stabilise CI"', '"Stabilise the CI pipeline"'));
    const added = upsertActionItem(root, { sprint_id: 'sprint-7', text: 'Pair on flaky tests' }, NOW);
    expect(added.id).toBe('AI-5');
    const again = upsertActionItem(root, { sprint_id: 'sprint-7', text: '  pair on FLAKY tests ' }, NOW);
    expect(again).toEqual({ status: 'skipped_idempotent', id: 'AI-5', target: ACTION_ITEMS_PATH });
    const final = readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8');
    expect(final.startsWith(original.replace('"Stabilise CI"', '"Stabilise the CI pipeline"'))).toBe(true);
    expect(final.match(/- id:/g)).toHaveLength(2);
  });

  it('halts on malformed YAML with line and column and leaves the file untouched', () => {
    const broken = 'items:\n  - id: AI-1\n    text: "unterminated\n  - id: AI-2\n';
    const root = rootWith(broken);
    expect(() => upsertActionItem(root, { sprint_id: 'sprint-7', text: 'x' }, NOW)).toThrow(
      /action-items\.yaml:\d+:\d+: malformed YAML, nothing was changed/,
    );
    expect(() => readActionItems(root)).toThrow(/:\d+:\d+:/);
    expect(readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8')).toBe(broken);
  });
});
