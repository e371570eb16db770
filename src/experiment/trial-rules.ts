import { InputError } from '../errors/errors.js';
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
  const taken = distinctTrials(mainCheckout);
  return asRulesFile(taken, `the ${taken.length} rule${taken.length === 1 ? '' : 's'} on trial`);
}

function distinctTrials(mainCheckout: string): TrialRule[] {
  const seen = new Set<string>();
  return findTrialRules(mainCheckout).filter((trial) => {
    if (seen.has(trial.ruleText)) return false;
    seen.add(trial.ruleText);
    return true;
  });
}

function asRulesFile(taken: TrialRule[], source: string): RulesOnTrial | undefined {
  if (taken.length === 0) return undefined;
  const text = ['# Rules on trial', '', ...taken.map((trial) => `- ${trial.ruleText}`), ''].join('\n');
  return { source, text: checkRulesText(text, source), taken };
}

const spaced = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const unspaced = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * The rule of one trial, named as `trial list` names it: its label (`ic5 #3`, `ic5#3`; a lesson's
 * `claude lesson` when the project has one lesson on trial) or the rule's own text (as `trial review
 * --record-decision --directive` names it). A name that fits no trial, or several, is a one-line error
 * listing the trials there are.
 */
export function ruleOfTrial(mainCheckout: string, name: string): RulesOnTrial {
  const trials = distinctTrials(mainCheckout);
  const listed = () =>
    trials.length === 0
      ? 'no rule is on trial there (see retrospect trial list)'
      : `the trials are ${trials.map((t) => `'${trialLabel(t)}'`).join(', ')}`;
  const byText = trials.filter((t) => spaced(t.ruleText) === spaced(name));
  const byLabel = trials.filter((t) => unspaced(trialLabel(t)) === unspaced(name));
  const found = byText.length > 0 ? byText : byLabel;
  if (found.length === 1)
    return asRulesFile(found, `the rule of trial ${trialLabel(found[0] as TrialRule)}`) as RulesOnTrial;
  if (found.length > 1)
    throw new InputError(
      `trial ${name}: ${found.length} trials are named so in ${mainCheckout}; name one by its rule's text (${found.map((t) => `"${t.ruleText.slice(0, 60)}"`).join(', ')})`,
    );
  throw new InputError(`trial ${name}: no trial of that name in ${mainCheckout}; ${listed()}`);
}
