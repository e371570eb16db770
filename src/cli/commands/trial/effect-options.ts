import { UsageError } from '../../../errors/errors.js';
import { cliDescription } from '../../../parameters/shared.js';
import { TRIAL_REVIEW_PARAMETERS } from '../../../trial/parameters.js';
import { TRIAL_RULES, type TrialReviewOptions, type TrialRuleName } from '../../../trial/project-review.js';

const shared = TRIAL_REVIEW_PARAMETERS;

/**
 * The decision rule and its settings, shared by `trial review`, `trial list`, `rules` and `report`; their
 * words are trial/parameters.ts's (the MCP server's trial_review says the same).
 */
export const EFFECT_OPTIONS = {
  rule: {
    type: 'string',
    choices: TRIAL_RULES,
    description: cliDescription(shared.rule),
    default: shared.rule.default,
  },
  confidence: {
    type: 'string',
    arg: 'P',
    description: cliDescription(shared.confidence),
    default: shared.confidence.default,
  },
  'cap-windows': {
    type: 'string',
    arg: 'N',
    description: cliDescription(shared.capWindows),
    default: shared.capWindows.default,
  },
  'escalate-after': {
    type: 'string',
    arg: 'N',
    description: cliDescription(shared.escalateAfter),
    default: shared.escalateAfter.default,
  },
} as const;

type EffectValues = { [K in keyof typeof EFFECT_OPTIONS]?: string | undefined };

function numberIn(text: string | undefined, name: string, low: number, high: number, whole: boolean) {
  if (text === undefined) return undefined;
  const value = Number(text);
  const shape = whole ? /^\d+$/ : /^\d*\.?\d+$/;
  if (!shape.test(text) || value <= low || value >= high) {
    const what = whole ? 'a whole number' : 'a number';
    throw new UsageError(`${name} takes ${what} above ${low} and below ${high}, got '${text}'`);
  }
  return value;
}

/** `--rule effect|seed`, `--confidence 0.95`, `--cap-windows 3`, `--escalate-after 3`. */
export function effectOptions(values: EffectValues): TrialReviewOptions {
  const rule = (values.rule ?? 'effect') as TrialRuleName;
  if (!TRIAL_RULES.includes(rule))
    throw new UsageError(`--rule must be ${TRIAL_RULES.join(' or ')}, got '${values.rule}'`);
  const confidence = numberIn(values.confidence, '--confidence', 0, 1, false);
  const capWindows = numberIn(values['cap-windows'], '--cap-windows', 0, 1000, true);
  const escalateAfter = numberIn(values['escalate-after'], '--escalate-after', 0, 1000, true);
  return {
    rule,
    settings: {
      ...(confidence === undefined ? {} : { confidence }),
      ...(capWindows === undefined ? {} : { capWindows }),
      ...(escalateAfter === undefined ? {} : { escalateAfter }),
    },
  };
}
