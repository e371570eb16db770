import { findTrialRules, type TrialRule, trialLabel } from '../trial/review.js';
import { checkRulesText, type ExperimentRules } from './rules-file.js';

/** The "with" arm's rules taken from the project's trials, with the trials they came from. */
export interface RulesOnTrial extends ExperimentRules {
  /** The rules on trial that were taken, in the order `trial list` shows them (duplicates once). */
  taken: TrialRule[];
}

/** One line per rule taken, as stderr names them: `claude lesson: <text>`. */
export function takenRuleLines(rules: RulesOnTrial): string[] {
  return rules.taken.map((trial) => `${trialLabel(trial)}: ${trial.ruleText}`);
}

/**
 * The rules currently on trial in the project (every rule with a complete trial comment, as `trial list`
 * finds them: the team agents' directives, then the lessons for plain Claude) as one Markdown file of
 * rules, the way `.claude/rules/*.md` holds them: a heading and one `- <rule>` line each. The trial
 * comment is left out: it is the trial's bookkeeping, and the experiment compares the rule, not its
 * dates. A list number is left out too, since it numbers the rule in its own file only. A rule found in
 * two files (a lesson not yet moved from the earlier lessons file) is taken once. Undefined when no rule
 * is on trial. Reading never writes.
 */
export function rulesOnTrial(mainCheckout: string): RulesOnTrial | undefined {
  const seen = new Set<string>();
  const taken = findTrialRules(mainCheckout).filter((trial) => {
    if (seen.has(trial.ruleText)) return false;
    seen.add(trial.ruleText);
    return true;
  });
  if (taken.length === 0) return undefined;
  const source = `the ${taken.length} rule${taken.length === 1 ? '' : 's'} on trial`;
  const text = ['# Rules on trial', '', ...taken.map((trial) => `- ${trial.ruleText}`), ''].join('\n');
  return { source, text: checkRulesText(text, source), taken };
}
