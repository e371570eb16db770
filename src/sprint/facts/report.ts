import { InputError } from '../../errors/errors.js';
import { IA } from '../read/paths.js';
import { collectSprintReviews, type SprintReviews } from '../read/reviews.js';
import { resolveSprintSource } from '../read/source.js';
import {
  readTechDebtReflection,
  renderTechDebtReflection,
  type TechDebtReflection,
} from '../read/techdebt.js';
import { type BoardMetrics, boardReviews, computeBoardMetrics } from './board-metrics.js';
import { boardReportJson, boardSummary, renderBoardReport } from './board-report.js';
import { type GateRowProblem, reviewGateProblems } from './gate-rows.js';
import { computeSprintMetrics, type SprintMetrics } from './metrics.js';
import {
  boardFindings,
  type ReviewPattern,
  reviewFeedbackPatterns,
  sprintFindings,
} from './review-patterns.js';
import { scanThemes, type ThemeScan } from './themes.js';

/** Everything the sprint retro knows from files alone: no prompt, no model, no write. */
export interface SprintReport {
  sprintId: string;
  /** Where the stories came from (relative to the root). */
  statusPath: string;
  endDate: string | undefined;
  metrics: SprintMetrics;
  reviews: SprintReviews;
  techDebt: TechDebtReflection;
  themes: ThemeScan;
  /** Recurring review feedback of the sprint's review reports and Findings tables (seed Step 4). */
  reviewPatterns: ReviewPattern[];
  /** Stories with a FAILED Review Gate row, or UNVERIFIED rows although they reached review. */
  gateProblems: GateRowProblem[];
  /** How the report was read when that is worth recording (no status file: the sprint as the facilitator named it). */
  notes?: string[];
  /** Set for layouts other than `.gaia/`: the board the unit came from. */
  board?: {
    layout: BoardMetrics['layout'];
    unitKind: 'epic' | 'sprint';
    title?: string;
    folders: readonly string[];
  };
}

/** The metrics of a report read from another layout's board, with its extra facts. */
export function boardMetricsOf(report: SprintReport): BoardMetrics | undefined {
  return report.board ? (report.metrics as BoardMetrics) : undefined;
}

/** Builds the read-only sprint report (issue "sprint facts"); input files stay byte-identical. */
export function buildSprintReport(
  root: string,
  requestedSprint?: string,
  now: Date = new Date(),
): SprintReport {
  const source = resolveSprintSource(root, requestedSprint);
  if (source.layout === 'board') {
    const { board, unit } = source;
    const metrics = computeBoardMetrics(root, board, unit);
    return {
      sprintId: unit.id,
      statusPath: board.path,
      endDate: unit.endDate,
      metrics,
      reviews: boardReviews(unit.id, metrics),
      techDebt: readTechDebtReflection(root),
      themes: scanThemes(root, unit.id, { folders: board.storyFolders }),
      // A board's reviews are sections of its story files: their findings tables are the feedback.
      reviewPatterns: reviewFeedbackPatterns(boardFindings(metrics.boardFacts)),
      gateProblems: [],
      board: {
        layout: board.layout,
        unitKind: unit.kind,
        ...(unit.title ? { title: unit.title } : {}),
        folders: board.storyFolders,
      },
    };
  }
  const { sprintId, source: status, note } = source.resolved;
  const keys = (status.status.stories ?? []).map((s) => s.key);
  if (keys.length === 0) {
    throw new InputError(
      `${sprintId} in ${status.path} has no stories: there is nothing to count, so nothing was written`,
    );
  }
  const reviews = collectSprintReviews(root, sprintId, keys);
  const metrics = computeSprintMetrics(root, status.status, reviews, now);
  return {
    sprintId,
    statusPath: status.path,
    endDate: typeof status.status.end_date === 'string' ? status.status.end_date : undefined,
    metrics,
    reviews,
    techDebt: readTechDebtReflection(root),
    themes: scanThemes(root, sprintId),
    reviewPatterns: reviewFeedbackPatterns(sprintFindings(root, reviews.reviews, metrics.stories)),
    gateProblems: reviewGateProblems(metrics.stories),
    ...(note ? { notes: [note] } : {}),
  };
}

/** The machine-readable report (`--json`). */
export function sprintReportJson(report: SprintReport): Record<string, unknown> {
  const board = boardMetricsOf(report);
  if (board) return boardReportJson(report, board);
  const m = report.metrics;
  return {
    sprint_id: report.sprintId,
    status_file: report.statusPath,
    stories: m.stories.map((s) => ({
      key: s.key,
      title: s.title,
      status: s.status,
      points: s.points,
      story_file: s.storyFile?.path ?? null,
      first_pass: s.firstPass,
      rework: s.rework,
      untriaged_findings: s.untriagedFindings,
      ...(s.blockedDays !== undefined
        ? { blocked_days: s.blockedDays, blocked_ongoing: s.blockedOngoing }
        : {}),
    })),
    completion: m.completion,
    velocity: m.velocity,
    carryover: m.carryover,
    blocked: m.blocked,
    first_pass: m.firstPass,
    untriaged_findings: m.untriagedFindings,
    definition_of_done: m.dod,
    reviews: report.reviews.reviews.map((r) => ({
      artifact: r.artifact,
      type: r.type,
      story_key: r.storyKey,
      verdict: r.verdict,
      note: r.note,
    })),
    reviews_note: report.reviews.note ?? null,
    review_gate_problems: report.gateProblems.map((g) => ({
      story_key: g.storyKey,
      failed: g.failed,
      unverified: g.unverified,
    })),
    review_patterns: report.reviewPatterns.map((p) => ({
      theme: p.theme,
      count: p.count,
      stories: p.stories,
      kinds: p.kinds,
      files: p.files,
    })),
    tech_debt: report.techDebt,
    themes: report.themes.themes,
    warnings: [...m.missingStoryFiles.map((k) => `no story file found for ${k}`), ...report.themes.warnings],
  };
}

function pctText(pct: number | null): string {
  return pct === null ? 'N/A' : `${pct}%`;
}

/** Summary lines shared by the report and the retro's context block. */
export function renderSprintSummary(report: SprintReport): string[] {
  const board = boardMetricsOf(report);
  if (board) return boardSummary(board);
  const m = report.metrics;
  const blocked = m.stories
    .filter((s) => m.blocked.includes(s.key))
    .map((s) => {
      const facts = [
        s.blockedBy ? `blocked by ${s.blockedBy}` : '',
        s.blockedDays === undefined
          ? ''
          : `${s.blockedDays} days${s.blockedOngoing ? ', still blocked' : ''}`,
      ].filter(Boolean);
      return facts.length > 0 ? `${s.key} (${facts.join('; ')})` : s.key;
    });
  return [
    `Completion: ${m.completion.done}/${m.completion.total} (${pctText(m.completion.pct)})`,
    `Velocity: ${m.velocity.completed}/${m.velocity.planned} points (${pctText(m.velocity.pct)})`,
    `First-pass review rate: ${m.firstPass.passed}/${m.firstPass.reviewed} (${pctText(m.firstPass.pct)})`,
    `Carryover: ${m.carryover.length > 0 ? m.carryover.join(', ') : 'none'}`,
    `Blocked: ${blocked.length > 0 ? blocked.join(', ') : 'none'}`,
    `Untriaged findings: ${m.untriagedFindings.length}`,
    `Definition of Done: ${m.dod.checked}/${m.dod.total} items checked (${pctText(m.dod.pct)})`,
  ];
}

/** The human-readable report. */
export function renderSprintReport(report: SprintReport): string {
  const board = boardMetricsOf(report);
  if (board) return renderBoardReport(report, board);
  const m = report.metrics;
  const lines = [`Sprint ${report.sprintId} (from ${report.statusPath})`, ''];
  lines.push('Stories:');
  for (const s of m.stories) {
    const marks = [
      s.firstPass ? 'first-pass' : '',
      s.rework ? 'rework' : '',
      s.untriagedFindings ? `${s.untriagedFindings} untriaged` : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `  ${s.key.padEnd(8)} ${s.status.padEnd(12)} ${String(s.points).padStart(2)} pts  ${s.title}${marks ? `  [${marks}]` : ''}`,
    );
  }
  lines.push('', ...renderSprintSummary(report));
  // The findings are listed under their own heading: right below the summary they read as Definition of
  // Done items, the line they followed.
  if (m.untriagedFindings.length > 0) lines.push('', 'Untriaged findings:');
  for (const f of m.untriagedFindings)
    lines.push(`  - ${f.storyKey} (${f.severity || 'unrated'}): ${f.finding}`);
  lines.push('', 'Review verdicts:');
  if (report.reviews.note) lines.push(`  ${report.reviews.note}`);
  for (const r of report.reviews.reviews) {
    const shown = r.artifact.startsWith(`${IA}/`) ? r.artifact.slice(IA.length + 1) : r.artifact;
    lines.push(`  ${r.verdict.padEnd(16)} ${shown}${r.note ? `  (${r.note})` : ''}`);
  }
  lines.push('', 'Review Gate:');
  if (report.gateProblems.length === 0)
    lines.push('  no FAILED rows; every story in review or done has all six rows verified');
  for (const line of renderGateProblems(report.gateProblems)) lines.push(`  ${line}`);
  lines.push('', 'Review feedback patterns:');
  if (report.reviewPatterns.length === 0) lines.push('  no theme recurs in the review findings');
  for (const line of renderReviewPatterns(report.reviewPatterns)) lines.push(`  ${line}`);
  lines.push('', 'Tech debt reflection:', ...renderTechDebtReflection(report.techDebt).map((l) => `  ${l}`));
  lines.push('', 'Systemic themes:');
  if (report.themes.themes.length === 0) lines.push('  none found');
  for (const t of report.themes.themes)
    lines.push(`  ${t.text} — sprints ${t.sprints.join(', ')} (${t.theme_hash.slice(0, 19)}…)`);
  const warnings = [
    ...m.missingStoryFiles.map((k) => `no story file found for ${k}`),
    ...report.themes.warnings,
  ];
  if (warnings.length > 0) lines.push('', 'Warnings:', ...warnings.map((w) => `  ${w}`));
  return lines.join('\n');
}

/** One line per story with FAILED or UNVERIFIED Review Gate rows. */
export function renderGateProblems(problems: readonly GateRowProblem[]): string[] {
  return problems.map((g) => {
    const parts = [
      g.failed.length > 0 ? `FAILED ${g.failed.join(', ')}` : '',
      g.unverified.length > 0 ? `UNVERIFIED ${g.unverified.join(', ')}` : '',
    ].filter(Boolean);
    return `${g.storyKey}: ${parts.join('; ')}`;
  });
}

/** One line per recurring review theme: count, stories and the reviews it was read in. */
export function renderReviewPatterns(patterns: readonly ReviewPattern[]): string[] {
  return patterns.map(
    (p) => `${p.theme}: ${p.count} findings in ${p.stories.join(', ')} (${p.kinds.join(', ')})`,
  );
}
