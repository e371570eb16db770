import type { AppliedChange } from './report-model.js';

/**
 * The applied changes of a run from `target<TAB>action<TAB>summary` rows, as the retro writes them. A
 * summary keeps any further tabs; missing fields are empty.
 */
export function parseAppliedRows(lines: string[]): AppliedChange[] {
  return lines.map((line) => {
    const [target = '', action = '', ...summary] = line.split('\t');
    return { target, action, summary: summary.join('\t') };
  });
}
