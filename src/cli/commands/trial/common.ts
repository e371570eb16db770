import { resolve } from 'node:path';
import { UsageError } from '../../../errors/errors.js';
import { findGitRoots } from '../../../git/roots.js';
import { isIsoDay, todayUtc } from '../../../trial/dates.js';
import type { SessionScoreSource } from '../../../trial/scores.js';
import { projectScoreSource } from '../../../trial/sources.js';
import type { CliIo } from '../../io.js';
import { envWithProfile } from '../../profile-option.js';

/** Options shared by `trial review` and `trial list`. */
export const REVIEW_OPTIONS = {
  mroot: { type: 'string' },
  today: { type: 'string' },
  scope: { type: 'string' },
  'projects-root': { type: 'string' },
  'session-scores-file': { type: 'string' },
  'freshness-secs': { type: 'string' },
  profile: { type: 'string' },
} as const;

export interface ReviewSettings {
  mainCheckout: string;
  today: string;
  source: SessionScoreSource;
}

type ReviewValues = { [K in keyof typeof REVIEW_OPTIONS]?: string | undefined };

/** The project's main checkout: `--mroot`, else the main checkout of the git repository around cwd. */
export function resolveMainCheckout(mroot: string | undefined, io: CliIo): string {
  // Absolute, because the Claude Code project folder is named after the checkout's absolute path.
  if (mroot) return resolve(io.cwd, mroot);
  const roots = findGitRoots(io.cwd);
  if (!roots) throw new UsageError('--mroot is required outside a git repository', 1);
  return roots.mainCheckout;
}

/** Turns the shared options into what a review needs: the project, the day, and where scores come from. */
export function reviewSettings(values: ReviewValues, io: CliIo): ReviewSettings {
  const mainCheckout = resolveMainCheckout(values.mroot, io);
  const today = values.today ?? todayUtc();
  if (!isIsoDay(today)) throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`, 1);
  const scope = values.scope ?? 'current';
  if (scope !== 'current' && scope !== 'all') {
    throw new UsageError(`--scope must be current or all, got '${scope}'`, 1);
  }
  const freshness = values['freshness-secs'] ?? '60';
  if (!/^\d+$/.test(freshness)) {
    throw new UsageError(`--freshness-secs takes a whole number, got '${freshness}'`, 1);
  }
  const source = projectScoreSource({
    mainCheckout,
    scope,
    projectsRoot: values['projects-root'],
    env: envWithProfile(io.env, values.profile),
    freshnessSecs: Number(freshness),
    scoresFile: values['session-scores-file'],
  });
  return { mainCheckout, today, source };
}
