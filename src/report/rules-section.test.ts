import { describe, expect, it } from 'vitest';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { runCli } from '../test-support/cli.js';
import { trialProject } from '../test-support/trial-project.js';
import { ruleLoadText, ruleSavesText } from '../trial/inventory-text.js';
import { projectScoreSource } from '../trial/sources.js';
import { buildRulesReport } from './rules.js';
import { rulesSection } from './rules-section.js';

describe("the report's rules section", () => {
  it('shows what each rule costs to load a week and what its trial says it saves, as retrospect rules does', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    // The project's store, scanned first, as `report --mroot` and `retrospect rules` read it.
    const source = projectScoreSource({ mainCheckout: p.root, scope: 'current', env: p.env });
    const { profile } = resolveGateSettings({ env: p.env, ledger: ledgerFromEnv(p.env) });
    const rules = await buildRulesReport(p.root, source, {
      today: '2026-07-20',
      budget: 800,
      review: { profile },
    });
    const lesson = rules.agents[0]!.rules[0]!;
    // The command weighs the same sessions the same way: the same load and the same savings.
    const listed = await runCli(['rules', '--json', '--today', '2026-07-20'], { cwd: p.root, env: p.env });
    expect(listed.code, listed.stderr).toBe(0);
    const command = JSON.parse(listed.stdout);
    expect(rules.load).toEqual(command.load);
    expect(lesson.load).toEqual(command.agents[0].rules[0].load);
    expect(lesson.saves).toEqual(command.agents[0].rules[0].saves);
    expect(lesson.saves?.frictionCostUsdPerWeek?.estimate).toBeGreaterThan(0);

    const html = rulesSection(rules);
    const load = ruleLoadText(lesson)!;
    const saves = ruleSavesText(lesson)!;
    expect(load).toMatch(/^loads ≈[\d.k]+ tokens a week \(\$[\d.]+\)$/);
    expect(saves).toMatch(/^saves \$[\d.]+ \[\$[\d.]+, \$[\d.]+\] a week in friction$/);
    // In the trial's row and in the agent's list, beside its size.
    expect(html).toContain(`<td>≈${lesson.tokens} tokens<br>${load}<br>${saves}</td>`);
    expect(html).toContain(`<td>≈${lesson.tokens}</td><td>${load}</td><td>${saves}</td>`);
    expect(html).toContain('<p class="note">load: 19 sessions from 2026-06-22 to 2026-07-19 (4.75 a week');
    expect(html).toContain('prices: @pydantic/genai-prices');
  });

  it('says a rule loads in no recent session rather than showing a saving of nothing', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    // The project's store, scanned first, as `report --mroot` and `retrospect rules` read it.
    const source = projectScoreSource({ mainCheckout: p.root, scope: 'current', env: p.env });
    // Months after the sessions: none in the four weeks before the day.
    const html = rulesSection(await buildRulesReport(p.root, source, { today: '2026-12-01', budget: 800 }));
    expect(html).toContain('<td>loads in no session of the last four weeks</td><td>–</td>');
  });
});
