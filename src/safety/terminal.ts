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

/** `\u001b`: a UTF-16 unit as a JSON escape, so that escaped JSON text is still the same JSON. */
function escapeUnits(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

interface TerminalSafeOptions {
  /** Keep line feeds and tabs (whole output of several lines); default false (one field of a line). */
  multiline?: boolean;
}

/**
 * Text from an untrusted source (transcripts, model output, file and folder names, git data) made safe to
 * write to a terminal: every control, format, bidi and separator character is shown as its `\uXXXX`
 * escape instead of acting on the terminal (`ESC ] 0 ;` retitles a window, `ESC [ 2 J` clears it, U+202E
 * reverses the text after it). JSON text stays valid and means the same, because the escapes are JSON's own.
 * A field keeps nothing (a newline in a folder name would forge a row); `multiline` keeps `\n` and `\t`.
 */
export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  return text.replace(HIDDEN_CHARACTERS, (char) =>
    options.multiline && (char === '\n' || char === '\t') ? char : escapeUnits(char),
  );
}
