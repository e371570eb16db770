import { UsageError } from '../../../errors/errors.js';
import { annotateTrial, parseTrialLine, stripTrialComment } from '../../../rules/trial-comment.js';
import { checkTrialMeta } from '../../../trial/meta.js';
import { parseCommandArgs, usageError } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { ANNOTATE_SPEC, PARSE_SPEC, STRIP_SPEC } from './meta-specs.js';

export async function runParse(args: string[], io: CliIo): Promise<number> {
  const parsed = parseTrialLine(parseCommandArgs(args, PARSE_SPEC).positionals[0]!);
  if (!parsed) return 1;
  println(io.stdout, [parsed.text, parsed.start, parsed.source, parsed.reviewAfter].join('\t'));
  return 0;
}

export async function runStrip(args: string[], io: CliIo): Promise<number> {
  println(io.stdout, stripTrialComment(parseCommandArgs(args, STRIP_SPEC).positionals[0]!));
  return 0;
}

export async function runAnnotate(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, ANNOTATE_SPEC);
  const { text, start, source } = values;
  if (/[\r\n]/.test(text)) throw usageError(ANNOTATE_SPEC, '--text must be one line');
  const meta = { start, source, reviewAfter: values['review-after'] };
  const check = checkTrialMeta(meta);
  if (!check.ok) throw new UsageError(check.reason);
  println(io.stdout, annotateTrial(text, meta));
  return 0;
}
