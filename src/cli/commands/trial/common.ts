import { resolve } from 'node:path';
import { UsageError } from '../../../errors/errors.js';
import { findGitRoots } from '../../../git/roots.js';
import { cliDescription } from '../../../parameters/shared.js';
import { resolveStoreSettings } from '../../../store/settings.js';
import { isIsoDay, todayUtc } from '../../../trial/dates.js';
import { TRIAL_REVIEW_PARAMETERS } from '../../../trial/parameters.js';
import type { TrialReviewOptions } from '../../../trial/project-review.js';
import type { SessionScoreSource } from '../../../trial/scores.js';
import { projectScoreSource } from '../../../trial/sources.js';
import { PROJECTS_ROOT } from '../../common-options.js';
import { existingFolder } from '../../folder-option.js';
import type { CliIo } from '../../io.js';
import { gateSettingsFromArgs, PROFILE } from '../../profile-option.js';
import { EFFECT_OPTIONS, effectOptions } from './effect-options.js';
import { TEAM_OPTIONS, teamStore } from './team-option.js';

const shared = TRIAL_REVIEW_PARAMETERS;

/** Whose sessions a review counts: the project's own, or every project's. */
const TRIAL_SCOPES = ['current', 'all'] as const;

/** Options shared by `trial review` and `trial list`; their words are trial/parameters.ts's. */
export const REVIEW_OPTIONS = {
  mroot: {
    type: 'string',
    arg: 'PATH',
    description: cliDescription(shared.mroot),
    default: shared.mroot.default,
  },
  today: {
    type: 'string',
    arg: 'YYYY-MM-DD',
    description: cliDescription(shared.today),
    default: shared.today.default,
  },
  scope: {
    type: 'string',
    choices: TRIAL_SCOPES,
    description: cliDescription(shared.scope),
    default: shared.scope.default,
  },
  'projects-root': PROJECTS_ROOT,
  'session-scores-file': {
    type: 'string',
    arg: 'FILE',
    description: 'scores to use instead of finding sessions: sid<TAB>score<TAB>mtime[<TAB>turns] lines',
  },
  'freshness-secs': {
    type: 'string',
    arg: 'N',
    description: 'leave out sessions modified this recently (still being written)',
    default: '60',
  },
  profile: PROFILE,
  ...EFFECT_OPTIONS,
  ...TEAM_OPTIONS,
} as const;

export interface ReviewSettings {
  mainCheckout: string;
  today: string;
  source: SessionScoreSource;
  review: TrialReviewOptions;
}

type ReviewValues = { [K in Exclude<keyof typeof REVIEW_OPTIONS, 'team'>]?: string | undefined } & {
  team?: boolean | undefined;
};

/** The project's main checkout: `--mroot`, else the main checkout of the git repository around cwd. */
export function resolveMainCheckout(mroot: string | undefined, io: CliIo): string {
  // Absolute, because the Claude Code project folder is named after the checkout's absolute path.
  if (mroot) return resolve(io.cwd, mroot);
  const roots = findGitRoots(io.cwd);
  if (!roots) throw new UsageError('--mroot is required outside a git repository');
  return roots.mainCheckout;
}

/** Turns the shared options into what a review needs: the project, the day, and where scores come from. */
export function reviewSettings(values: ReviewValues, io: CliIo): ReviewSettings {
  const mainCheckout = resolveMainCheckout(values.mroot, io);
  const today = values.today ?? todayUtc();
  if (!isIsoDay(today)) throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`);
  const scope = values.scope === 'all' ? 'all' : 'current';
  const freshness = values['freshness-secs'] ?? '60';
  if (!/^\d+$/.test(freshness))
    throw new UsageError(`--freshness-secs takes a whole number, got '${freshness}'`);
  const gate = gateSettingsFromArgs(io.env, { profile: values.profile });
  const source = projectScoreSource({
    ...teamStore(values, io.env),
    mainCheckout,
    scope,
    projectsRoot: existingFolder(values['projects-root'], '--projects-root', 'a Claude Code projects folder'),
    env: io.env,
    gate,
    storeSettings: resolveStoreSettings(io.env),
    freshnessSecs: Number(freshness),
    scoresFile: values['session-scores-file'],
  });
  // Friction is measured with the hits of the profile the scores come from.
  const { profile } = gate;
  return { mainCheckout, today, source, review: { ...effectOptions(values), profile } };
}
