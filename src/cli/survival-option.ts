import { DEFAULT_SURVIVAL_AFTER_BUDGET_MS, DEFAULT_SURVIVAL_DAYS } from '../walk/survival/after-days.js';
import { parsePositive } from './args.js';

/**
 * `--survival`, `--survival-days`, `--survival-budget` of `scan` and `report`: what became of the sessions'
 * committed code N days on. Git work in each session's repository, so off unless asked for, and bounded.
 */
export const SURVIVAL_OPTIONS = {
  survival: {
    type: 'boolean',
    description:
      "show the share of each session's committed lines still alive N days after its last commit (git blame in the session's repository)",
  },
  'survival-days': {
    type: 'string',
    arg: 'N',
    description: 'with --survival: days after the commit (a younger session is measured at HEAD)',
    default: String(DEFAULT_SURVIVAL_DAYS),
  },
  'survival-budget': {
    type: 'string',
    arg: 'SECONDS',
    description: 'with --survival: time for all sessions; those left over say they were not measured',
    default: String(DEFAULT_SURVIVAL_AFTER_BUDGET_MS / 1000),
  },
} as const;

export interface SurvivalSetting {
  days: number;
  budgetMs: number;
}

/** The survival the options ask for, or undefined without `--survival` (the other two imply it). */
export function survivalOptionFrom(values: {
  survival?: boolean | undefined;
  'survival-days'?: string | undefined;
  'survival-budget'?: string | undefined;
}): SurvivalSetting | undefined {
  const days = values['survival-days'];
  const budget = values['survival-budget'];
  if (values.survival !== true && days === undefined && budget === undefined) return undefined;
  return {
    days: parsePositive(days, '--survival-days', DEFAULT_SURVIVAL_DAYS),
    budgetMs: parsePositive(budget, '--survival-budget', DEFAULT_SURVIVAL_AFTER_BUDGET_MS / 1000) * 1000,
  };
}
