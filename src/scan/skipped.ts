import type { SkipKind, SkippedEntry } from '../transcript/skipped.js';

export type { SkipKind, SkippedEntry } from '../transcript/skipped.js';

const SUMMARY_WORDS: Record<SkipKind, [one: string, many: string]> = {
  'not-a-transcript': ['not a transcript of a known agent', 'not transcripts of a known agent'],
  empty: ['empty file', 'empty files'],
  'unreadable-file': ['unreadable file', 'unreadable files'],
  'unreadable-folder': ['unreadable folder', 'unreadable folders'],
  'special-file': ['FIFO, socket or device', 'FIFOs, sockets or devices'],
  'folder-named-jsonl': ['folder named like a transcript', 'folders named like transcripts'],
  'link-loop': ['symbolic link loop', 'symbolic link loops'],
  'dangling-link': ['dangling symbolic link', 'dangling symbolic links'],
  'link-to-folder': ['symbolic link to a folder (not followed)', 'symbolic links to folders (not followed)'],
  'too-deep': ['folder nested too deep', 'folders nested too deep'],
  vanished: ['file deleted while scanning', 'files deleted while scanning'],
};

/**
 * The one stderr line that says what a scan passed over, grouped by why (`skipped 3: 2 not transcripts of a
 * known agent, 1 FIFO, socket or device`), or undefined when nothing was skipped.
 */
export function skippedSummary(skipped: readonly SkippedEntry[], listed: boolean): string | undefined {
  if (skipped.length === 0) return undefined;
  const counts = new Map<SkipKind, number>();
  for (const entry of skipped) counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1);
  // In a fixed order, whatever order the walk met them in.
  const kinds = Object.keys(SUMMARY_WORDS) as SkipKind[];
  const parts = kinds
    .filter((kind) => counts.has(kind))
    .map((kind) => {
      const n = counts.get(kind) ?? 0;
      return `${n} ${SUMMARY_WORDS[kind][n === 1 ? 0 : 1]}`;
    });
  return `skipped ${skipped.length}: ${parts.join(', ')}${listed ? '' : ' (--why lists them)'}`;
}

/** `--why`: one line per skipped entry, in path order. */
export function skippedLines(skipped: readonly SkippedEntry[]): string[] {
  return [...skipped]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((entry) => `skipped ${entry.path}: ${entry.reason}`);
}
