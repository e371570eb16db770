import { InputError, UsageError } from '../../../errors/errors.js';
import { isIsoDay, todayUtc } from '../../../trial/dates.js';
import { readSessionMtimesFile } from '../../../trial/session-mtimes.js';
import { isTrialElapsed } from '../../../trial/window.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';

const USAGE =
  'retrospect trial is-elapsed --start YYYY-MM-DD --review-after N-sessions|D-days [--session-mtimes-file F] [--today YYYY-MM-DD]';

/** `trial is-elapsed`: whether a trial's review window has passed, as `true` or `false`. */
export async function runIsElapsed(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      start: { type: 'string' },
      'review-after': { type: 'string' },
      'session-mtimes-file': { type: 'string' },
      today: { type: 'string' },
    },
    USAGE,
    1,
  );
  const { start, today } = values;
  const reviewAfter = values['review-after'];
  if (!start || !reviewAfter) throw new UsageError(`--start and --review-after required\nusage: ${USAGE}`, 1);
  if (today !== undefined && !isIsoDay(today))
    throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`, 1);
  const file = values['session-mtimes-file'];
  const sessionMtimes = file ? readSessionMtimesFile(file) : undefined;
  const answer = isTrialElapsed({ start, reviewAfter, sessionMtimes, today: today ?? todayUtc() });
  if (!answer.ok) throw new InputError(answer.reason);
  println(io.stdout, answer.elapsed ? 'true' : 'false');
  return 0;
}
