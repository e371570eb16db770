import { type CommandGroup, runGroup } from '../group.js';
import type { CliIo } from '../io.js';

const GROUP: CommandGroup = {
  path: 'sprint',
  summary: 'Sprint retrospectives: facts, the retro session and its records',
  details:
    "Reads a project's sprint files (.gaia/), computes the facts and records the retro; see docs/sprint.md.",
  subcommands: {
    report: {
      summary: 'Sprint data summary: metrics, review verdicts, tech debt, themes (read-only)',
      load: async () => (await import('./sprint/report.js')).run,
    },
    themes: {
      summary: 'Recurring themes across sprints; --apply escalates them once per sprint',
      load: async () => (await import('./sprint/themes.js')).run,
    },
    'action-items': {
      summary: 'List action items (.gaia/state/action-items.yaml)',
      load: async () => (await import('./sprint/action-items.js')).run,
    },
    write: {
      summary: 'The shared memory writer: one allowlisted, idempotent entry',
      load: async () => (await import('./sprint/write.js')).run,
    },
    retro: {
      summary: 'Facilitate the sprint retrospective and record it',
      load: async () => (await import('./sprint/retro.js')).run,
    },
  },
  examples: [
    ['retrospect sprint report --demo', 'the demo project: metrics, verdicts, tech debt, themes'],
    ['retrospect sprint retro --demo', 'the whole retro on a temporary copy of the demo project'],
  ],
};

/** `retrospect sprint <sub-command>`: dispatches to the sub-command module, loaded lazily. */
export async function run(args: string[], io: CliIo): Promise<number> {
  return runGroup(GROUP, args, io);
}
