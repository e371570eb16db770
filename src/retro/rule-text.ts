import { ruleTextProblem } from '../deepread/validate.js';

/**
 * Checks rule text typed by a user at the `[e]dit` prompt with exactly the limits a model's proposal must
 * meet (the deep read's validation): 1-200 characters, no control characters, none of the forbidden
 * substrings (URLs, shell commands, backticks, `<command-name>`, "ignore previous").
 */
export function checkRuleText(text: string): { ok: true; text: string } | { ok: false; reason: string } {
  const trimmed = text.trim();
  const problem = ruleTextProblem(trimmed);
  return problem === undefined
    ? { ok: true, text: trimmed }
    : { ok: false, reason: problem.replace('proposed_text', 'the text') };
}
