import { type CommandGroup, runGroup } from '../group.js';
import type { CliIo } from '../io.js';

const GROUP: CommandGroup = {
  path: 'schedule',
  summary: 'Scheduled retros: run lock, report, cron/systemd install',
  details:
    "The pieces of the unattended 'retro --all --auto' run: one run at a time per project, a report after every\nrun. 'lock' and 'report' keep the first helpers' exit statuses (usage error 1, lock held 2); see docs/scheduled-retro.md.",
  subcommands: {
    install: {
      summary: 'Print (or with --write install) a crontab line or systemd timer for the nightly retro',
      load: async () => (await import('./schedule/install.js')).runInstall,
    },
    lock: {
      summary: "Take or release a project's scheduled-run lock (held: exit 2)",
      load: async () => (await import('./schedule/lock.js')).runLock,
    },
    report: {
      summary: 'Write one scheduled-run report in .claude/retro/ and print its path',
      load: async () => (await import('./schedule/report.js')).runReport,
    },
  },
  examples: [
    ['retrospect schedule install --systemd --write', 'a nightly retro for this project'],
    ['retrospect schedule lock acquire .', 'the run lock, as a script takes it'],
  ],
};

/** `retrospect schedule <sub-command>`: the pieces of unattended scheduled retros. */
export async function run(args: string[], io: CliIo): Promise<number> {
  return runGroup(GROUP, args, io);
}
