/**
 * The shapes a patch is summarised into: what the collect phase produces and the link phase reads. Their
 * own file, so that neither phase imports the other for them.
 */

/** How a file changed. */
export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied';

/** A hunk's place, kept after its lines are gone. */
export interface HunkSummary {
  /** `@@ -a,b +c,d @@` (without the trailing function context). */
  range: string;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  added: number;
  deleted: number;
  /** The added lines' places on the new side, as runs of line numbers `[first, last]` (for survival). */
  addedRuns?: [number, number][];
}

/** One file of a patch, summarised: counts, hunk places and added identifiers, never the content. */
export interface FilePatch {
  path: string;
  /** The path before a rename or copy. */
  oldPath?: string;
  status: FileStatus;
  binary: boolean;
  similarity?: number;
  modeChange?: { from: string; to: string };
  added: number;
  deleted: number;
  /** Every hunk's place; `hunkCount` is their number. */
  hunks: HunkSummary[];
  hunkCount: number;
  /** Names of functions, classes and exports the added lines introduce (at most a few). */
  symbols: string[];
}
