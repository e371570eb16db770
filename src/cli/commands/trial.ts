import { UsageError } from '../../errors/errors.js';
import { type CliIo, println } from '../io.js';

type Handler = (args: string[], io: CliIo) => Promise<number>;

const HELP = `usage: retrospect trial <sub-command> ...

Rules born from a retrospective start as trials; their review keeps or reverts them on evidence.

  parse <line>                      text<TAB>start<TAB>source<TAB>review_after (exit 1: no trial comment)
  annotate --text T --start YYYY-MM-DD --source SESS#ANCHOR --review-after N-sessions|D-days
  strip <line>                      the line without its trial comment
  is-elapsed --start D --review-after R [--session-mtimes-file F] [--today D]   true|false
  review [--mroot P] [--today D] [--scope current|all] [--projects-root R]
         [--session-scores-file F] [--freshness-secs N]
                                    KEEP/REVERT rows (12-column TSV) on stdout, DEFER lines on stderr
  review --record-decision --agent A --directive D --decision KEEP|REVERT --decided-by user|auto
         [--mroot P] [--source S] [--trial-start T] [--baseline-mean M] [--baseline-n N]
         [--baseline-ids a,b] [--in-trial-mean M] [--in-trial-n N] [--in-trial-ids c,d]
  list [review options] [--json]    every trial with its state and current evidence`;

/** Sub-commands load lazily, like top-level commands, so `parse` never loads the review's code. */
const SUB_COMMANDS: Record<string, () => Promise<Handler>> = {
  parse: async () => (await import('./trial/meta.js')).runParse,
  annotate: async () => (await import('./trial/meta.js')).runAnnotate,
  strip: async () => (await import('./trial/meta.js')).runStrip,
  'is-elapsed': async () => (await import('./trial/is-elapsed.js')).runIsElapsed,
  review: async () => (await import('./trial/review.js')).runReview,
  list: async () => (await import('./trial/list.js')).runList,
};

/** `retrospect trial ...`: the trial helpers, call-compatible with the original shell helpers. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === '--help' || name === '-h' || name === 'help') {
    println(io.stdout, HELP);
    return 0;
  }
  const load = name === undefined ? undefined : SUB_COMMANDS[name];
  if (!load) {
    const what = name === undefined ? 'a sub-command is required' : `unknown sub-command '${name}'`;
    throw new UsageError(
      `${what}\nusage: retrospect trial parse|annotate|strip|is-elapsed|review|list ...`,
      1,
    );
  }
  return (await load())(rest, io);
}
