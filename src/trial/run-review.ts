import type { PriceTable } from '../cost/price-table.js';
import { sessionSurvival } from '../walk/survival/session-survival.js';
import { trialReviewJson } from './effect/json.js';
import { reviewTrials, type TrialReviewOptions } from './project-review.js';
import type { TrialEvaluation } from './review.js';
import type { SessionScore, SessionScoreSource } from './scores.js';
import { sideSurvival } from './survival.js';

/**
 * One trial review as both front ends ask for it (`retrospect trial review`, the MCP server's
 * `trial_review`): every setting resolved at the edge and given here as a value. It never writes a rule.
 */
export interface TrialReviewRequest {
  /** The project's main checkout (absolute: Claude Code names its folder after it). */
  mainCheckout: string;
  /** The day reviewed on, `YYYY-MM-DD`. */
  today: string;
  /** Where the sessions' scores come from (the project's transcripts through the store, or a file). */
  source: SessionScoreSource;
  /** The decision rule, its settings and the profile the scores come from. */
  review: TrialReviewOptions;
  prices: PriceTable;
  /** Build every trial's JSON row (`--json`, the MCP tool); without it only the evaluations are given. */
  rows: boolean;
  /** With rows: each side's share of committed agent lines still alive at HEAD (git work, only when asked). */
  survival?: boolean | undefined;
  /** git's environment for survival. */
  env: NodeJS.ProcessEnv;
}

export interface TrialReviewOutcome {
  evaluations: TrialEvaluation[];
  /** Every trial as JSON (decision, reason, sides, effect, pattern, violations[, survival]), when asked. */
  rows?: Record<string, unknown>[];
}

/** The committed code's survival of every session either side of a trial names, newest sessions first. */
function measureSides(
  evaluations: readonly TrialEvaluation[],
  sessions: readonly SessionScore[],
  cwd: string,
  env: NodeJS.ProcessEnv,
) {
  const named = new Set(evaluations.flatMap((e) => [...e.inTrial.sessionIds, ...e.baseline.sessionIds]));
  const transcripts = sessions
    .filter((s) => named.has(s.sessionId) && s.path !== undefined)
    .sort((a, b) => (b.mtime ?? 0) - (a.mtime ?? 0))
    .map((s) => ({ sessionId: s.sessionId, path: s.path as string }));
  return sessionSurvival({ cwd, env, transcripts });
}

/** scores -> weigh every trial (-> JSON rows, -> survival of each side): the review, written once. */
export async function runTrialReview(request: TrialReviewRequest): Promise<TrialReviewOutcome> {
  const sessions = await request.source.scores();
  const evaluations = reviewTrials(request.mainCheckout, sessions, request.today, {
    ...request.review,
    prices: request.prices,
  });
  if (!request.rows) return { evaluations };
  const measured = request.survival
    ? await measureSides(evaluations, sessions, request.mainCheckout, request.env)
    : undefined;
  const rows = evaluations.map((e) => ({
    ...trialReviewJson(e),
    ...(measured
      ? {
          survival: {
            baseline: sideSurvival(e.baseline.sessionIds, measured),
            during: sideSurvival(e.inTrial.sessionIds, measured),
          },
        }
      : {}),
  }));
  return { evaluations, rows };
}
