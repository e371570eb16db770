import { UsageError } from '../../errors/errors.js';
import type { CliIo } from '../io.js';
import { println } from '../io.js';

const SUBCOMMANDS = {
  report: {
    summary: 'sprint data summary: metrics, review verdicts, tech debt, themes (read-only)',
    load: () => import('./sprint/report.js'),
  },
  themes: {
    summary: 'recurring themes across sprints; --apply escalates them once per sprint',
    load: () => import('./sprint/themes.js'),
  },
  'action-items': {
    summary: 'list action items (.gaia/state/action-items.yaml)',
    load: () => import('./sprint/action-items.js'),
  },
  write: {
    summary: 'the shared memory writer: one allowlisted, idempotent entry',
    load: () => import('./sprint/write.js'),
  },
  retro: {
    summary: 'facilitate the sprint retrospective and record it',
    load: () => import('./sprint/retro.js'),
  },
} as const;

type SubcommandName = keyof typeof SUBCOMMANDS;

function usage(): string {
  const names = Object.keys(SUBCOMMANDS) as SubcommandName[];
  const width = Math.max(...names.map((n) => n.length));
  return [
    'usage: retrospect sprint <sub-command> [options]',
    '',
    ...names.map((n) => `  ${n.padEnd(width)}  ${SUBCOMMANDS[n].summary}`),
    '',
    "Run 'retrospect sprint <sub-command> --help' for its options.",
  ].join('\n');
}

/** `retrospect sprint <sub-command>`: dispatches to the sub-command module, loaded lazily. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h') {
    println(io.stdout, usage());
    return name === undefined ? 2 : 0;
  }
  if (!Object.hasOwn(SUBCOMMANDS, name)) {
    throw new UsageError(`unknown sub-command '${name}'\n${usage()}`);
  }
  const module = await SUBCOMMANDS[name as SubcommandName].load();
  return module.run(rest, io);
}
