import { editActionItems } from './action-items.js';
import { AUTO_FILE_TYPES } from './lesson-types.js';

interface AutoFileOutcome {
  id: string;
  line: string;
}

function commandFor(type: string, text: string): string {
  const command = type === 'new-story' ? '/gaia-create-story' : '/gaia-add-feature';
  return `${command} --text ${JSON.stringify(text)}`;
}

/**
 * `--auto-file`: items of an eligible type are queued for the filing command (`auto_file_queued` on the
 * item, for the next action-items pass to drain with its confirmation prompt); other types, and items with
 * a classification instead of a type, are skipped. Each item gets its outcome line.
 */
export function queueAutoFile(root: string, ids: string[]): AutoFileOutcome[] {
  const { result } = editActionItems(root, ({ items, nodeOf }) => {
    let changed = false;
    const outcomes = ids.map((id): AutoFileOutcome => {
      const item = items.find((i) => i.id === id);
      const node = nodeOf(id);
      if (!item || !node) return { id, line: `${id}: not found in the action items; not filed` };
      if (!item.type) return { id, line: `${id}: skipped (classification entry, never auto-filed)` };
      if (!(AUTO_FILE_TYPES as readonly string[]).includes(item.type)) {
        return { id, line: `${id}: skipped (type ${item.type} is not eligible)` };
      }
      const queued = commandFor(item.type, item.text);
      if (item.auto_file_queued !== queued) {
        node.set('auto_file_queued', queued);
        changed = true;
      }
      return { id, line: `${id}: auto_file: substrate-deferred — no spawn; queued ${queued}` };
    });
    return { changed, result: outcomes };
  });
  return result;
}
