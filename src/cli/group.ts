import { HelpShown, UsageError } from '../errors/errors.js';
import { columns, exampleLines } from './help.js';
import { type CliIo, println } from './io.js';
import { didYouMean } from './suggest.js';

export type CommandRun = (args: string[], io: CliIo) => Promise<number>;

/** One sub-command: listed with its summary, loaded only when called. */
export interface SubcommandEntry {
  summary: string;
  load: () => Promise<CommandRun>;
}

/** A command made of sub-commands (`trial`, `schedule`, ...), or the CLI itself. */
export interface CommandGroup {
  /** The words before the sub-command: `trial`, or '' for the CLI itself. */
  path: string;
  summary: string;
  details?: string;
  subcommands: Record<string, SubcommandEntry>;
  examples: readonly (readonly [string, string])[];
  /** Options of the group itself besides `-h, --help`: `[flag, description]`. */
  options?: readonly (readonly [string, string])[];
  /** Exit status of an unknown or missing sub-command (2 unless a contract fixes another). */
  usageExit?: number;
}

const words = (group: CommandGroup) => ['retrospect', group.path].filter(Boolean).join(' ');

/** The group's help: usage, summary, one line per sub-command, examples. */
function renderGroupHelp(group: CommandGroup): string {
  const names = Object.keys(group.subcommands);
  const lines = [`usage: ${words(group)} <command> [options]`, '', group.summary];
  if (group.details) lines.push('', group.details);
  lines.push('', 'commands:', ...columns(names.map((n) => [n, group.subcommands[n]!.summary])));
  lines.push(
    '',
    'options:',
    ...columns([['-h, --help', 'show this help and exit'], ...(group.options ?? [])]),
  );
  lines.push('', 'examples:', ...exampleLines(group.examples));
  lines.push('', `Run '${words(group)} <command> --help' for a command's options and examples.`);
  return lines.join('\n');
}

/** The usage error for a sub-command name that is not one, with the closest name. */
function unknownSubcommand(group: CommandGroup, name: string): UsageError {
  const names = Object.keys(group.subcommands);
  const kind = name.startsWith('-') ? 'option' : group.path === '' ? 'command' : 'sub-command';
  // The CLI's own list is long: point at its help instead of spelling it out.
  const usage =
    group.path === '' ? "see 'retrospect --help'" : `usage: ${words(group)} <${names.join('|')}> ...`;
  return new UsageError(
    `unknown ${kind} '${name}'${didYouMean(name, names)}; ${usage}`,
    group.usageExit ?? 2,
  );
}

/**
 * Runs `retrospect <group> <sub-command> ...`: help for `--help` (exit 0) or for no sub-command at all (the
 * group's usage-error status: the caller forgot the sub-command), a "did you mean" for an unknown one.
 */
export async function runGroup(group: CommandGroup, args: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    println(io.stdout, renderGroupHelp(group));
    return group.usageExit ?? 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') throw new HelpShown(renderGroupHelp(group));
  const entry = Object.hasOwn(group.subcommands, name) ? group.subcommands[name] : undefined;
  if (!entry) throw unknownSubcommand(group, name);
  return (await entry.load())(rest, io);
}
