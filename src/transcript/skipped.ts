/**
 * What session discovery and the scan pass over, and why: said on stderr (one summary line; `--why` lists
 * each). Discovery finds most of these kinds; the scan adds what only reading tells (empty, unreadable,
 * not a transcript, vanished).
 */
export type SkipKind =
  | 'not-a-transcript'
  | 'empty'
  | 'unreadable-file'
  | 'unreadable-folder'
  | 'special-file'
  | 'folder-named-jsonl'
  | 'link-loop'
  | 'dangling-link'
  | 'link-to-folder'
  | 'too-deep'
  | 'vanished';

export interface SkippedEntry {
  path: string;
  kind: SkipKind;
  /** The reason in words, for `--why` (`a FIFO, not a regular file`, `cannot be read (EACCES)`). */
  reason: string;
}
