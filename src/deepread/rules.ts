import { readProjectTextIfExists } from '../fsx/index.js';
import { readLessonItems } from '../rules/lessons.js';
import { lessonsPaths, rulesPathsFor, TEAM_AGENTS } from '../rules/targets.js';

/** The targets whose existing rules go into the prompt, in the order of docs/design/session-retro.md §4. */
const EXISTING_RULE_TARGETS = [...TEAM_AGENTS, 'claude'] as const;
export type ExistingRuleTarget = (typeof EXISTING_RULE_TARGETS)[number];

/** A rules file bigger than this is cut (the prompt has a budget too); the cut is marked. */
const MAX_RULES_CHARS = 12_000;

/**
 * The lessons of both lessons files (`.claude/rules/retrospect-lessons.md`, then the earlier
 * `.claude/memory/claude/lessons.md`), one line each as written: the loaded file's header is not a rule.
 */
function lessonsText(mainCheckout: string): string {
  return lessonsPaths(mainCheckout)
    .flatMap((path) =>
      readLessonItems(readProjectTextIfExists(mainCheckout, path) ?? '').map((item) => item.line),
    )
    .join('\n');
}

/**
 * Existing rules per target, read from the main checkout (`.claude/memory/<agent>/directives.md`, and the
 * lessons files for `claude`); a missing or empty file is the literal `empty`, and so is one that leads out
 * of the project (its text would go into the prompt).
 */
export function loadExistingRulesText(mainCheckout: string): Record<ExistingRuleTarget, string> {
  const rules = {} as Record<ExistingRuleTarget, string>;
  for (const target of EXISTING_RULE_TARGETS) {
    let text =
      target === 'claude'
        ? lessonsText(mainCheckout)
        : rulesPathsFor(mainCheckout, target)
            .map((path) => readProjectTextIfExists(mainCheckout, path) ?? '')
            .join('\n');
    text = text.trim();
    if (text.length > MAX_RULES_CHARS)
      text = `${text.slice(0, MAX_RULES_CHARS)}\n[… rules file cut at ${MAX_RULES_CHARS} chars …]`;
    rules[target] = text.length > 0 ? text : 'empty';
  }
  return rules;
}
