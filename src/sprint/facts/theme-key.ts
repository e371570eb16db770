import { createHash } from 'node:crypto';

/**
 * When two wordings are the same theme — the one place this is decided. Retros carry an action item
 * forward with changing tails (`→ backlog chore (from 25.1 review M2)`, `(from Epic 25 review)`) and
 * markup (`**bold**`, `` `code` ``); those are not part of the theme. What stays is compared in lower case
 * with whitespace collapsed, so a plain text keeps the hash `sha256(lowercase(trim(text)))` that stored
 * action items carry.
 */

/** A parenthesised tail that points somewhere else: `(from 25.1 review M2)`, `(Epic 25)`, `(#204)`. */
const REFERENCE_TAIL =
  /\s*\((?:(?:from|see|per|ref|re|via|carried|was|originally|raised|tracked|moved)\b[^()]*|[^()]*\b(?:epic|story|sprint|review|retro|issue|ticket|pr)\b[^()]*|[^()]*#\d+[^()]*|[^()]*\bAI-\d+[^()]*|\s*\d+[.-]\d+[^()]*)\)\s*[.;:]?\s*$/i;

/** An arrow to where the item went: `→ backlog chore`, `-> Story 25-3: Done`, `→ TD-15b-2`. */
const DISPOSITION_TAIL =
  /\s*(?:→|->|=>|⇒)\s*(?:backlog|story|stories|done|chore|deferred|epic|sprint|moved|carried|closed|resolved|tracked|ticket|issue|td-|pr\b|#|\d|✅|❌|still|next|follow-?up|github)[\s\S]*$/iu;

/** A spaced dash to the item's fate: `— retired from retro tracking`, `– still backlog`, `— see #204`. */
const DASH_TAIL =
  /\s+[—–]\s+(?:retired|done|still|backlog|story|deferred|moved|tracked|closed|resolved|dropped|carried|github|issue|see|superseded|✅|❌)[\s\S]*$/iu;

/** The normalised text of a theme: markup and reference tails removed, lower case, whitespace collapsed. */
export function normaliseThemeText(text: string): string {
  let t = text
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (let previous = ''; previous !== t; ) {
    previous = t;
    t = t.replace(DISPOSITION_TAIL, '').replace(DASH_TAIL, '').replace(REFERENCE_TAIL, '').trim();
  }
  return t.toLowerCase();
}

/** The theme key of an action item or finding: `sha256:<hex>` of its normalised text. */
export function themeKey(text: string): string {
  return `sha256:${createHash('sha256').update(normaliseThemeText(text), 'utf8').digest('hex')}`;
}

function bare(hash: string): string {
  return hash
    .trim()
    .toLowerCase()
    .replace(/^sha256:/, '');
}

/** Stored hashes may omit the `sha256:` prefix or differ in case; compare them in one form. */
export function sameThemeHash(a: string, b: string): boolean {
  return bare(a) === bare(b);
}

/** The canonical spelling of a stored or computed key (`sha256:` + lower-case hex). */
export function canonicalThemeKey(hash: string): string {
  return `sha256:${bare(hash)}`;
}

/**
 * The keys an action item answers to: its text's key, and the hash stored on it when that differs (an item
 * written by another tool, or before its text was edited), so neither spelling of the theme is missed.
 */
function itemThemeKeys(item: { text: string; theme_hash?: string | undefined }): string[] {
  const keys = [themeKey(item.text)];
  if (item.theme_hash && !sameThemeHash(item.theme_hash, keys[0]!))
    keys.push(canonicalThemeKey(item.theme_hash));
  return keys;
}

/** True when the item carries the theme, by either of its keys. */
export function itemHasTheme(item: { text: string; theme_hash?: string | undefined }, key: string): boolean {
  return itemThemeKeys(item).some((k) => sameThemeHash(k, key));
}
