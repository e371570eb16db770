import { findGitRoots } from '../../../git/roots.js';
import { isIsoDay, todayUtc } from '../../../trial/dates.js';
import type { SessionScope } from '../../../trial/discover.js';
import { type SessionScoreSource, scoresFileSource } from '../../../trial/scores.js';
import { transcriptScoreSource } from '../../../trial/sources.js';
import { parseCount } from '../../args.js';
import { UsageError } from '../../errors.js';
import type { CliIo } from '../../io.js';

/** Options shared by `trial review` and `trial list`. */
export const REVIEW_OPTIONS = {
  mroot: { type: 'string' },
  today: { type: 'string' },
  scope: { type: 'string' },
  'projects-root': { type: 'string' },
  'session-scores-file': { type: 'string' },
  'freshness-secs': { type: 'string' },
} as const;

export interface ReviewSettings {
  mainCheckout: string;
  today: string;
  source: SessionScoreSource;
}

type ReviewValues = { [K in keyof typeof REVIEW_OPTIONS]?: string | undefined };

/** The project's main checkout: `--mroot`, else the main checkout of the git repository around cwd. */
export function resolveMainCheckout(mroot: string | undefined, io: CliIo): string {
  if (mroot) return mroot;
  const roots = findGitRoots(io.cwd);
  if (!roots) throw new UsageError('--mroot is required outside a git repository', 1);
  return roots.mainCheckout;
}

/**
 * Turns the shared options into what a review needs. Scores come from `--session-scores-file` when
 * given, else from gating the project's transcripts.
 */
export async function reviewSettings(values: ReviewValues, io: CliIo): Promise<ReviewSettings> {
  const mainCheckout = resolveMainCheckout(values.mroot, io);
  const today = values.today ?? todayUtc();
  if (!isIsoDay(today)) throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`, 1);
  const scope = values.scope ?? 'current';
  if (scope !== 'current' && scope !== 'all') {
    throw new UsageError(`--scope must be current or all, got '${scope}'`, 1);
  }
  if (values['session-scores-file']) {
    return { mainCheckout, today, source: scoresFileSource(values['session-scores-file']) };
  }
  const freshnessSecs = parseCount(values['freshness-secs'], '--freshness-secs', 60);
  const { gateScorer } = await import('../../../trial/gate-scorer.js');
  const source = transcriptScoreSource({
    mainCheckout,
    scope: scope as SessionScope,
    projectsRoot: values['projects-root'],
    env: io.env,
    freshnessSecs,
    scoreTranscript: gateScorer({ env: io.env, cwd: mainCheckout }),
  });
  return { mainCheckout, today, source };
}
