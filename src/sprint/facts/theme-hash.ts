import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Theme key of an item or finding: lowercase, trim, collapse whitespace runs, SHA-256 (`sha256:<hex>`). */
export function themeHash(text: string): string {
  return `sha256:${sha256Hex(text.toLowerCase().trim().replace(/\s+/g, ' '))}`;
}

/** Stored hashes may omit the `sha256:` prefix; compare them in one form. */
export function sameThemeHash(a: string, b: string): boolean {
  const bare = (h: string) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^sha256:/, '');
  return bare(a) === bare(b);
}
