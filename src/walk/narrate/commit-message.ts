/**
 * Trailer keys that say who touched a commit or where it came from, never why it was made. They are left
 * out of the body quoted as a unit's "why" wherever they stand.
 */
const PROVENANCE_TRAILERS =
  /^(signed-off-by|co-authored-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by|cc|change-id|reviewed-on|approved-by|git-svn-id|generated-by)\s*:/i;
/**
 * A trailer line: `Token: value` where the token is hyphenated (`Signed-off-by`, `Change-Id`) or one of
 * the usual reference keys, so that a last paragraph of prose such as "Note: …" is not taken for one.
 */
const TRAILER =
  /^(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+|fixes|closes|resolves|refs|see|bug|issue|link|cc|ticket)\s*:\s/i;
/** Tool footers some agents append to every message ("🤖 Generated with …"). */
const FOOTER = /^(?:🤖\s*)?generated with\b/i;
const CHERRY_PICK = /^\(cherry picked from commit [0-9a-f]+\)$/;

function isTrailerParagraph(paragraph: string): boolean {
  const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
  return (
    lines.length > 0 &&
    lines.every((line) => TRAILER.test(line) || CHERRY_PICK.test(line.trim()) || /^\s/.test(line))
  );
}

/**
 * A commit body without what only records provenance: the trailer block at its end (git's rule: a last
 * paragraph made only of `Token: value` lines), provenance trailers anywhere (`Signed-off-by:`,
 * `Co-authored-by:`, `Change-Id:`) and tool footers. What is left says why, if anything does.
 */
export function bodyWithoutTrailers(body: string): string {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  while (paragraphs.length > 0 && isTrailerParagraph(paragraphs[paragraphs.length - 1] ?? ''))
    paragraphs.pop();
  return paragraphs
    .map((p) =>
      p
        .split('\n')
        .filter((line) => !PROVENANCE_TRAILERS.test(line.trim()) && !FOOTER.test(line.trim()))
        .join('\n')
        .trim(),
    )
    .filter((p) => p !== '')
    .join('\n\n');
}

/** The first paragraph of a commit body that says something (trailers and footers left out), or ''. */
export function firstBodyParagraph(body: string): string {
  return bodyWithoutTrailers(body).split(/\n\n/)[0] ?? '';
}
