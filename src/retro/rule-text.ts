import { checkRuleText as checkSafeRuleText } from '../safety/rule-text.js';

/**
 * Checks rule text typed by a user at the `[e]dit` prompt with exactly the checks a model's proposal and
 * every rules-file writer apply (checkRuleText of safety/: one line of prose of 1-200 characters, never a
 * command or a link). The text to write is the one typed, trimmed.
 */
export function checkRuleText(text: string): { ok: true; text: string } | { ok: false; reason: string } {
  const check = checkSafeRuleText(text);
  return check.ok ? check : { ok: false, reason: `the text ${check.reason}` };
}
