import type { AgentRules, RuleEntry } from '../trial/inventory.js';
import { loadProfileText, ruleLoadText, ruleSavesText } from '../trial/inventory-text.js';
import { trialLabel } from '../trial/review.js';
import type { TrialSummary } from '../trial/state.js';
import { escapeHtml as e } from './escape.js';
import type { RulesReport } from './types.js';

const short = (x: number) => String(Math.round(x * 100) / 100);

/**
 * The interval as a small inline drawing: a line from low to high on a scale symmetric around zero, a dot
 * at the estimate, zero marked. Numbers only reach the SVG as coordinates computed here.
 */
function intervalSvg(estimate: number, ci: [number, number], scale: number): string {
  const x = (v: number) => (100 + (Math.max(-scale, Math.min(scale, v)) / scale) * 90).toFixed(1);
  const colour = ci[1] < 0 ? '#1b7f3b' : ci[0] > 0 ? '#b3261e' : '#666';
  return `<svg class="ci" width="200" height="16" viewBox="0 0 200 16" role="img" aria-label="interval ${short(ci[0])} to ${short(ci[1])}"><line x1="100" y1="1" x2="100" y2="15" stroke="#bbb"/><line x1="${x(ci[0])}" y1="8" x2="${x(ci[1])}" y2="8" stroke="${colour}" stroke-width="3"/><circle cx="${x(estimate)}" cy="8" r="3.5" fill="${colour}"/></svg>`;
}

function effectCell(t: TrialSummary, scale: number): string {
  const effect = t.effect;
  if (effect === undefined) return 'seed rule: no interval';
  if (effect.estimate === null) return '<span class="note">no scored sessions yet</span>';
  if (effect.ci === null)
    return `${short(effect.estimate)} <span class="note">(too few sessions for an interval)</span>`;
  return `${short(effect.estimate)} [${short(effect.ci[0])}, ${short(effect.ci[1])}]<br>${intervalSvg(effect.estimate, effect.ci, scale)}`;
}

function frictionCell(t: TrialSummary): string {
  const effect = t.effect;
  if (effect === undefined) return `${e(t.baseline.mean)} → ${e(t.inTrial.mean)} (means)`;
  return `${short(effect.baseline.friction)} (n=${effect.baseline.n}) → ${short(effect.inTrial.friction)} (n=${effect.inTrial.n})`;
}

function patternCell(t: TrialSummary): string {
  const p = t.effect?.pattern;
  if (p === undefined) return '–';
  const what = p.mechanism ?? p.signals.join('+');
  return `${e(what)}: ${p.baseline.count} → ${p.inTrial.count}<br><span class="note">${short(p.baseline.per100Turns)} → ${short(p.inTrial.per100Turns)} per 100 turns</span>`;
}

function violationsCell(t: TrialSummary): string {
  const effect = t.effect;
  if (effect === undefined || effect.violations.length === 0) return '0';
  const items = effect.violations
    .slice(0, 20)
    .map((v) => `<li><code>${e(v.sessionId)}</code> <code>${e(v.messageId)}</code>: ${e(v.excerpt)}</li>`);
  const guard =
    effect.escalation === null
      ? ''
      : `<p class="note">Proposed guard: <code>retrospect init --guard ${e(effect.escalation.kind)}</code> (${e(effect.escalation.description)})</p>`;
  return `<details><summary>${effect.violations.length}</summary><ul>${items.join('')}</ul>${guard}</details>`;
}

/** A rule's size, what loading it costs a week and what its trial says it saves, as `retrospect rules` says it. */
function ruleCost(rule: RuleEntry): string {
  const lines = [`≈${rule.tokens} tokens`, ruleLoadText(rule), ruleSavesText(rule)];
  return lines.flatMap((line) => (line === undefined ? [] : [e(line)])).join('<br>');
}

function costOf(agents: readonly AgentRules[], t: TrialSummary): string {
  const rule = agents.flatMap((a) => a.rules).find((r) => r.path === t.path && r.text === t.rule);
  return rule === undefined ? '–' : ruleCost(rule);
}

function trialRow(t: TrialSummary, agents: readonly AgentRules[], scale: number): string {
  const cells = [
    `<strong>${e(trialLabel(t))}</strong><br>${e(t.rule)}`,
    e(t.state),
    effectCell(t, scale),
    frictionCell(t),
    patternCell(t),
    violationsCell(t),
    costOf(agents, t),
  ];
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

function ruleRow(r: RuleEntry, removing: boolean): string {
  const effect =
    r.effect === null || r.effect.estimate === null
      ? '<span class="note">unknown</span>'
      : `${short(r.effect.estimate)}${r.effect.ci === null ? '' : ` [${short(r.effect.ci[0])}, ${short(r.effect.ci[1])}]`} (${e(r.effect.from === 'trial' ? 'in trial' : r.effect.from)})`;
  const cells = [
    e(r.label),
    e(r.text),
    `≈${r.tokens}`,
    e(ruleLoadText(r) ?? '–'),
    e(ruleSavesText(r) ?? '–'),
    r.ageDays === null ? '–' : `${r.ageDays} d`,
    e(r.state),
    effect,
    removing ? '<span class="decision revert">propose removing</span>' : '',
  ];
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

/**
 * "Do the rules work?": every rule on trial as `trial list` shows it (open trials too) with its effect
 * and interval, its friction and pattern before and during, its violations and cost; then every rule the
 * agents load with its cost and what is known of its effect, per agent, with the budget's proposals.
 */
export function rulesSection(rules: RulesReport | undefined): string {
  if (rules === undefined) return '';
  const intervals = rules.trials.flatMap((t) => (t.effect?.ci ? t.effect.ci.map(Math.abs) : []));
  const scale = Math.max(1, ...intervals);
  const trials =
    rules.trials.length === 0
      ? '<p class="note">No rules on trial.</p>'
      : `<table id="rule-trials"><thead><tr><th>rule</th><th>state</th><th>effect [interval]</th><th>friction before → during</th><th>its pattern before → during</th><th>violations</th><th>cost a week</th></tr></thead><tbody>${rules.trials.map((t) => trialRow(t, rules.agents, scale)).join('')}</tbody></table>`;
  const agents = rules.agents.map((a) => {
    const over = a.tokens > rules.budget ? ` — over the budget of ${rules.budget}` : '';
    const removing = new Set(a.removals);
    return `<h3>${e(a.agent)}: ${a.rules.length} rules, ≈${a.tokens} tokens${over}</h3><table class="rule-costs"><thead><tr><th>rule</th><th>text</th><th>tokens</th><th>load a week</th><th>saves a week</th><th>age</th><th>state</th><th>effect</th><th></th></tr></thead><tbody>${a.rules.map((r) => ruleRow(r, removing.has(r))).join('')}</tbody></table>`;
  });
  return `<section id="rules"><h2>Do the rules work?</h2>
<p class="note">Weighed on ${e(rules.today)}. Effect: the change in friction per session (gate points per 100 turns, uncapped) from the sessions before a rule to those during its trial, estimated by Hodges–Lehmann with a Mann–Whitney interval; a rule is kept when the whole interval lies below zero (green), reverted when above (red), and otherwise runs on until its cap, when it is removed as inconclusive. Its pattern: how often what the rule is about happened, before and during.</p>
${trials}
<h3>What the agents load</h3>
${agents.join('\n') || '<p class="note">No rules yet.</p>'}
${rules.agents.length === 0 ? '' : `<p class="note">${e(loadProfileText(rules.load))}; prices: ${e(rules.prices.map((p) => `${p.name} of ${p.date}`).join(', '))}. What a rule saves: its trial's shift in friction spend per session, times the sessions a week.</p>`}</section>`;
}
