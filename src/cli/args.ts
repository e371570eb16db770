import { HelpShown, UsageError } from '../errors/errors.js';
import { renderCommandHelp, synopsis } from './help.js';
import { didYouMean } from './suggest.js';

/**
 * One option of a command, as data: the parser reads it, `--help` prints it, and nothing else describes
 * the option, so help cannot drift from what the parser accepts. Adding an option is one entry.
 */
export interface OptionDef {
  type: 'string' | 'boolean';
  /** One letter for `-x` (`-h` is taken by help). */
  short?: string;
  /** Repeatable: the values arrive as a list. */
  multiple?: boolean;
  /** The value's placeholder in help and messages: `N`, `DATE`, `PATH`. */
  arg?: string;
  /** The only values allowed; anything else is a usage error with a "did you mean". */
  choices?: readonly string[];
  /** Must be given (shown in the usage line). */
  required?: boolean;
  /** One line for `--help`. */
  description: string;
  /** What applies when the option is absent, as `--help` shows it. */
  default?: string;
}

export type OptionTable = Record<string, OptionDef>;

/** A positional argument (`SESSION`, `DIR...`). */
export interface ArgumentDef {
  name: string;
  description: string;
  required?: boolean;
  /** Takes any number of words (only the last argument). */
  variadic?: boolean;
}

/** A command or sub-command: its words, what it does, its arguments and options, and examples. */
export interface CommandSpec<T extends OptionTable = OptionTable> {
  /** The words after `retrospect`, e.g. `trial list`. */
  path: string;
  summary: string;
  /** More about the command, printed under the summary. */
  details?: string;
  args?: readonly ArgumentDef[];
  options: T;
  /** At least one: `[command line, what it does]`. */
  examples: readonly (readonly [string, string])[];
  /** Environment variables the command reads, one line. */
  environment?: string;
  /** The exit statuses, when they differ from the usual 0 / 1 / 2. */
  exitStatus?: string;
  /** Exit status of a usage error: 2, unless a contract (docs/design/compatibility.md: the trial and schedule helpers, hooks) fixes another. */
  usageExit?: number;
}

type ValueOf<D extends OptionDef> = D['type'] extends 'boolean'
  ? boolean | undefined
  : D extends { multiple: true }
    ? string[] | undefined
    : D extends { required: true }
      ? string
      : string | undefined;

export interface ParsedArgs<T extends OptionTable> {
  values: { [K in keyof T]: ValueOf<T[K]> };
  positionals: string[];
}

/** Keeps the literal types of a spec's options (for typed values) while checking its shape. */
export function defineCommand<const T extends OptionTable>(spec: CommandSpec<T>): CommandSpec<T> {
  return spec;
}

/** The usage error of a command: one line, the reason and the usage synopsis. */
export function usageError(spec: CommandSpec, reason: string): UsageError {
  return new UsageError(`${reason}; usage: ${synopsis(spec)}`, spec.usageExit ?? 2);
}

/** A long option: `--name` or `--name=value` whose name has no spaces (a rule line may start with `--`). */
const LONG = /^--([A-Za-z][\w-]*)(?:=([\s\S]*))?$/;
/** The next word is an option, not a value: `--json` (a value may start with one `-`: `-home-ada-x`). */
const looksLikeOption = (word: string | undefined) => word === '--' || /^--[A-Za-z]/.test(word ?? '');

/**
 * Parses a command line against a spec. Long options take `--name value` or `--name=value`; a value may start
 * with `-` (Claude Code names project folders `-home-…`). `-x` is a short option only as a two-character
 * word: longer words starting with one `-` are arguments, never clusters of short options. `--` ends the
 * options. `-h`/`--help` anywhere throws HelpShown with the generated help; anything else wrong throws one
 * UsageError line with the usage synopsis and, where one is close, a "did you mean".
 */
export function parseCommandArgs<T extends OptionTable>(
  args: readonly string[],
  spec: CommandSpec<T>,
): ParsedArgs<T> {
  const options = spec.options as OptionTable;
  const names = Object.keys(options);
  const values: Record<string, string | boolean | string[]> = {};
  const positionals: string[] = [];
  let problem: string | undefined;
  const fail = (reason: string) => {
    problem ??= reason;
  };
  const set = (name: string, def: OptionDef, value: string | true) => {
    if (def.type === 'boolean') values[name] = true;
    else if (def.multiple)
      values[name] = [...((values[name] as string[] | undefined) ?? []), value as string];
    else values[name] = value;
  };
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    const long = LONG.exec(word);
    const shortName = /^-[A-Za-z]$/.test(word) ? word[1] : undefined;
    if (word === '--help' || word === '-h') {
      help = true;
      continue;
    }
    if (!long && shortName === undefined) {
      positionals.push(word);
      continue;
    }
    const name = long ? long[1]! : names.find((n) => options[n]!.short === shortName);
    const def = name === undefined ? undefined : options[name];
    if (name === undefined || def === undefined) {
      fail(`unknown option '${word.split('=')[0]}'${didYouMean(long?.[1] ?? word, names, '--')}`);
      continue;
    }
    const inline = long?.[2];
    if (def.type === 'boolean') {
      if (inline !== undefined) fail(`--${name} takes no value, got '${word}'`);
      else set(name, def, true);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= args.length || looksLikeOption(args[i + 1])) {
        fail(`--${name} needs a value (${def.arg ?? 'VALUE'})`);
        continue;
      }
      value = args[++i]!;
    }
    if (def.choices && !def.choices.includes(value)) {
      fail(`--${name} takes ${def.choices.join('|')}, got '${value}'${didYouMean(value, def.choices)}`);
      continue;
    }
    set(name, def, value);
  }
  if (help) throw new HelpShown(renderCommandHelp(spec));
  if (problem === undefined) problem = argumentProblem(spec, positionals, values);
  if (problem !== undefined) throw usageError(spec, problem);
  return { values, positionals } as unknown as ParsedArgs<T>;
}

/** What is wrong with the arguments' count or the required options, if anything. */
function argumentProblem(
  spec: CommandSpec,
  positionals: readonly string[],
  values: Record<string, unknown>,
): string | undefined {
  const missing = Object.entries(spec.options).find(
    ([name, def]) => def.required && (values[name] === undefined || values[name] === ''),
  );
  if (missing) return `--${missing[0]} ${missing[1].arg ?? 'VALUE'} is required`;
  const declared = spec.args ?? [];
  const required = declared.filter((a) => a.required);
  if (positionals.length < required.length) return `expected ${required[positionals.length]!.name}`;
  const max = declared.at(-1)?.variadic ? Number.POSITIVE_INFINITY : declared.length;
  if (positionals.length <= max) return undefined;
  const extra = positionals[max]!;
  const hint = extra.startsWith('-')
    ? didYouMean(extra.replace(/^-+/, ''), Object.keys(spec.options), '--')
    : '';
  return `unexpected argument '${extra}'${hint}`;
}

/** Parses a whole, non-negative number option (`--jobs 4`), or throws a UsageError naming the option. */
export function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} takes a whole number, got '${value}'`);
  return Number(value);
}

/** Parses a whole number of at least 1 (`--jobs 4`, `--concurrency 2`): zero would do nothing at all. */
export function parsePositive(value: string | undefined, name: string, fallback: number): number {
  const count = parseCount(value, name, fallback);
  if (count < 1) throw new UsageError(`${name} takes a whole number of at least 1, got '${value}'`);
  return count;
}
