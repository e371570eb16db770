import { type Document, isMap, isSeq, type YAMLSeq } from 'yaml';
import { readProjectTextIfExists } from '../../fsx/index.js';
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

interface ActionItemsFile {
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

/** `epic_6_retro_2026_01_24` → `epic-6`; `sprint_3_retrospective` → `sprint-3`; other keys are not retros. */
export function retroKeySprint(key: string): string | undefined {
  const match = /^(epic|sprint)[_-]?([\w.]+?)[_-]retro(?:spective)?(?:[_-]\d{4}[_-]\d{2}[_-]\d{2})?$/i.exec(
    key,
  );
  return match ? `${match[1]!.toLowerCase()}-${match[2]!.replace(/_/g, '-')}` : undefined;
}

/**
 * The third dialect, keyed by the retro that raised the items (`epic_6_retro_2026_01_24: [- id, title,
 * priority, status]`, or `epic-6: {action_items: [...]}`): each item takes its sprint from its key.
 * Keys that are not retros (`weekly_check_ins:`, `epic_kickoff_gate:`) are not items.
 */
function retroKeyedItems(doc: Document.Parsed): ActionItem[] {
  const data: unknown = doc.toJS();
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>).flatMap(([key, value]) => {
    const nested =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>).action_items
        : undefined;
    const sprint =
      retroKeySprint(key) ??
      (Array.isArray(nested) ? /^(epic|sprint)-[\w.]+$/i.exec(key)?.[0]?.toLowerCase() : undefined);
    const list = Array.isArray(value) ? value : nested;
    if (!sprint || !Array.isArray(list)) return [];
    return list.flatMap((v) => {
      const item = toItem(v);
      return item ? [{ ...item, sprint_id: item.sprint_id ?? sprint }] : [];
    });
  });
}

/** The items of an action items file in any of the three dialects. */
function itemsOfAnyDialect(doc: Document.Parsed): ActionItem[] {
  return itemsNode(doc) ? itemsOf(doc) : retroKeyedItems(doc);
}

/**
 * Reads the action items (`.gaia/state/action-items.yaml`, else the planning-artifacts copy). Undefined
 * when neither exists; a malformed file throws an InputError with line and column.
 */
export function readActionItems(root: string): ActionItemsFile | undefined {
  for (const path of [ACTION_ITEMS_PATH, ACTION_ITEMS_FALLBACK_PATH]) {
    const text = readProjectTextIfExists(root, path);
    if (text === undefined) continue;
    const doc = parseYamlStrict(text, path);
    const version = isMap(doc.contents) ? doc.contents.get('schema_version') : undefined;
    return { path, items: itemsOf(doc), schemaVersion: typeof version === 'number' ? version : undefined };
  }
  return undefined;
}

/** BMAD folders that may hold a team's own `action-items.yaml` (read-only for us). */
const BOARD_ACTION_ITEM_PATHS = [
  '_bmad-output/implementation-artifacts/action-items.yaml',
  'docs/sprint-artifacts/action-items.yaml',
  'docs/sprint-artifacts/retrospective-action-items.yaml',
  'docs/implementation-artifacts/action-items.yaml',
  'docs/action-items.yaml',
] as const;

/**
 * The action items a BMAD project keeps itself, in whichever dialect (read-only: our writes go to the
 * `.gaia/` store). A malformed file throws an InputError with line and column.
 */
export function readBoardActionItems(root: string, folders: readonly string[] = []): ActionItemsFile[] {
  const paths = [...new Set([...folders.map((f) => `${f}/action-items.yaml`), ...BOARD_ACTION_ITEM_PATHS])];
  return paths.flatMap((path) => {
    const text = readProjectTextIfExists(root, path);
    if (text === undefined) return [];
    const doc = parseYamlStrict(text, path);
    return [{ path, items: itemsOfAnyDialect(doc), schemaVersion: undefined }];
  });
}
