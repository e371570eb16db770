import type { LedgerCaps } from './caps.js';

const NEWLINE = 0x0a;

/**
 * Where the ledger's newest rows start when both caps must hold: the byte offset of the first line to keep,
 * or undefined when the content is already within the caps. Whole lines only; a line longer than the byte
 * cap is dropped too, so the caps always hold.
 */
export function offsetWithinCaps(content: Buffer, caps: LedgerCaps): number | undefined {
  let start = content.length;
  let lines = 0;
  while (start > 0) {
    // The newline that ends the previous line (skip the one that ends the line starting at `start`).
    const previousEnd = start >= 2 ? content.lastIndexOf(NEWLINE, start - 2) : -1;
    const lineStart = previousEnd + 1;
    if (lines + 1 > caps.maxLines || content.length - lineStart > caps.maxBytes) break;
    lines += 1;
    start = lineStart;
  }
  return start === 0 ? undefined : start;
}

/** Each line takes at least one byte, so content no larger than both caps cannot exceed either. */
export function mayExceedCaps(size: number, caps: LedgerCaps): boolean {
  return size > caps.maxBytes || size > caps.maxLines;
}
