/** Substrings a rule may never contain: a rule is read by an agent, so it must not smuggle in actions. */
const FORBIDDEN = [
  'http://',
  'https://',
  'curl ',
  'wget ',
  'sudo ',
  'ignore previous',
  '<command-name>',
  '`',
];

/**
 * Checks rule text typed by a user at the `[e]dit` prompt with the same limits a model's proposal must
 * meet: one line, 1-200 characters, no control characters, none of the forbidden substrings.
 */
export function checkRuleText(text: string): { ok: true; text: string } | { ok: false; reason: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'the text is empty' };
  if (Array.from(trimmed).length > 200) return { ok: false, reason: 'the text is over 200 characters' };
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return { ok: false, reason: 'the text has control characters' };
  const lower = trimmed.toLowerCase();
  const bad = FORBIDDEN.find((word) => lower.includes(word));
  if (bad !== undefined) return { ok: false, reason: `the text contains '${bad.trim()}'` };
  return { ok: true, text: trimmed };
}
