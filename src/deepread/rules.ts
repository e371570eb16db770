import { readTextIfExists } from '../fsx/index.js';
import { rulesPathFor, TEAM_AGENTS } from '../rules/targets.js';

/** The targets whose existing rules go into the prompt, in the seed's order. */
export const EXISTING_RULE_TARGETS = [...TEAM_AGENTS, 'claude'] as const;
export type ExistingRuleTarget = (typeof EXISTING_RULE_TARGETS)[number];

/** A rules file bigger than this is cut (the prompt has a budget too); the cut is marked. */
const MAX_RULES_CHARS = 12_000;

/**
 * Existing rules per target, read from the main checkout (`.claude/memory/<agent>/directives.md`, and
 * `.claude/memory/claude/lessons.md` for `claude`); a missing or empty file is the literal `empty`.
 */
export function loadExistingRulesText(mainCheckout: string): Record<ExistingRuleTarget, string> {
  const rules = {} as Record<ExistingRuleTarget, string>;
  for (const target of EXISTING_RULE_TARGETS) {
    const path = rulesPathFor(mainCheckout, target);
    let text = (path === undefined ? undefined : readTextIfExists(path))?.trim() ?? '';
    if (text.length > MAX_RULES_CHARS)
      text = `${text.slice(0, MAX_RULES_CHARS)}\n[… rules file cut at ${MAX_RULES_CHARS} chars …]`;
    rules[target] = text.length > 0 ? text : 'empty';
  }
  return rules;
}
