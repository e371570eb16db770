import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Document, isMap, type YAMLMap, type YAMLSeq } from 'yaml';
import { InputError } from '../../errors/errors.js';
import {
  makeDirsSync,
  readProjectTextIfExists,
  readTextIfExists,
  withLockSync,
  writeFileAtomic,
} from '../../fsx/index.js';
import { itemHasTheme, themeKey } from '../facts/theme-key.js';
import { type ActionItem, asText, itemsNode, itemsOf } from '../read/action-items.js';
import { ACTION_ITEMS_FALLBACK_PATH, ACTION_ITEMS_PATH } from '../read/paths.js';
import { parseYamlStrict } from '../read/yaml-strict.js';
import { authorizeTarget } from './allowlist.js';

const SEED_HEADER = [
  '# Action items from sprint retrospectives.',
  '# Written by `retrospect sprint`: one entry per item, ids AI-<n>; edit by hand with care.',
  'items:',
  '',
].join('\n');

/** The next plain id: highest `AI-<digits>` + 1; dated ids (`AI-2026-05-07-1`) do not count. */
export function nextActionItemId(items: { id: string }[]): string {
  const highest = items.reduce((max, item) => {
    const n = /^AI-(\d+)$/.exec(item.id)?.[1];
    return n === undefined ? max : Math.max(max, Number(n));
  }, 0);
  return `AI-${highest + 1}`;
}

interface ItemsEdit {
  doc: Document.Parsed;
  seq: YAMLSeq;
  items: ActionItem[];
  /** The YAML map node of an item by id. */
  nodeOf(id: string): YAMLMap | undefined;
}

/**
 * Read-modify-write of the action items file under its lock: parses the YAML document (comments kept),
 * lets `edit` change it, and writes it back (temp + rename + verify) only when `edit` says it changed.
 */
export function editActionItems<T>(
  root: string,
  edit: (ctx: ItemsEdit) => { changed: boolean; result: T },
  afterWrite?: (result: T) => void,
): { result: T; path: string; createdFrom?: string } {
  // Writes go to the canonical state tier (seed Step 5: ".gaia/state/action-items.yaml … All producers and
  // consumers now agree on the state-tier location"). When only the planning-artifacts copy exists (the
  // read-compat fallback), the state file is created from it, so its items and ids carry on, and the
  // copy is left as it was; the caller is told (createdFrom).
  const rel = ACTION_ITEMS_PATH;
  const auth = authorizeTarget(root, rel);
  if (!auth.ok) throw new InputError(`cannot write action items: ${auth.reason}`);
  makeDirsSync(dirname(auth.realPath));
  return withLockSync(auth.realPath, () => {
    const existing = readTextIfExists(auth.realPath);
    const fallback =
      existing === undefined && existsSync(join(root, ACTION_ITEMS_FALLBACK_PATH))
        ? readProjectTextIfExists(root, ACTION_ITEMS_FALLBACK_PATH)
        : undefined;
    const source = existing ?? fallback ?? SEED_HEADER;
    const doc = parseYamlStrict(source, rel);
    let seq = itemsNode(doc);
    if (!seq) {
      if (doc.contents !== null && !isMap(doc.contents)) {
        throw new InputError(`${rel}: expected a mapping with 'items:' or a list of items`);
      }
      seq = doc.createNode([]) as YAMLSeq;
      seq.flow = false;
      if (isMap(doc.contents)) (doc.contents as YAMLMap).set('items', seq);
      else (doc as Document).contents = doc.createNode({ items: seq });
    }
    const items = itemsOf(doc);
    const ctx: ItemsEdit = {
      doc,
      seq,
      items,
      nodeOf: (id) => seq.items.find((node): node is YAMLMap => isMap(node) && asText(node.get('id')) === id),
    };
    const { changed, result } = edit(ctx);
    if (changed || existing === undefined) {
      // Keep the file's own sequence style: `items:\n- id` stays unindented.
      const indentSeq = !/^\S[^\n]*:\s*\n-\s/m.test(source);
      writeFileAtomic(auth.realPath, doc.toString({ indentSeq, lineWidth: 0 }));
    }
    afterWrite?.(result);
    const wrote = changed || existing === undefined;
    return {
      result,
      path: auth.rel,
      ...(fallback !== undefined && wrote ? { createdFrom: ACTION_ITEMS_FALLBACK_PATH } : {}),
    };
  });
}

export interface NewActionItem {
  id?: string;
  sprint_id: string;
  text: string;
  owner?: string;
  target_sprint?: string;
  priority?: 'high' | 'medium';
  classification?: string;
  type?: string;
}

export interface ActionItemWrite {
  status: 'ok' | 'skipped_idempotent';
  id: string;
  target: string;
  /** Set when this write created the state file from the planning-artifacts copy. */
  createdFrom?: string;
}

/**
 * Adds one action item, or updates the text of an existing id in place. An item with the same sprint and
 * theme already present is not added twice (`skipped_idempotent`), so a re-run retro adds no rows.
 */
export function upsertActionItem(root: string, input: NewActionItem, now: Date): ActionItemWrite {
  const hash = themeKey(input.text);
  const { result, path, createdFrom } = editActionItems<Omit<ActionItemWrite, 'target'>>(
    root,
    ({ doc, seq, items, nodeOf }) => {
      const existing = input.id ? nodeOf(input.id) : undefined;
      if (input.id && existing) {
        if (asText(existing.get('text')) === input.text) {
          return { changed: false, result: { status: 'skipped_idempotent' as const, id: input.id } };
        }
        existing.set('text', input.text);
        if (existing.has('theme_hash')) existing.set('theme_hash', hash);
        return { changed: true, result: { status: 'ok' as const, id: input.id } };
      }
      const twin = items.find((item) => item.sprint_id === input.sprint_id && itemHasTheme(item, hash));
      if (twin) return { changed: false, result: { status: 'skipped_idempotent' as const, id: twin.id } };
      const id = input.id ?? nextActionItemId(items);
      const entry: Record<string, unknown> = { id, sprint_id: input.sprint_id, text: input.text };
      if (input.owner) entry.owner = input.owner;
      if (input.target_sprint) entry.target_sprint = input.target_sprint;
      entry.priority = input.priority ?? 'medium';
      if (input.type) entry.type = input.type;
      else entry.classification = input.classification ?? 'process';
      Object.assign(entry, {
        status: 'open',
        escalation_count: 0,
        created_at: now.toISOString(),
        theme_hash: hash,
      });
      seq.items.push(doc.createNode(entry));
      return { changed: true, result: { status: 'ok' as const, id } };
    },
  );
  return { ...result, target: path, ...(createdFrom ? { createdFrom } : {}) };
}
