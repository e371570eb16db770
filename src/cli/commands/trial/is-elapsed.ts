import { isIsoDay, todayUtc } from '../../../trial/dates.js';
import { readSessionMtimesFile } from '../../../trial/session-mtimes.js';
import { isTrialElapsed } from '../../../trial/window.js';
import { defineCommand, parseCommandArgs, usageError } from '../../args.js';
import { type CliIo, println } from '../../io.js';

const SPEC = defineCommand({
  path: 'trial is-elapsed',
  summary: "Print true or false: has a trial's review window passed?",
  details:
    'N-sessions counts the sessions (epoch lines of the file) on or after the start day; D-days whole days.',
  options: {
    start: { type: 'string', arg: 'YYYY-MM-DD', required: true, description: 'the day the trial started' },
    'review-after': { type: 'string', arg: 'N-sessions|D-days', required: true, description: 'the window' },
    'session-mtimes-file': {
      type: 'string',
      arg: 'FILE',
      description: "the project's session times, one epoch second per line (without it N-sessions is false)",
    },
    today: {
      type: 'string',
      arg: 'YYYY-MM-DD',
      description: 'the day to judge on',
      default: 'today, in UTC',
    },
  },
  examples: [['retrospect trial is-elapsed --start 2026-07-01 --review-after 10-days', 'true or false']],
});

/** `trial is-elapsed`: whether a trial's review window has passed, as `true` or `false`. */
export async function runIsElapsed(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const { start, today } = values;
  const reviewAfter = values['review-after'];
  if (today !== undefined && !isIsoDay(today))
    throw usageError(SPEC, `--today must be YYYY-MM-DD, got '${today}'`);
  const file = values['session-mtimes-file'];
  const sessionMtimes = file ? readSessionMtimesFile(file) : undefined;
  const answer = isTrialElapsed({ start, reviewAfter, sessionMtimes, today: today ?? todayUtc() });
  // Every reason is a value given on the command line (a date, the window): a usage error.
  if (!answer.ok) throw usageError(SPEC, answer.reason);
  println(io.stdout, answer.elapsed ? 'true' : 'false');
  return 0;
}
