import { readRegularText } from '../fsx/read-regular.js';
import { readDirectiveItems } from '../rules/directives.js';
import { readLessonItems } from '../rules/lessons.js';
import { type LoadProfile, type RuleLoadCost, ruleLoadCost } from '../rules/load-cost.js';
import { estimateRuleTokens } from '../rules/rule-tokens.js';
import { directivesPath, lessonsPaths, type RuleOwner, TEAM_AGENTS } from '../rules/targets.js';
import { utcMidnightEpoch } from './dates.js';
import { type RuleSavings, weeklySavings } from './effect/weekly-savings.js';
import { historyEffectsOf } from './inventory-history.js';
import type { TrialEvaluation } from './review.js';
import { readRuleMeta, ruleKey } from './rule-meta.js';
import { describeTrialState } from './state.js';

/** What a rule's effect is known to be: measured in its trial (running or decided), or not at all. */
export interface RuleEffect {
  estimate: number | null;
  ci: [number, number] | null;
  unit: string;
  /** `trial` while it runs; the recorded decision (KEEP...) once decided. */
  from: string;
}

/** One rule an agent loads, with what it costs and what it is known to do. */
export interface RuleEntry {
  agent: RuleOwner;
  /** `ic5 #3`, or `claude lesson`. */
  label: string;
  text: string;
  path: string;
  lineIndex: number;
  /** Estimated tokens (≈) of the line as the agent reads it, comment included (src/rules/rule-tokens.ts). */
  tokens: number;
  /** What loading it costs a week, from the project's recent sessions; null without a load profile. */
  load: RuleLoadCost | null;
  /** The friction spend its trial says it saves a week; null when its trial measured none (or it has none). */
  saves: RuleSavings | null;
  /** Whole days since the trial started or the rule's evidence was filed; null when unknown. */
  ageDays: number | null;
  /** `permanent`, or the trial's state (`open: 3/10 sessions`, `due: KEEP`...). */
  state: string;
  effect: RuleEffect | null;
  violations: number;
  /** The guard proposed for it, if any. */
  guard: string | null;
}

export interface AgentRules {
  agent: RuleOwner;
  rules: RuleEntry[];
  tokens: number;
  /** The rules proposed for removal to bring the agent within the budget, weakest first. */
  removals: RuleEntry[];
}

function read(path: string): string {
  try {
    return readRegularText(path);
  } catch {
    return '';
  }
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function daysBetween(from: string | undefined, today: string): number | null {
  const start = from === undefined ? undefined : utcMidnightEpoch(from.slice(0, 10));
  const end = utcMidnightEpoch(today);
  return start === undefined || end === undefined ? null : Math.max(0, Math.floor((end - start) / 86_400));
}

/**
 * How weak a rule is, for the budget: a trial whose evidence says REVERT or INCONCLUSIVE first, then a
 * rule whose effect so far is no improvement, then a rule with no measured effect, then rules that
 * measurably lowered friction (the smallest effect first). Larger rules go first within a rank, since
 * removing them frees the most context.
 */
function weakness(rule: RuleEntry): number {
  if (/due: (REVERT|INCONCLUSIVE)/.test(rule.state)) return 0;
  const e = rule.effect;
  if (e === null || e.estimate === null) return 2;
  if (e.estimate >= 0) return 1;
  const proven = (e.ci !== null && e.ci[1] < 0) || e.from === 'KEEP';
  return proven ? 3 + 1 / (1 + Math.abs(e.estimate)) : 2.5;
}

/** The weakest rules whose removal brings `tokens` down to `budget` (none when within it). */
function removalsFor(rules: readonly RuleEntry[], tokens: number, budget: number): RuleEntry[] {
  if (tokens <= budget) return [];
  const order = [...rules].sort((a, b) => weakness(a) - weakness(b) || b.tokens - a.tokens);
  const removals: RuleEntry[] = [];
  let left = tokens;
  for (const rule of order) {
    if (left <= budget) break;
    removals.push(rule);
    left -= rule.tokens;
  }
  return removals;
}

/**
 * Every rule the agents load (the seven agents' numbered directives, then Claude's lessons), with its
 * token cost, age, trial state and measured effect, and per agent the total and, above `budget` tokens,
 * the weakest rules proposed for removal. `evaluations` are the project's trial evaluations (see
 * reviewTrials); decided rules take their effect from the directive history. Only reads.
 */
export function ruleInventory(
  mainCheckout: string,
  evaluations: readonly TrialEvaluation[],
  today: string,
  budget: number,
  load?: LoadProfile,
): AgentRules[] {
  const meta = readRuleMeta(mainCheckout);
  const history = historyEffectsOf(mainCheckout);
  const trials = new Map(evaluations.map((e) => [`${e.trial.path}\n${e.trial.lineIndex}`, e]));
  const entry = (
    agent: RuleOwner,
    path: string,
    item: { lineIndex: number; line: string; text: string; number?: number },
  ): RuleEntry => {
    const evaluation = trials.get(`${path}\n${item.lineIndex}`);
    const effect = evaluation?.effect;
    const decided = history.get(`${agent}\n${item.text}`);
    const interval = effect?.interval;
    const tokens = estimateRuleTokens(`${item.line}\n`);
    return {
      agent,
      label: item.number === undefined ? `${agent} lesson` : `${agent} #${item.number}`,
      text: item.text,
      path,
      lineIndex: item.lineIndex,
      tokens,
      load: load === undefined ? null : ruleLoadCost(tokens, load),
      // A rule on trial saves what its review measures; a decided one what its decision recorded.
      saves:
        (load === undefined
          ? undefined
          : weeklySavings(evaluation?.cost ?? decided?.spend, load.sessionsPerWeek)) ?? null,
      ageDays: daysBetween(
        evaluation?.trial.start ?? meta.get(ruleKey(item.text))?.ts ?? decided?.trialStart,
        today,
      ),
      state: evaluation === undefined ? 'permanent' : describeTrialState(evaluation),
      effect:
        interval !== undefined && effect !== undefined
          ? {
              estimate: interval.estimate === undefined ? null : round4(interval.estimate),
              ci: interval.ok ? [round4(interval.low), round4(interval.high)] : null,
              unit: effect.normalised ? 'gate points per 100 turns' : 'gate score per session',
              from: 'trial',
            }
          : (decided?.effect ?? null),
      violations: effect?.violations.length ?? 0,
      guard: effect?.escalation?.kind ?? null,
    };
  };
  const agents: AgentRules[] = [];
  const add = (agent: RuleOwner, rules: RuleEntry[]) => {
    if (rules.length === 0) return;
    const tokens = rules.reduce((sum, r) => sum + r.tokens, 0);
    agents.push({ agent, rules, tokens, removals: removalsFor(rules, tokens, budget) });
  };
  for (const agent of TEAM_AGENTS) {
    const path = directivesPath(mainCheckout, agent);
    add(
      agent,
      readDirectiveItems(read(path)).map((item) => entry(agent, path, item)),
    );
  }
  add(
    'claude',
    lessonsPaths(mainCheckout).flatMap((path) =>
      readLessonItems(read(path)).map((item) => entry('claude', path, item)),
    ),
  );
  return agents;
}
