import {
  renderGateProblems,
  renderReviewPatterns,
  renderSprintSummary,
  type SprintReport,
} from './report.js';

/** The context shown to the facilitator before the discussion: the numbers and the review findings. */
export function renderRetroContext(report: SprintReport): string[] {
  const reviews = report.reviews.note
    ? [`  ${report.reviews.note}`]
    : report.reviews.reviews.map(
        (r) => `  ${r.storyKey} ${r.type}: ${r.verdict}${r.note ? ` (${r.note})` : ''}`,
      );
  return [
    ...(report.notes ?? []).map((n) => `note: ${n}`),
    `Sprint ${report.sprintId} — data summary`,
    ...renderSprintSummary(report).map((l) => `  ${l}`),
    'Review findings:',
    ...reviews,
    ...(report.gateProblems.length > 0
      ? ['Review Gate rows not passed:', ...renderGateProblems(report.gateProblems).map((l) => `  ${l}`)]
      : []),
    ...(report.reviewPatterns.length > 0
      ? ['Review feedback patterns:', ...renderReviewPatterns(report.reviewPatterns).map((l) => `  ${l}`)]
      : []),
  ];
}
