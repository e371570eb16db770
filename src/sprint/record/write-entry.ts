import { InputError } from '../../errors/errors.js';
import { parseYamlData } from '../read/yaml-strict.js';
import { upsertActionItem } from './action-items.js';
import { authorizeTarget, targetPath } from './allowlist.js';
import { type WriteResult, writeMemoryEntry } from './writers.js';

interface SprintWrite {
  root: string;
  /** As given on the command line: absolute, or relative to the root. */
  target: string;
  /** Already trimmed; empty is refused with `missing_sprint_id`. */
  sprintId: string;
  /** Markdown for a memory file; a YAML mapping for the action items. */
  payload: string;
  /** Read only when something is written: a refused write never consults the clock. */
  now: () => Date;
}

/** A writer's result; action items also report the id they were given. */
type SprintWriteResult = WriteResult & { id?: string; note?: string };

/** An action item payload is a YAML mapping with at least `text`. */
function writeActionItem(root: string, sprintId: string, payload: string, now: Date): SprintWriteResult {
  const data: unknown = parseYamlData(payload, 'the action item payload');
  if (!data || typeof data !== 'object' || typeof (data as { text?: unknown }).text !== 'string') {
    throw new InputError(
      'an action item payload is a YAML mapping with at least `text:` (and owner, target_sprint, ...)',
    );
  }
  const item = data as Record<string, string>;
  const written = upsertActionItem(root, { ...item, sprint_id: sprintId, text: item.text! }, now);
  return {
    status: written.status,
    target: written.target,
    id: written.id,
    ...(written.createdFrom
      ? { note: `created ${written.target} from ${written.createdFrom}, which is left as it was` }
      : {}),
  };
}

/**
 * One write through the shared writers: an allowlisted action items file takes a YAML item, every other
 * target goes to the memory writer (which refuses what is not on the allowlist).
 */
export function writeSprintEntry(request: SprintWrite): SprintWriteResult {
  const { root, sprintId, payload, now } = request;
  const target = targetPath(root, request.target);
  const auth = authorizeTarget(root, target);
  if (sprintId === '') return { status: 'missing_sprint_id', reason: 'a sprint id is required' };
  if (auth.ok && auth.rel.endsWith('action-items.yaml'))
    return writeActionItem(root, sprintId, payload, now());
  return writeMemoryEntry({ root, target, sprintId, payload, now: now() });
}
