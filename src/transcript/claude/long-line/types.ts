/**
 * A text (one string of a line) given in chunks and reduced to a short one that its consumer reads the
 * same way (the gate's: src/gate/long-text.ts). The reader holds no more than the reduced text.
 */
export interface TextReduction {
  feed(chunk: string): void;
  /** The reduced text (call once, after the last chunk). */
  finish(): string;
}

/** How a reader treats lines too long to hold. */
export interface LongLineOptions {
  /** A line longer than this many bytes is reduced while it streams, never held whole. */
  maxLineBytes: number;
  /** A reduced line whose kept structure grows past this many bytes is left out instead. */
  maxReducedBytes: number;
  /** Strings where a turn's text sits longer than this many bytes are reduced by `reduceText`. */
  textKeepBytes: number;
  /** Other strings longer than this many bytes are replaced (ids and paths by a digest of their bytes). */
  stringKeepBytes: number;
  reduceText: () => TextReduction;
  /** Told of a line whose structure alone is too large to hold (it is left out, as an unreadable line). */
  onTooLarge?: (lineNo: number) => void;
}

/** Defaults: lines up to 4 MiB are read whole; longer ones are reduced, to at most 2 MiB. */
export const LONG_LINE_BYTES = 4 * 1024 * 1024;
export const REDUCED_LINE_BYTES = 2 * 1024 * 1024;
export const TEXT_KEEP_BYTES = 8 * 1024;
export const STRING_KEEP_BYTES = 4 * 1024;
