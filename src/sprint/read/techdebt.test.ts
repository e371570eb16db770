import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../test-support/sprint.js';
import { TECH_DEBT_DASHBOARD_PATH } from './paths.js';
import { readTechDebtReflection, renderTechDebtReflection } from './techdebt.js';

function withDashboard(text: string | undefined): string {
  const root = tempRoot();
  if (text !== undefined) {
    mkdirSync(dirname(join(root, TECH_DEBT_DASHBOARD_PATH)), { recursive: true });
    writeFileSync(join(root, TECH_DEBT_DASHBOARD_PATH), text);
  }
  return root;
}

const TRIAGE = `# Tech Debt Review

| Field | Value |
|---|---|
| Debt ratio (open debt / total backlog) | 12% |
| Reviewed | 2026-11-26 |

## Trend (vs Previous Review)

| Metric | Previous | Current | Delta |
|---|---|---|---|
| Debt ratio | 15% | 12% | -3% |
| Mean age (days) | 40 | 44 | +4 |

## By Category

| Category | Count | Critical | High |
|---|---|---|---|
| Design | 2 | 0 | 1 |
| Code | 7 | 1 | 2 |
| Test | 3 | 0 | 0 |
| Infrastructure | 1 | 0 | 1 |
| **Total** | 13 | 1 | 4 |
`;

describe('tech-debt reflection', () => {
  it('reads the summary layout with prior values and computes the deltas itself', () => {
    const root = withDashboard(
      '## Summary\n\n| Metric | Current | Prior | Delta |\n|---|---|---|---|\n| Debt ratio | 14% | 11% | +99% |\n| Mean age (days) | 38 | 31 | +7 |\n\n## Category Breakdown\n\n| Category | Count | Prior | Delta |\n|---|---|---|---|\n| Code | 9 | 6 | +3 |\n| Test | 6 | — | |\n',
    );
    const r = readTechDebtReflection(root);
    expect(r).toMatchObject({
      status: 'ok',
      layout: 'summary',
      ratio: { current: 14, prior: 11, delta: 3 },
      meanAge: { current: 38, prior: 31, delta: 7 },
      categories: [
        { name: 'Code', current: 9, prior: 6, delta: 3 },
        { name: 'Test', current: 6, prior: null, delta: null },
      ],
    });
    expect(renderTechDebtReflection(r)).toContain('  - Test: 6 (baseline)');
  });

  it('reads the triage template: two-column ratio row, trend table, by-category rows', () => {
    const before = TRIAGE;
    const root = withDashboard(TRIAGE);
    const r = readTechDebtReflection(root);
    expect(r).toMatchObject({
      status: 'ok',
      layout: 'triage',
      ratio: { current: 12, prior: 15, delta: -3 },
      meanAge: { current: 44, prior: 40, delta: 4 },
    });
    expect(r.status === 'ok' && r.categories?.map((c) => [c.name, c.current, c.delta])).toEqual([
      ['Design', 2, null],
      ['Code', 7, null],
      ['Test', 3, null],
      ['Infrastructure', 1, null],
    ]);
    expect(readFileSync(join(root, TECH_DEBT_DASHBOARD_PATH), 'utf8')).toBe(before);
  });

  it('marks a first sprint as baseline without dividing by zero', () => {
    const root = withDashboard(
      '| Debt ratio (open / total) | 9% |\n|---|---|\n| Mean age (days) | 0 |\n\n## By Category\n\n| Category | Count |\n|---|---|\n| Code | 4 |\n',
    );
    const lines = renderTechDebtReflection(readTechDebtReflection(root));
    expect(lines).toEqual([
      '- Debt ratio: 9% (baseline)',
      '- Mean age: 0 days (baseline)',
      '- Categories:',
      '  - Code: 4 (baseline)',
    ]);
  });

  it('says the category breakdown is unavailable for an older dashboard', () => {
    const root = withDashboard(
      '## Summary\n\n| Metric | Current | Prior | Delta |\n|---|---|---|---|\n| Debt ratio | 10% | 10% | 0 |\n',
    );
    const lines = renderTechDebtReflection(readTechDebtReflection(root));
    expect(lines).toContain('- category breakdown unavailable (older dashboard format)');
    expect(lines).toContain('- Debt ratio: 10% (prior 10%, 0 pts)');
  });

  it('turns missing, empty and unparseable dashboards into messages', () => {
    expect(renderTechDebtReflection(readTechDebtReflection(withDashboard(undefined)))).toEqual([
      'No tech debt data available',
    ]);
    expect(renderTechDebtReflection(readTechDebtReflection(withDashboard('  \n')))).toEqual([
      'tech-debt reflection unavailable: the dashboard file is empty',
    ]);
    const garbled = readTechDebtReflection(withDashboard('# Tech debt\n\nWe have some.\n'));
    expect(garbled.status).toBe('unavailable');
    expect(renderTechDebtReflection(garbled)[0]).toMatch(/^tech-debt reflection unavailable: no debt ratio/);
  });
});
