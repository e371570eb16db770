import { renderTechDebtReflection } from '../read/techdebt.js';
import type { BoardMetrics } from './board-metrics.js';
import type { SprintReport } from './report.js';

function pctText(pct: number | null): string {
  return pct === null ? 'N/A' : `${pct}%`;
}

/** `--json` of a report read from a board: the `.gaia/` fields plus the layout's own facts. */
export function boardReportJson(report: SprintReport, m: BoardMetrics): Record<string, unknown> {
  return {
    sprint_id: report.sprintId,
    layout: m.layout,
    unit: report.board?.unitKind,
    ...(report.board?.title ? { title: report.board.title } : {}),
    status_file: report.statusPath,
    stories: m.stories.map((s) => {
      const f = m.boardFacts[s.key]!;
      return {
        key: s.key,
        title: s.title,
        status: s.status,
        state: f.state,
        ...(m.velocityUnit === 'points' ? { points: s.points } : {}),
        story_file: f.evidence.storyFile ?? null,
        review_outcome: f.reviewOutcome,
        first_pass: s.reachedReview && f.reviewKnown ? s.firstPass : null,
        rework: s.rework,
        rework_reasons: f.reworkReasons,
        ...(f.failureReason ? { failure_reason: f.failureReason } : {}),
        untriaged_findings: s.untriagedFindings,
      };
    }),
    completion: m.completion,
    velocity: { ...m.velocity, unit: m.velocityUnit },
    carryover: m.carryover,
    dropped: m.dropped,
    blocked: m.blocked,
    first_pass: { ...m.firstPass, unknown: m.reviewUnknown },
    status_unknown: m.unknownStatuses,
    untriaged_findings: m.untriagedFindings,
    quality_gates: m.dod,
    reviews: report.reviews.reviews.map((r) => ({
      artifact: r.artifact,
      type: r.type,
      story_key: r.storyKey,
      verdict: r.verdict,
      note: r.note,
    })),
    reviews_note: report.reviews.note ?? null,
    review_patterns: report.reviewPatterns.map((p) => ({
      theme: p.theme,
      count: p.count,
      stories: p.stories,
      kinds: p.kinds,
      files: p.files,
    })),
    tech_debt: report.techDebt,
    themes: report.themes.themes,
    warnings: [
      ...m.warnings,
      ...m.missingStoryFiles.map((k) => `no story file found for ${k}`),
      ...report.themes.warnings,
    ],
  };
}

/** Summary lines of a board report: velocity in the unit the file allows, first pass with its unknowns. */
export function boardSummary(m: BoardMetrics): string[] {
  const unknown =
    m.reviewUnknown.length > 0 ? `; review outcome unknown for ${m.reviewUnknown.join(', ')}` : '';
  const firstPass =
    m.firstPass.reviewed === 0
      ? `First-pass review rate: unknown (no review outcome in the files${unknown})`
      : `First-pass review rate: ${m.firstPass.passed}/${m.firstPass.reviewed} (${pctText(m.firstPass.pct)})${unknown}`;
  return [
    `Completion: ${m.completion.done}/${m.completion.total} (${pctText(m.completion.pct)})${m.dropped.length > 0 ? `, dropped: ${m.dropped.join(', ')}` : ''}`,
    `Velocity: ${m.velocity.completed}/${m.velocity.planned} ${m.velocityUnit} (${pctText(m.velocity.pct)})`,
    firstPass,
    `Carryover: ${m.carryover.length > 0 ? m.carryover.join(', ') : 'none'}`,
    `Blocked: ${m.blocked.length > 0 ? m.blocked.join(', ') : 'none'}`,
    `Untriaged findings: ${m.untriagedFindings.length}`,
    ...(m.dod.total > 0
      ? [`Quality gates: ${m.dod.checked}/${m.dod.total} checked (${pctText(m.dod.pct)})`]
      : []),
  ];
}

/** The human-readable report of a board unit. */
export function renderBoardReport(report: SprintReport, m: BoardMetrics): string {
  const what = report.board?.unitKind === 'epic' ? 'Epic' : 'Sprint';
  const lines = [
    `${what} ${report.sprintId} (${m.layout} layout, from ${report.statusPath})`,
    '',
    'Stories:',
  ];
  const width = Math.min(48, Math.max(8, ...m.stories.map((s) => s.key.length)));
  for (const s of m.stories) {
    const f = m.boardFacts[s.key]!;
    const marks = [
      s.firstPass ? 'first-pass' : '',
      s.rework ? 'rework' : '',
      s.reachedReview && !f.reviewKnown ? 'review unknown' : '',
      f.failureReason ? `failed: ${f.failureReason.slice(0, 60)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const pts = m.velocityUnit === 'points' ? ` ${String(s.points).padStart(2)} pts` : '';
    lines.push(`  ${s.key.padEnd(width)} ${s.status.padEnd(12)}${pts}${marks ? `  [${marks}]` : ''}`);
  }
  lines.push('', ...boardSummary(m));
  for (const f of m.untriagedFindings)
    lines.push(`  - ${f.storyKey} (${f.severity || 'unrated'}): ${f.finding}`);
  const reworked = m.stories.filter((s) => s.rework);
  if (reworked.length > 0) {
    lines.push('', 'Rework:');
    for (const s of reworked)
      lines.push(`  ${s.key}: ${m.boardFacts[s.key]!.reworkReasons.join('; ').slice(0, 300)}`);
  }
  lines.push('', 'Review outcomes:');
  if (report.reviews.note) lines.push(`  ${report.reviews.note}`);
  for (const r of report.reviews.reviews)
    lines.push(`  ${r.verdict.padEnd(17)} ${r.storyKey}  ${r.artifact}${r.note ? `  (${r.note})` : ''}`);
  lines.push('', 'Tech debt reflection:', ...renderTechDebtReflection(report.techDebt).map((l) => `  ${l}`));
  lines.push('', 'Systemic themes:');
  if (report.themes.themes.length === 0) lines.push('  none found');
  for (const t of report.themes.themes)
    lines.push(`  ${t.text} — ${t.sprints.join(', ')} (${t.theme_hash.slice(0, 19)}…)`);
  const warnings = [
    ...m.warnings,
    ...m.missingStoryFiles.map((k) => `no story file found for ${k}`),
    ...report.themes.warnings,
  ];
  if (warnings.length > 0) lines.push('', 'Warnings:', ...warnings.map((w) => `  ${w}`));
  return lines.join('\n');
}
