import type { AgentRules, RuleEntry } from './inventory.js';

const short = (x: number) => String(Math.round(x * 100) / 100);

function effectText(rule: RuleEntry): string {
  const e = rule.effect;
  if (e === null || e.estimate === null) return 'effect unknown';
  const ci = e.ci === null ? '' : ` [${short(e.ci[0])}, ${short(e.ci[1])}]`;
  return `effect ${short(e.estimate)}${ci} (${e.from === 'trial' ? 'in trial' : e.from})`;
}

/** What `retrospect rules` prints: per agent its rules with cost, age, state and effect, and the total. */
export function inventoryLines(agents: readonly AgentRules[], budget: number): string[] {
  if (agents.length === 0) return ['No rules yet.'];
  const lines: string[] = [];
  for (const a of agents) {
    const over = a.tokens > budget ? `, over the budget of ${budget}` : '';
    lines.push(`${a.agent}: ${a.rules.length} rules, ~${a.tokens} tokens${over}`);
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
        `    ~${r.tokens} tokens · ${age} · ${r.state} · ${effectText(r)}${extra ? ` · ${extra}` : ''}`,
      );
    }
    for (const r of a.removals) lines.push(`  propose removing ${r.label} (~${r.tokens} tokens): ${r.text}`);
  }
  return lines;
}
