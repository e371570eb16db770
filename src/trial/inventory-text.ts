import type { LoadProfile } from '../rules/load-cost.js';
import { CHARS_PER_TOKEN } from '../rules/rule-tokens.js';
import type { WeeklySaving } from './effect/weekly-savings.js';
import type { AgentRules, RuleEntry } from './inventory.js';

const short = (x: number) => String(Math.round(x * 100) / 100);

/** Dollars small enough to need more than cents: a rule's load is often a fraction of a cent a week. */
function dollars(value: number): string {
  if (value === 0) return '$0';
  const abs = Math.abs(value);
  const text = abs >= 1 ? abs.toFixed(2) : abs >= 0.01 ? abs.toFixed(3) : abs.toPrecision(2);
  return `${value < 0 ? '-' : ''}$${text}`;
}

function count(value: number): string {
  return value >= 10_000 ? `${short(value / 1000)}k` : String(Math.round(value));
}

function effectText(rule: RuleEntry): string {
  const e = rule.effect;
  if (e === null || e.estimate === null) return 'effect unknown';
  const ci = e.ci === null ? '' : ` [${short(e.ci[0])}, ${short(e.ci[1])}]`;
  return `effect ${short(e.estimate)}${ci} (${e.from === 'trial' ? 'in trial' : e.from})`;
}

/** What loading the rule costs a week (`loads ≈40.46k tokens a week ($0.121)`); undefined without a load profile. */
export function ruleLoadText(rule: RuleEntry): string | undefined {
  const load = rule.load;
  if (load === null) return undefined;
  return load.sessionsPerWeek === 0
    ? 'loads in no session of the last four weeks'
    : load.tokensPerWeek === null
      ? `loads in ${short(load.sessionsPerWeek)} sessions a week (their usage unknown)`
      : `loads ≈${count(load.tokensPerWeek)} tokens a week${load.costUsdPerWeek === null ? '' : ` (${dollars(load.costUsdPerWeek)})`}`;
}

/**
 * What its trial says the rule saves a week in friction spend (`saves $2.22 [$1.74, $2.94] a week in
 * friction`, "adds" when it rose), in dollars where priced, else in tokens; undefined when nothing measured.
 */
export function ruleSavesText(rule: RuleEntry): string | undefined {
  const saving = (s: WeeklySaving, show: (x: number) => string) => {
    const word = s.estimate >= 0 ? 'saves' : 'adds';
    const ci = s.low === null || s.high === null ? '' : ` [${show(s.low)}, ${show(s.high)}]`;
    return `${word} ${show(Math.abs(s.estimate))}${ci} a week in friction`;
  };
  const saves = rule.saves;
  if (saves === null) return undefined;
  if (saves.frictionCostUsdPerWeek !== null) return saving(saves.frictionCostUsdPerWeek, dollars);
  if (saves.frictionTokensPerWeek !== null)
    return saving(saves.frictionTokensPerWeek, (x) => `${count(x)} tokens`);
  return undefined;
}

/** What loading the rule costs a week, beside what its trial says it saves in friction spend. */
function costText(rule: RuleEntry): string | undefined {
  const loaded = ruleLoadText(rule);
  if (loaded === undefined) return undefined;
  const saved = ruleSavesText(rule);
  return `    ${loaded}${saved === undefined ? '' : ` · ${saved}`}`;
}

/** The load profile's line under the rules: which sessions the load a week was taken from. */
export function loadProfileText(load: LoadProfile): string {
  return `load: ${load.sessions} sessions from ${load.from} to ${load.to} (${short(load.sessionsPerWeek)} a week, ${load.withUsage} with usage${load.callsPerSession === null ? '' : `, ${short(load.callsPerSession)} calls each`}); tokens ≈ characters / ${CHARS_PER_TOKEN}, money at API prices (docs/cost.md)`;
}

/**
 * What `retrospect rules` prints: per agent its rules with cost, age, state and effect, what each costs to
 * load a week beside what it saves, and the total.
 */
export function inventoryLines(agents: readonly AgentRules[], budget: number, load?: LoadProfile): string[] {
  if (agents.length === 0) return ['No rules yet.'];
  const lines: string[] = [];
  for (const a of agents) {
    const over = a.tokens > budget ? `, over the budget of ${budget}` : '';
    lines.push(`${a.agent}: ${a.rules.length} rules, ≈${a.tokens} tokens${over}`);
    for (const r of a.rules) {
      const age = r.ageDays === null ? 'age unknown' : `${r.ageDays} days`;
      const extra = [
        r.violations > 0 ? `${r.violations} violations` : '',
        r.guard ? `guard proposed: ${r.guard}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      lines.push(`  ${r.label}: ${r.text}`);
      lines.push(
        `    ≈${r.tokens} tokens · ${age} · ${r.state} · ${effectText(r)}${extra ? ` · ${extra}` : ''}`,
      );
      const cost = costText(r);
      if (cost !== undefined) lines.push(cost);
    }
    for (const r of a.removals) lines.push(`  propose removing ${r.label} (≈${r.tokens} tokens): ${r.text}`);
  }
  if (load !== undefined) lines.push(loadProfileText(load));
  return lines;
}
