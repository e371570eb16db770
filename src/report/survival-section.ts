import { escapeHtml as e } from './escape.js';
import type { SurvivalReport, SurvivalShare } from './survival.js';

function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

function cells(s: SurvivalShare): string {
  return `<td class="num">${s.sessions}</td><td class="num">${s.added}</td><td class="num">${s.alive}</td><td class="num">${percent(s.share)}</td>`;
}

const HEAD = '<th>sessions</th><th>lines committed</th><th>alive</th><th>kept</th>';

/**
 * "Was the agents' code kept?": the share of the sessions' committed lines alive N days after their last
 * commit, in all, per project and per week; then the sessions left out of the shares and why. Every value
 * is escaped; empty without `--survival`.
 */
export function survivalSection(report: SurvivalReport | undefined): string {
  if (!report) return '';
  const notes = [
    report.younger.sessions > 0
      ? `${report.younger.sessions} session${report.younger.sessions === 1 ? ' is' : 's are'} younger than ${report.days} days: measured at HEAD (${report.younger.alive} of ${report.younger.added} lines alive), not in the shares.`
      : '',
    report.unmeasured > 0
      ? `${report.unmeasured} session${report.unmeasured === 1 ? '' : 's'} with committed work were not measured (over the time bound, or not on HEAD's history).`
      : '',
    report.none > 0
      ? `${report.none} session${report.none === 1 ? ' has' : 's have'} no committed work found.`
      : '',
  ].filter(Boolean);
  const projects = report.projects.map((p) => `<tr><td>${e(p.project)}</td>${cells(p)}</tr>`).join('');
  const weeks = report.weeks.map((w) => `<tr><td>${e(w.week)}</td>${cells(w)}</tr>`).join('');
  return `<section id="survival">
<h2>Was the agents' code kept?</h2>
<p class="note">Lines of the sessions' committed hunks still alive ${report.days} days after each session's last commit (<code>git blame -C -M -w</code> at HEAD's last commit by then).</p>
<table id="survival-all"><thead><tr><th></th>${HEAD}</tr></thead><tbody><tr><td>all</td>${cells(report.all)}</tr></tbody></table>
${projects ? `<h3>Per project</h3><table id="survival-projects"><thead><tr><th>project</th>${HEAD}</tr></thead><tbody>${projects}</tbody></table>` : ''}
${weeks ? `<h3>Per week (sessions' start, weeks from Monday UTC)</h3><table id="survival-weeks"><thead><tr><th>week</th>${HEAD}</tr></thead><tbody>${weeks}</tbody></table>` : ''}
${notes.map((n) => `<p class="note">${e(n)}</p>`).join('\n')}
</section>`;
}
