import { type CommandGroup, runGroup } from '../group.js';
import type { CliIo } from '../io.js';

const GROUP: CommandGroup = {
  path: 'ledger',
  summary: 'Show the friction ledger',
  details:
    'The ledger is FRICTION_LEDGER, else <main checkout>/.claude/retro/friction.jsonl; the friction-capture hook\nfills it (retrospect init) and the gate reads it for S2.',
  subcommands: {
    show: {
      summary: "Print the ledger's rows and the number of rows per session",
      load: async () => (await import('./ledger/show.js')).run,
    },
  },
  examples: [['retrospect ledger show --session 1f7a9c3e', "one session's friction rows"]],
};

/** `retrospect ledger <sub-command>`. */
export async function run(args: string[], io: CliIo): Promise<number> {
  return runGroup(GROUP, args, io);
}
