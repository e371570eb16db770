import { usd } from '../cost/usd.js';
import { SIGNAL_LABELS, SIGNAL_NAMES } from '../gate/signals.js';
import { escapeHtml as e } from './escape.js';
import type { SpendRow, SpendSession } from './spend.js';
import type {
  FlaggedSession,
  HostFriction,
  ProjectFriction,
  ReportModel,
  SignalCounts,
  TrialHistory,
} from './types.js';
import { WEEKLY_CHART_LIMIT } from './weekly.js';

/** How many projects the signal-mix chart draws (the table below it lists them all). */
const CHART_PROJECT_LIMIT = 12;

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function minute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Says how many start times were stood in for by file times, so that none is silently moved. */
function fileTimeNote(fromFile: { sessions: number; subAgentTranscripts: number }): string {
  const parts = [
    fromFile.sessions > 0 ? plural(fromFile.sessions, 'session', 'sessions') : '',
    fromFile.subAgentTranscripts > 0
      ? plural(fromFile.subAgentTranscripts, 'sub-agent transcript', 'sub-agent transcripts')
      : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  return `${parts.join(' and ')} had no usable start time; their file time was used.`;
}

function signalText(signals: SignalCounts): string {
  const parts = SIGNAL_NAMES.filter((n) => signals[n] > 0).map((n) => `${n}×${signals[n]}`);
  return parts.join(' ') || '–';
}

function row(cells: string[], numeric: ReadonlySet<number> = new Set()): string {
  return `<tr>${cells.map((c, i) => (numeric.has(i) ? `<td class="num">${c}</td>` : `<td>${c}</td>`)).join('')}</tr>`;
}

function head(cells: string[]): string {
  return `<thead><tr>${cells.map((c) => `<th>${c}</th>`).join('')}</tr></thead>`;
}

/** The header line: when the report was made and what it covers. Every value is escaped. */
export function scopeSection(model: ReportModel): string {
  const { scope } = model;
  const parts = [
    `made ${e(minute(model.generatedAt))}`,
    `project ${scope.project === undefined ? 'all' : `containing “${e(scope.project)}”`}`,
    scope.hosts === undefined ? '' : `agents ${e(scope.hosts.join(', '))}`,
    scope.since === undefined ? '' : `since ${e(scope.since)}`,
    scope.until === undefined ? '' : `until ${e(scope.until)}`,
    `threshold ${e(scope.threshold.toFixed(1))}`,
  ].filter(Boolean);
  return `<p class="scope">${parts.join(' · ')}</p>`;
}

export function summarySection(model: ReportModel): string {
  const s = model.summary;
  const card = (label: string, value: string, id: string) =>
    `<div class="card"><div class="value" id="${id}">${e(value)}</div><div class="label">${label}</div></div>`;
  const notes = [
    s.subAgentTranscripts > 0
      ? `${s.subAgentTranscripts} sub-agent transcripts are counted in the signal totals, not as sessions${
          s.flaggedSubAgents > 0 ? ` (${s.flaggedSubAgents} of them flagged)` : ''
        }.`
      : '',
    s.gone > 0 ? `${s.gone} transcripts were deleted since they were scanned; their verdicts are kept.` : '',
    s.firstStart !== undefined && s.lastStart !== undefined
      ? `Sessions started from ${e(minute(s.firstStart))} to ${e(minute(s.lastStart))}.`
      : '',
    fileTimeNote(s.startsFromFile),
  ].filter(Boolean);
  const signalRows = SIGNAL_NAMES.map((n) =>
    row([n, e(SIGNAL_LABELS[n]), String(s.signals[n])], new Set([2])),
  );
  return `<section id="summary"><h2>Summary</h2>
<div class="cards">${card('sessions', String(s.sessions), 'summary-sessions')}${card('flagged', String(s.flagged), 'summary-flagged')}${card('share flagged', percent(s.flaggedShare), 'summary-share')}${card('projects', String(s.projects), 'summary-projects')}</div>
${notes.map((n) => `<p class="note">${n}</p>`).join('\n')}
<div class="split"><table id="signal-totals">${head(['signal', 'what it means', 'count'])}<tbody>${signalRows.join('')}</tbody></table>
<div class="chart small"><canvas id="chart-signal-totals" aria-label="signal totals"></canvas></div></div></section>`;
}

export function weeklySection(model: ReportModel): string {
  if (model.weekly.weeks.length === 0) return '';
  const options = model.weekly.series.map(
    (series, i) =>
      `<option value="${i}">${series.project === undefined ? 'All projects' : e(series.project)}</option>`,
  );
  const { weekly } = model;
  const leftOut =
    weekly.leftOut > 0
      ? `<p class="note">The chart spans at most ${WEEKLY_CHART_LIMIT} weeks: ${plural(weekly.leftOut, 'session', 'sessions')} that started before ${e(weekly.weeks[0] ?? '')} ${weekly.leftOut === 1 ? 'is' : 'are'} left out of it (and counted everywhere else).</p>\n`
      : '';
  return `<section id="weekly"><h2>Friction over time</h2>
<p class="note">Sessions per week (weeks start Monday, UTC), flagged sessions, and the mean gate score of the week's sessions. The score line breaks at a week without sessions: no trend is drawn across it.</p>
${leftOut}<label>Project <select id="weekly-project">${options.join('')}</select></label>
<div class="chart"><canvas id="chart-weekly" aria-label="friction per week"></canvas></div></section>`;
}

function projectRow(p: ProjectFriction): string {
  return row(
    [
      e(p.project),
      String(p.sessions),
      String(p.flagged),
      p.meanScore.toFixed(2),
      ...SIGNAL_NAMES.map((n) => String(p.signals[n])),
    ],
    new Set([1, 2, 3, 4, 5, 6, 7, 8]),
  );
}

function hostRow(h: HostFriction): string {
  return row(
    [
      e(h.label),
      String(h.sessions),
      String(h.flagged),
      h.meanScore.toFixed(2),
      String(h.humanTurns),
      String(h.toolErrors),
      ...SIGNAL_NAMES.map((n) => String(h.signals[n])),
    ],
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  );
}

/**
 * Friction per coding agent. Left out when every session is Claude Code's (the page then reads as it
 * always did); shown as soon as another agent's sessions are in the store.
 */
export function hostsSection(model: ReportModel): string {
  if (model.hosts.length === 0 || (model.hosts.length === 1 && model.hosts[0]?.host === 'claude-code'))
    return '';
  return `<section id="hosts"><h2>Friction per agent</h2>
<p class="note">Each coding agent's sessions as its own transcripts record them: the turns people typed and the tool calls that failed (an error flag or a non-zero exit code), and the signal counts of every transcript.</p>
<table id="host-table">${head(['agent', 'sessions', 'flagged', 'mean score', 'typed turns', 'failed tool calls', ...SIGNAL_NAMES])}<tbody>${model.hosts.map(hostRow).join('')}</tbody></table></section>`;
}

export function projectsSection(model: ReportModel): string {
  if (model.projects.length === 0) return '';
  const more =
    model.projects.length > CHART_PROJECT_LIMIT
      ? ` The chart draws the first ${CHART_PROJECT_LIMIT}; the table lists all ${model.projects.length}.`
      : '';
  return `<section id="projects"><h2>Signal mix per project</h2>
<p class="note">Signal counts of every transcript in the project, most flagged projects first.${more}</p>
<div class="chart"><canvas id="chart-signal-mix" aria-label="signal mix per project"></canvas></div>
<table id="project-table">${head(['project', 'sessions', 'flagged', 'mean score', ...SIGNAL_NAMES])}<tbody>${model.projects.map(projectRow).join('')}</tbody></table></section>`;
}

/** The signals of a flagged session, opening to the messages each fired on and what they say. */
function drillDown(f: FlaggedSession): string {
  if (f.drill.length === 0) return e(signalText(f.signals));
  const signals = f.drill.map((d) => {
    const quotes = d.excerpts.map(
      (x) =>
        `<li><code>${e(x.messageId)}</code> ${x.text === null ? `<span class="note">${f.gone ? 'transcript deleted' : 'message not found'}</span>` : `<pre class="excerpt">${e(x.text)}</pre>`}</li>`,
    );
    return `<li><strong>${d.signal}</strong> ${e(d.label)} ×${d.count}<ul>${quotes.join('')}</ul></li>`;
  });
  return `<details class="drill"><summary>${e(signalText(f.signals))}</summary><ul>${signals.join('')}</ul></details>`;
}

function flaggedRow(f: FlaggedSession): string {
  const session = `${e(f.sessionId)}${f.agentId === undefined ? '' : ` &gt; ${e(f.agentId)}`}${f.gone ? ' (gone)' : ''}`;
  return row(
    [
      e(f.project),
      `<code>${session}</code>`,
      `${e(minute(f.start))}${f.startFromFile ? ' (file time)' : ''}`,
      f.score.toFixed(1),
      drillDown(f),
    ],
    new Set([3]),
  );
}

export function flaggedSection(model: ReportModel): string {
  const body =
    model.topFlagged.length === 0
      ? '<p class="note">No session reached the threshold.</p>'
      : `<table id="flagged-table">${head(['project', 'session', 'start', 'score', 'signals'])}<tbody>${model.topFlagged.map(flaggedRow).join('')}</tbody></table>`;
  return `<section id="flagged"><h2>Top flagged sessions</h2>\n<p class="note">Open a session's signals to see the messages each one fired on.</p>\n${body}</section>`;
}

function mean(side: { mean: number; n: number }): string {
  return `${side.mean.toFixed(4)} (n=${side.n})`;
}

export function trialsSection(trials: TrialHistory | undefined): string {
  if (trials === undefined) return '';
  const counts = (['KEEP', 'REVERT', 'INCONCLUSIVE', 'DEFER'] as const).map(
    (d) => `${d} ${trials.decisions.filter((t) => t.decision === d).length}`,
  );
  const skipped =
    trials.skippedLines > 0
      ? ` ${trials.skippedLines} lines of the history could not be read and are left out.`
      : '';
  const rows = trials.decisions.map((t) =>
    row(
      [
        e(t.ts),
        e(t.agent),
        e(t.directive),
        `<span class="decision ${t.decision.toLowerCase()}">${t.decision}</span>`,
        e(mean(t.baseline)),
        e(mean(t.inTrial)),
        e(t.decidedBy),
      ],
      new Set([4, 5]),
    ),
  );
  const body =
    rows.length === 0
      ? '<p class="note">No trial decisions recorded yet.</p>'
      : `<table id="trial-table">${head(['decided', 'agent', 'rule', 'decision', 'baseline mean', 'in-trial mean', 'by'])}<tbody>${rows.join('')}</tbody></table>`;
  return `<section id="trials"><h2>Trial decisions</h2>
<p class="note">${counts.join(' · ')}, as recorded in the directive history (the means are mean gate scores per session; the effect each decision was taken on is in “Do the rules work?”).${skipped}</p>
${body}</section>`;
}

function spendRow(r: SpendRow): string {
  const share = r.costUsd > 0 ? percent(r.frictionUsd / r.costUsd) : '–';
  return row(
    [e(r.key), String(r.sessions), e(usd(r.costUsd)), e(usd(r.frictionUsd)), share],
    new Set([1, 2, 3, 4]),
  );
}

function spendTable(id: string, first: string, rows: readonly SpendRow[]): string {
  return `<table id="${id}">${head([first, 'sessions', 'spend', 'friction spend', 'friction share'])}<tbody>${rows.map(spendRow).join('')}</tbody></table>`;
}

function topFrictionRow(s: SpendSession): string {
  const session = `${e(s.sessionId)}${s.agentId === undefined ? '' : ` &gt; ${e(s.agentId)}`}`;
  return row(
    [
      e(s.project),
      `<code>${session}</code>`,
      e(minute(s.start)),
      e(usd(s.costUsd)),
      e(usd(s.frictionUsd)),
      s.frictionTokens.toLocaleString('en-US'),
    ],
    new Set([3, 4, 5]),
  );
}

/** Spend and friction spend at API prices, per week, project, agent and machine, and the costliest friction. */
export function spendSection(model: ReportModel): string {
  const spend = model.spend;
  if (!spend) return '';
  const prices = spend.prices.map((p) => `${e(p.name)} of ${e(p.date)}`).join(', then ');
  const left = [
    spend.withoutUsage > 0
      ? plural(spend.withoutUsage, 'transcript records', 'transcripts record') + ' no usage'
      : '',
    spend.unpriced > 0 ? plural(spend.unpriced, 'uses a model', 'use models') + ' no table prices' : '',
  ].filter(Boolean);
  const share = spend.total.costUsd > 0 ? ` (${percent(spend.total.frictionUsd / spend.total.costUsd)})` : '';
  return `<section id="spend"><h2>What friction costs</h2>
<p class="note">Tokens as the transcripts record them, priced at API prices (${prices}): on a subscription this is what the use would cost, not what was paid. Friction spend is the part spent on work the person rejected or corrected, on failing runs and on redone edits (docs/cost.md).${left.length > 0 ? ` Left out of the sums: ${e(left.join('; '))}.` : ''}</p>
<p id="spend-total">Spend ${e(usd(spend.total.costUsd))}, friction ${e(usd(spend.total.frictionUsd))}${share}, over ${plural(spend.total.priced, 'transcript', 'transcripts')}.</p>
<h3>Per week</h3>${spendTable('spend-weeks', 'week', spend.byWeek)}
<h3>Per project</h3>${spendTable('spend-projects', 'project', spend.byProject)}
${spend.byHost.length > 1 ? `<h3>Per agent</h3>${spendTable('spend-hosts', 'agent', spend.byHost)}` : ''}
${spend.byMachine.length > 1 ? `<h3>Per machine</h3>${spendTable('spend-machines', 'machine', spend.byMachine)}` : ''}
<h3>Top sessions by friction spend</h3>${spend.topByFriction.length === 0 ? '<p class="note">No friction spend.</p>' : `<table id="spend-top">${head(['project', 'session', 'start', 'spend', 'friction spend', 'friction tokens'])}<tbody>${spend.topByFriction.map(topFrictionRow).join('')}</tbody></table>`}</section>`;
}
