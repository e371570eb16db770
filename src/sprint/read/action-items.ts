import { join } from 'node:path';
import { type Document, isMap, isSeq, type YAMLSeq } from 'yaml';
import { readTextIfExists } from '../../fsx/index.js';
import { ACTION_ITEMS_FALLBACK_PATH, ACTION_ITEMS_PATH } from './paths.js';
import { parseYamlStrict } from './yaml-strict.js';

/** One item as read, from either dialect (ours, or the dated `schema_version: 2` meeting dialect). */
export interface ActionItem {
  id: string;
  sprint_id?: string;
  text: string;
  owner?: string;
  target_sprint?: string;
  priority?: string;
  classification?: string;
  type?: string;
  status?: string;
  escalation_count?: number;
  created_at?: string;
  theme_hash?: string;
  auto_file_queued?: string;
}

export interface ActionItemsFile {
  /** Relative to the root. */
  path: string;
  items: ActionItem[];
  schemaVersion: number | undefined;
}

/** The items sequence of either dialect: a top-level list, or `items:` / `action_items:`. */
export function itemsNode(doc: Document.Parsed): YAMLSeq | undefined {
  if (isSeq(doc.contents)) return doc.contents;
  if (isMap(doc.contents)) {
    for (const key of ['items', 'action_items']) {
      const node = doc.contents.get(key, true);
      if (isSeq(node)) return node;
    }
  }
  return undefined;
}

export function asText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : String(value);
}

function toItem(value: unknown): ActionItem | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const id = asText(raw.id);
  if (!id) return undefined;
  const item: ActionItem = { id, text: asText(raw.text ?? raw.title ?? raw.description) ?? '' };
  for (const key of [
    'sprint_id',
    'owner',
    'target_sprint',
    'priority',
    'classification',
    'type',
    'status',
    'created_at',
    'theme_hash',
    'auto_file_queued',
  ] as const) {
    const v = asText(raw[key]);
    if (v !== undefined) item[key] = v;
  }
  if (typeof raw.escalation_count === 'number') item.escalation_count = raw.escalation_count;
  return item;
}

export function itemsOf(doc: Document.Parsed): ActionItem[] {
  const js: unknown = itemsNode(doc)?.toJSON() ?? [];
  return (Array.isArray(js) ? js : []).flatMap((v) => toItem(v) ?? []);
}

/**
 * Reads the action items (`.gaia/state/action-items.yaml`, else the planning-artifacts copy). Undefined
 * when neither exists; a malformed file throws an InputError with line and column.
 */
export function readActionItems(root: string): ActionItemsFile | undefined {
  for (const path of [ACTION_ITEMS_PATH, ACTION_ITEMS_FALLBACK_PATH]) {
    const text = readTextIfExists(join(root, path));
    if (text === undefined) continue;
    const doc = parseYamlStrict(text, path);
    const version = isMap(doc.contents) ? doc.contents.get('schema_version') : undefined;
    return { path, items: itemsOf(doc), schemaVersion: typeof version === 'number' ? version : undefined };
  }
  return undefined;
}
