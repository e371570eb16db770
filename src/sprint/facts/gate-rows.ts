import { REVIEW_GATE_ROWS } from '../read/stories.js';
import type { StoryFacts } from './metrics.js';

/** A story whose Review Gate table holds rows that did not pass. */
export interface GateRowProblem {
  storyKey: string;
  /** Rows marked FAILED: shown whatever the story's status. */
  failed: string[];
  /** Rows still UNVERIFIED in a story that reached review or done (before review, every row is). */
  unverified: string[];
}

/**
 * The Review Gate rows the retro shows (seed Step 2: "Review Gate results (PASSED/FAILED/UNVERIFIED)"),
 * not only the first-pass count they feed: a FAILED row anywhere, and UNVERIFIED rows of a story that
 * reached review or done, which went on without that review.
 */
export function reviewGateProblems(stories: readonly StoryFacts[]): GateRowProblem[] {
  const problems: GateRowProblem[] = [];
  for (const s of stories) {
    const gate = s.storyFile?.reviewGate ?? {};
    const failed = REVIEW_GATE_ROWS.filter((row) => gate[row] === 'FAILED');
    const unverified = s.reachedReview ? REVIEW_GATE_ROWS.filter((row) => gate[row] === 'UNVERIFIED') : [];
    if (failed.length + unverified.length > 0) problems.push({ storyKey: s.key, failed, unverified });
  }
  return problems;
}
