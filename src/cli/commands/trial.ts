import { type CommandGroup, runGroup } from '../group.js';
import type { CliIo } from '../io.js';

/** Sub-commands load lazily, like top-level commands, so that `parse` never loads the review's code. */
const GROUP: CommandGroup = {
  path: 'trial',
  summary: 'Parse, annotate, review and list rules on trial',
  details:
    'Rules born from a retrospective start as trials; their review keeps or reverts them on evidence. parse,\nannotate, strip, is-elapsed and review answer call for call as the first trial helpers did (docs/design/compatibility.md).',
  subcommands: {
    list: {
      summary: 'Every rule on trial with its state and current evidence',
      load: async () => (await import('./trial/list.js')).runList,
    },
    review: {
      summary:
        'Weigh elapsed trials: KEEP/REVERT/INCONCLUSIVE rows on stdout, DEFER lines on stderr; or record a decision',
      load: async () => (await import('./trial/review.js')).runReview,
    },
    parse: {
      summary: 'Print text<TAB>start<TAB>source<TAB>review_after of a rule line (exit 1: no trial comment)',
      load: async () => (await import('./trial/meta.js')).runParse,
    },
    annotate: {
      summary: 'Print a rule line with its trial comment (replacing any it had)',
      load: async () => (await import('./trial/meta.js')).runAnnotate,
    },
    strip: {
      summary: 'Print a rule line without its trial comment',
      load: async () => (await import('./trial/meta.js')).runStrip,
    },
    'is-elapsed': {
      summary: "Print true or false: has a trial's review window passed?",
      load: async () => (await import('./trial/is-elapsed.js')).runIsElapsed,
    },
  },
  examples: [
    ['retrospect trial list', "this project's trials and where they stand"],
    ['retrospect trial review', 'KEEP/REVERT rows for the elapsed trials'],
  ],
};

/** `retrospect trial ...`: the trial helpers, call-compatible with the original shell helpers. */
export async function run(args: string[], io: CliIo): Promise<number> {
  return runGroup(GROUP, args, io);
}
