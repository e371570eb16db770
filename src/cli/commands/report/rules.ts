import { resolve } from 'node:path';
import { UsageError } from '../../../errors/errors.js';
import type { ReportProject } from '../../../report/project-sections.js';
import { DEFAULT_RULE_BUDGET } from '../rules.js';

/** `report --mroot DIR [--budget TOKENS]`: the project whose rules and trial decisions the report adds. */
export function reportProject(mroot: string, budgetText: string | undefined, cwd: string): ReportProject {
  if (budgetText !== undefined && !/^\d+$/.test(budgetText))
    throw new UsageError(`--budget takes a whole number of tokens, got '${budgetText}'`);
  const budget = budgetText === undefined ? DEFAULT_RULE_BUDGET : Number(budgetText);
  return { mainCheckout: resolve(cwd, mroot), budget };
}
