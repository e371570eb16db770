const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (from the store, a history file, a user) made safe for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON that can sit inside a `<script type="application/json">` element: `<`, `>` and `&` are written as
 * `\u` escapes, so no string in the data can close the element (`</script>`) or open a comment
 * (`<!--`), and U+2028/U+2029 likewise for older parsers. JSON.parse gives back the same value.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
