import type { CommandGroup } from './group.js';
import type { CliIo } from './io.js';

/** A command module: parses its own arguments, calls the core, renders, and returns an exit status. */
export interface CommandModule {
  run(args: string[], io: CliIo): Promise<number>;
}

export interface CommandEntry {
  name: string;
  /** The command's one-line summary; its spec (or group) carries the same words (a test holds them equal). */
  summary: string;
  load: () => Promise<CommandModule>;
}

/**
 * Every top-level command, loaded only when called so that `--help`, hooks and the gate start fast.
 * Keep this list sorted by name; each entry is one line so that parallel work merges cleanly.
 */
// biome-ignore format: one line per command keeps parallel additions conflict-free
export const COMMANDS: CommandEntry[] = [
  { name: 'deep-read', summary: 'Ask a model (or the offline heuristic) for cited rule proposals on one flagged session', load: () => import('./commands/deep-read.js') },
  { name: 'experiment', summary: 'Run the same tasks with and without the rules and measure the difference', load: () => import('./commands/experiment.js') },
  { name: 'export', summary: 'Send the session store to a team observability stack', load: () => import('./commands/export.js') },
  { name: 'gate', summary: 'Score one session transcript with the friction gate', load: () => import('./commands/gate.js') },
  { name: 'hook', summary: 'Claude Code hook handlers', load: () => import('./commands/hook.js') },
  { name: 'init', summary: 'Install the friction hooks in Claude Code settings', load: () => import('./commands/init.js') },
  { name: 'ledger', summary: 'Show the friction ledger', load: () => import('./commands/ledger.js') },
  { name: 'mcp', summary: 'Serve the read-only tools to an MCP client (Claude Code) over stdio', load: () => import('./commands/mcp.js') },
  { name: 'report', summary: 'Write the session store as a self-contained HTML friction report', load: () => import('./commands/report.js') },
  { name: 'retro', summary: 'Session retrospective: from rough sessions to rules on trial', load: () => import('./commands/retro.js') },
  { name: 'rules', summary: 'List the rules agents load: cost, what they save, age, trial state, measured effect, budget', load: () => import('./commands/rules.js') },
  { name: 'scan', summary: 'Gate every session on this machine and show where the friction is', load: () => import('./commands/scan.js') },
  { name: 'schedule', summary: 'Scheduled retros: run lock, report, cron/systemd install', load: () => import('./commands/schedule.js') },
  { name: 'second-look', summary: "Ask a model about a session whose gate score is near the threshold, and flag it by the answer", load: () => import('./commands/second-look.js') },
  { name: 'sprint', summary: 'Sprint retrospectives: facts, the retro session and its records', load: () => import('./commands/sprint.js') },
  { name: 'trial', summary: 'Parse, annotate, review and list rules on trial', load: () => import('./commands/trial.js') },
  { name: 'walk', summary: 'Retrospective walk of a change set (commits, worktree, diff)', load: () => import('./commands/walk.js') },
];

/** The CLI itself as a command group: `retrospect --help` lists COMMANDS, an unknown name gets a "did you mean". */
export function cliGroup(): CommandGroup {
  return {
    path: '',
    summary: 'Retrospect: make coding agents and their teams learn from their own work (alias: retro).',
    subcommands: Object.fromEntries(
      COMMANDS.map((c) => [c.name, { summary: c.summary, load: async () => (await c.load()).run }]),
    ),
    options: [['-V, --version', 'print the version and exit']],
    examples: [
      ['retrospect scan --demo', 'gate the bundled demo sessions and show where the friction is'],
      ['retrospect scan --since 7d --flagged', "this week's rough sessions on this machine"],
      ['retrospect retro', "this project's newest session: gate, deep read, rules on trial"],
      ['retrospect walk HEAD~5..HEAD --md walk.md', 'a retrospective walk of the last five commits'],
    ],
  };
}
