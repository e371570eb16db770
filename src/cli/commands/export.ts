import { type CommandGroup, runGroup } from '../group.js';
import type { CliIo } from '../io.js';

const GROUP: CommandGroup = {
  path: 'export',
  summary: 'Send the session store to a team observability stack',
  details: 'Counts, scores and trial decisions only: no transcript text and no rule text leave the machine.',
  subcommands: {
    otlp: {
      summary: 'Send friction metrics and trial decisions to an OpenTelemetry collector over OTLP/HTTP',
      load: async () => (await import('./export/otlp.js')).runOtlp,
    },
  },
  examples: [['retrospect export otlp --endpoint http://localhost:4318', 'metrics to a local collector']],
};

/** `retrospect export ...`: the store's numbers, out to the tools a team already runs. */
export async function run(args: string[], io: CliIo): Promise<number> {
  return runGroup(GROUP, args, io);
}
