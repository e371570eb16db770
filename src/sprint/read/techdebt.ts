import { readProjectTextIfExists } from '../../fsx/index.js';
import { pipeCells, sectionLines, splitFrontMatter, tableHeader, tableRows } from './markdown.js';
import { TECH_DEBT_DASHBOARD_PATH } from './paths.js';

interface MetricDelta {
  current: number;
  /** null on a first sprint (baseline). */
  prior: number | null;
  delta: number | null;
}

interface CategoryDelta extends MetricDelta {
  name: string;
}

export type TechDebtReflection =
  | { status: 'missing'; message: string }
  | { status: 'unavailable'; reason: string; message: string }
  | {
      status: 'ok';
      layout: 'summary' | 'triage';
      ratio: MetricDelta | null;
      meanAge: MetricDelta | null;
      /** null for an older dashboard without a category breakdown. */
      categories: CategoryDelta[] | null;
      notes: string[];
    };

/** A number from a cell (`12%`, `34 days`, `1,204`); undefined for `—`, `n/a`, `baseline` and the like. */
function numberIn(cell: string | undefined): number | undefined {
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(cell ?? '');
  if (!match) return undefined;
  return Number(match[0].replace(/,/g, ''));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function metricDelta(current: number | undefined, prior: number | undefined): MetricDelta | null {
  if (current === undefined) return null;
  if (prior === undefined) return { current, prior: null, delta: null };
  return { current, prior, delta: round(current - prior) };
}

const isRatio = (name: string) => /^debt ratio/i.test(name);
const isMeanAge = (name: string) => /^(mean|average) age/i.test(name);

/** Layout (a): `## Summary` | Metric | Current | Prior | Delta | and `## Category Breakdown`. */
function readSummaryLayout(
  body: string,
): Omit<Extract<TechDebtReflection, { status: 'ok' }>, 'status' | 'notes'> {
  const summary = tableRows(sectionLines(body, 'Summary') ?? []);
  const row = (test: (n: string) => boolean) => summary.find(([name = '']) => test(name));
  const ratioRow = row(isRatio);
  const ageRow = row(isMeanAge);
  const breakdown = sectionLines(body, 'Category Breakdown');
  return {
    layout: 'summary',
    ratio: metricDelta(numberIn(ratioRow?.[1]), numberIn(ratioRow?.[2])),
    meanAge: metricDelta(numberIn(ageRow?.[1]), numberIn(ageRow?.[2])),
    categories: breakdown ? categoriesFrom(tableRows(breakdown), 1, 2) : null,
  };
}

function categoriesFrom(rows: string[][], countAt: number, priorAt: number | undefined): CategoryDelta[] {
  return rows.flatMap(([name = '', ...cells]) => {
    const current = numberIn(cells[countAt - 1]);
    if (!name || /^total$/i.test(name.replace(/\*/g, '')) || current === undefined) return [];
    const prior = priorAt === undefined ? undefined : numberIn(cells[priorAt - 1]);
    return [{ name: name.replace(/\*/g, ''), ...metricDelta(current, prior)! }];
  });
}

/**
 * Layout (b), the triage template: a 2-column `| Debt ratio (...) | 12% |` row, a
 * `## Trend (vs Previous Review)` table | Metric | Previous | Current | Delta | and `## By Category` rows.
 */
function readTriageLayout(
  body: string,
): Omit<Extract<TechDebtReflection, { status: 'ok' }>, 'status' | 'notes'> {
  const allRows = body.split('\n').flatMap((l) => {
    const cells = pipeCells(l);
    return cells ? [cells] : [];
  });
  const twoColumn = (test: (n: string) => boolean) =>
    allRows.find((cells) => cells.length === 2 && test(cells[0] ?? ''))?.[1];
  const trendLines = sectionLines(body, 'Trend (vs Previous Review)') ?? [];
  const trend = tableRows(trendLines);
  const header = tableHeader(trendLines) ?? [];
  const previousAt = Math.max(header.indexOf('previous'), 1);
  const currentAt = Math.max(header.indexOf('current'), 2);
  const trendOf = (test: (n: string) => boolean) => {
    const cells = trend.find(([name = '']) => test(name));
    return cells ? { current: numberIn(cells[currentAt]), prior: numberIn(cells[previousAt]) } : undefined;
  };
  const ratioTrend = trendOf(isRatio);
  const ageTrend = trendOf(isMeanAge);
  const byCategory = sectionLines(body, 'By Category');
  const categoryHeader = byCategory ? (tableHeader(byCategory) ?? []) : [];
  const countAt = Math.max(
    categoryHeader.findIndex((h) => /count|open|items/.test(h)),
    1,
  );
  const priorAt = categoryHeader.findIndex((h) => /prior|previous/.test(h));
  return {
    layout: 'triage',
    ratio: metricDelta(ratioTrend?.current ?? numberIn(twoColumn(isRatio)), ratioTrend?.prior),
    meanAge: metricDelta(ageTrend?.current ?? numberIn(twoColumn(isMeanAge)), ageTrend?.prior),
    categories: byCategory
      ? categoriesFrom(tableRows(byCategory), countAt, priorAt > 0 ? priorAt : undefined)
      : null,
  };
}

/**
 * The Tech Debt Reflection from `IA/tech-debt-dashboard.md` (both layouts). Read-only; a missing,
 * empty or unparseable dashboard is a message, never a failure.
 */
export function readTechDebtReflection(root: string): TechDebtReflection {
  const text = readProjectTextIfExists(root, TECH_DEBT_DASHBOARD_PATH);
  if (text === undefined) return { status: 'missing', message: 'No tech debt data available' };
  const unavailable = (reason: string): TechDebtReflection => ({
    status: 'unavailable',
    reason,
    message: `tech-debt reflection unavailable: ${reason}`,
  });
  if (text.trim() === '') return unavailable('the dashboard file is empty');
  const { body } = splitFrontMatter(text);
  const layoutA = sectionLines(body, 'Summary') !== undefined;
  const facts = layoutA ? readSummaryLayout(body) : readTriageLayout(body);
  if (!facts.ratio && !facts.meanAge) {
    return unavailable('no debt ratio or mean age found (expected a Summary or Trend table)');
  }
  const notes: string[] = [];
  if (!facts.ratio) notes.push('debt ratio not found in the dashboard');
  if (!facts.meanAge) notes.push('mean age not found in the dashboard');
  if (facts.categories === null || facts.categories.length === 0) {
    notes.push('category breakdown unavailable (older dashboard format)');
  }
  return { status: 'ok', ...facts, categories: facts.categories?.length ? facts.categories : null, notes };
}

function signed(n: number, unit: string): string {
  return `${n > 0 ? '+' : ''}${n}${unit}`;
}

function metricLine(label: string, m: MetricDelta | null, unit: string, deltaUnit: string): string {
  if (!m) return `${label}: not reported`;
  if (m.prior === null || m.delta === null) return `${label}: ${m.current}${unit} (baseline)`;
  return `${label}: ${m.current}${unit} (prior ${m.prior}${unit}, ${signed(m.delta, deltaUnit)})`;
}

/** Markdown lines of the reflection, as they appear in the report and the retro artifact. */
export function renderTechDebtReflection(reflection: TechDebtReflection): string[] {
  if (reflection.status !== 'ok') return [reflection.message];
  const lines = [
    `- ${metricLine('Debt ratio', reflection.ratio, '%', ' pts')}`,
    `- ${metricLine('Mean age', reflection.meanAge, ' days', ' days')}`,
  ];
  if (reflection.categories) {
    lines.push('- Categories:');
    for (const c of reflection.categories) {
      const change = c.delta === null ? 'baseline' : signed(c.delta, '');
      lines.push(`  - ${c.name}: ${c.current} (${change})`);
    }
  }
  for (const note of reflection.notes) {
    if (/^category breakdown/.test(note) || !/not found/.test(note)) lines.push(`- ${note}`);
  }
  return lines;
}
