import { escapeHtml } from '../report/escape.js';
import { medianInterval, shareInterval } from './arm-intervals.js';
import { MEASURE_LABELS, MEASURES, type MeasureName, SHARE_MEASURES } from './effects.js';
import type { ExperimentReport } from './report-json.js';
import { decisionLine, effectWords, verdictLine } from './report-markdown.js';

type Run = ExperimentReport['runs'][number];

const WIDTH = 560;
const HEIGHT = 150;
const LEFT = 80;
const RIGHT = 20;
const ROWS = { with: 50, without: 105 } as const;
const COLORS = { with: '#1f77b4', without: '#d62728' } as const;

function runValue(run: Run, measure: MeasureName): number | undefined {
  const m = run.measures;
  const yes = (flag: boolean | null) => (flag === null ? null : flag ? 1 : 0);
  const value =
    measure === 'check_pass'
      ? yes(m.check_pass)
      : measure === 'friction_runs'
        ? yes(m.friction === null ? null : m.friction > 0)
        : m[measure];
  return value === null || value === undefined ? undefined : value;
}

const fmt = (x: number) => String(Math.round(x * 100) / 100);

/**
 * One measure's chart: for each arm its runs as dots (each a link to the run's transcript), its median
 * (or pass share) as a bar, and that figure's interval as a line. Inline SVG, nothing loaded.
 */
function chart(report: ExperimentReport, measure: MeasureName): string {
  const level = report.effects[measure].level;
  const arms = (['with', 'without'] as const).map((arm) => {
    const runs = report.runs.filter((r) => r.arm === arm);
    const values = runs.flatMap((r) => {
      const v = runValue(r, measure);
      return v === undefined ? [] : [{ run: r, v }];
    });
    const numbers = values.map((x) => x.v);
    const centre =
      numbers.length === 0
        ? undefined
        : SHARE_MEASURES.includes(measure)
          ? numbers.reduce((a, b) => a + b, 0) / numbers.length
          : [...numbers].sort((a, b) => a - b)[numbers.length >> 1];
    const interval = SHARE_MEASURES.includes(measure)
      ? shareInterval(
          numbers.reduce((a, b) => a + b, 0),
          numbers.length,
          level,
        )
      : medianInterval(numbers, level);
    return { arm, values, centre, interval };
  });
  const all = arms.flatMap((a) => [...a.values.map((x) => x.v), ...(a.interval ?? [])]);
  let low = all.length === 0 ? 0 : Math.min(...all);
  let high = all.length === 0 ? 1 : Math.max(...all);
  if (SHARE_MEASURES.includes(measure)) [low, high] = [0, 1];
  if (high === low) high = low + 1;
  const x = (v: number) => LEFT + ((v - low) / (high - low)) * (WIDTH - LEFT - RIGHT);
  const parts: string[] = [];
  parts.push(
    `<line x1="${LEFT}" y1="${HEIGHT - 20}" x2="${WIDTH - RIGHT}" y2="${HEIGHT - 20}" stroke="#999"/>`,
  );
  parts.push(`<text x="${LEFT}" y="${HEIGHT - 5}" font-size="11">${escapeHtml(fmt(low))}</text>`);
  parts.push(
    `<text x="${WIDTH - RIGHT}" y="${HEIGHT - 5}" font-size="11" text-anchor="end">${escapeHtml(fmt(high))}</text>`,
  );
  for (const { arm, values, centre, interval } of arms) {
    const y = ROWS[arm];
    parts.push(`<text x="5" y="${y + 4}" font-size="12">${arm}</text>`);
    if (interval)
      parts.push(
        `<line class="interval" data-arm="${arm}" x1="${x(interval[0]).toFixed(1)}" y1="${y}" x2="${x(interval[1]).toFixed(1)}" y2="${y}" stroke="${COLORS[arm]}" stroke-width="3"><title>${escapeHtml(`${arm}: ${fmt(interval[0])} to ${fmt(interval[1])}`)}</title></line>`,
      );
    else if (values.length > 0)
      parts.push(
        `<text class="no-interval" x="${WIDTH - RIGHT}" y="${y - 8}" font-size="10" text-anchor="end">too few runs for an interval at this level</text>`,
      );
    if (centre !== undefined)
      parts.push(
        `<rect class="centre" data-arm="${arm}" x="${(x(centre) - 2).toFixed(1)}" y="${y - 12}" width="4" height="24" fill="${COLORS[arm]}"><title>${escapeHtml(`${arm}: ${fmt(centre)}`)}</title></rect>`,
      );
    values.forEach(({ run, v }, i) => {
      const dy = ((i % 5) - 2) * 3;
      const dot = `<circle class="run" cx="${x(v).toFixed(1)}" cy="${y + 18 + dy}" r="3" fill="${COLORS[arm]}" fill-opacity="0.6"><title>${escapeHtml(`${run.id}: ${fmt(v)}`)}</title></circle>`;
      parts.push(run.transcript ? `<a href="${escapeHtml(run.transcript)}">${dot}</a>` : dot);
    });
  }
  return `<svg class="chart" data-measure="${measure}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeHtml(MEASURE_LABELS[measure])}">${parts.join('')}</svg>`;
}

/** The experiment's report as one self-contained HTML page: a chart per measure, and every run. */
export function renderExperimentHtml(report: ExperimentReport): string {
  const sections = MEASURES.map(
    (m) =>
      `<section><h2>${escapeHtml(MEASURE_LABELS[m])}</h2><p class="effect">${escapeHtml(effectWords('with − without', report.effects[m], m))}. ${escapeHtml(report.effects[m].power)}.</p>${chart(report, m)}</section>`,
  );
  const rows = report.runs.map((r) => {
    const check = r.measures.check_pass === null ? '–' : r.measures.check_pass ? 'passed' : 'failed';
    const link = r.transcript
      ? `<a class="transcript" href="${escapeHtml(r.transcript)}">transcript</a>`
      : '–';
    return `<tr><td>${escapeHtml(r.id)}</td><td>${r.arm}</td><td>${escapeHtml(r.status)}</td><td>${r.measures.friction ?? '–'}</td><td>${check}</td><td>${r.measures.tokens ?? '–'}</td><td>${r.measures.turns ?? '–'}</td><td>${r.measures.wall_seconds}</td><td>${link}</td></tr>`;
  });
  const s = report.settings;
  const verdict = `${verdictLine(report).replace(/\*\*/g, '')} ${decisionLine(report)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Experiment: with and without the rules</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}svg{display:block}</style></head>
<body><h1>Experiment: the same tasks with and without the rules</h1>
<p>${escapeHtml(`${report.tasks.length} tasks, ${s.runs_per_arm} runs per arm each, agent ${s.agent}${s.model ? ` (${s.model})` : ''}, permission mode ${s.permission_mode}, seed ${s.seed}; rules from ${report.rules.source}. ${report.finished} of ${report.planned} runs finished.`)}</p>
${report.stopped ? `<p class="stopped"><strong>Stopped early:</strong> ${escapeHtml(report.stopped)}</p>` : ''}
<p class="verdict"><strong>${escapeHtml(verdict)}</strong> Each chart: every run a dot (click it for the run's transcript), the arm's median or pass share a bar, its interval a line.</p>
${sections.join('\n')}
<h2>Runs</h2>
<table><thead><tr><th>Run</th><th>Arm</th><th>Status</th><th>Friction</th><th>Check</th><th>Tokens</th><th>Turns</th><th>Wall (s)</th><th>Transcript</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
}
