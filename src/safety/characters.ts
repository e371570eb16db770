/**
 * Characters that have no place in one line of text shown to a person or an agent: controls (C0, DEL,
 * C1), format characters (zero-width, bidirectional overrides and isolates, BOM, soft hyphen, tags), line
 * and paragraph separators, and lone surrogates. They can hide text, reorder it on screen, break a line
 * in two, or drive a terminal.
 */
export const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** `U+202E`: how a code point is named in messages. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
