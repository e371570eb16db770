import { UsageError } from '../../../errors/errors.js';
import { annotateTrial, checkTrialMeta, parseTrialLine, stripTrialComment } from '../../../trial/meta.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';

/** The one line argument of `parse` and `strip`, taken raw: a rule line may well start with `-`. */
function lineArgument(args: string[], sub: string): string {
  const rest = args[0] === '--' ? args.slice(1) : args;
  if (rest[0] === undefined)
    throw new UsageError(`a line is required\nusage: retrospect trial ${sub} <line>`, 1);
  return rest[0];
}

export async function runParse(args: string[], io: CliIo): Promise<number> {
  const parsed = parseTrialLine(lineArgument(args, 'parse'));
  if (!parsed) return 1;
  println(io.stdout, [parsed.text, parsed.start, parsed.source, parsed.reviewAfter].join('\t'));
  return 0;
}

export async function runStrip(args: string[], io: CliIo): Promise<number> {
  println(io.stdout, stripTrialComment(lineArgument(args, 'strip')));
  return 0;
}

const ANNOTATE_USAGE =
  'retrospect trial annotate --text T --start YYYY-MM-DD --source SESS#ANCHOR --review-after N-sessions|D-days';

export async function runAnnotate(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      text: { type: 'string' },
      start: { type: 'string' },
      source: { type: 'string' },
      'review-after': { type: 'string' },
    },
    ANNOTATE_USAGE,
    1,
  );
  const { text, start, source } = values;
  const reviewAfter = values['review-after'];
  if (!text || !start || !source || !reviewAfter) {
    throw new UsageError(`--text --start --source --review-after required\nusage: ${ANNOTATE_USAGE}`, 1);
  }
  if (/[\r\n]/.test(text)) throw new UsageError('--text must be one line', 1);
  const meta = { start, source, reviewAfter };
  const check = checkTrialMeta(meta);
  if (!check.ok) throw new UsageError(check.reason, 1);
  println(io.stdout, annotateTrial(text, meta));
  return 0;
}
