import type { CommandSpec, OptionDef } from './args.js';

/** The help line of `-h, --help`, which every command has without declaring it. */
const HELP_OPTION = ['-h, --help', 'show this help and exit'] as const;

/** `--scope current|all`, `--jobs N`, `-o, --out FILE`. */
function flagOf(name: string, def: OptionDef): string {
  const value =
    def.type === 'boolean' ? '' : ` ${def.choices ? def.choices.join('|') : (def.arg ?? 'VALUE')}`;
  return `${def.short ? `-${def.short}, ` : ''}--${name}${value}`;
}

/** `retrospect report --out FILE [options]`: required options, then the arguments. */
export function synopsis(spec: CommandSpec): string {
  const entries = Object.entries(spec.options);
  const required = entries.filter(([, def]) => def.required).map(([name, def]) => flagOf(name, def));
  const args = (spec.args ?? []).map((a) => {
    const name = `${a.name}${a.variadic ? '...' : ''}`;
    return a.required ? name : `[${name}]`;
  });
  const optional = entries.some(([, def]) => !def.required) ? ['[options]'] : [];
  return ['retrospect', spec.path, ...required, ...args, ...optional].join(' ');
}

/** Two columns, the first padded to its widest cell (capped, so that one long cell does not push all). */
export function columns(rows: readonly (readonly [string, string])[], cap = 30, indent = '  '): string[] {
  const width = Math.min(cap, Math.max(...rows.map(([left]) => left.length)));
  return rows.map(([left, right]) =>
    left.length > width ? `${indent}${left}  ${right}` : `${indent}${left.padEnd(width)}  ${right}`,
  );
}

/** `retrospect scan --demo    # the bundled demo sessions` lines, the comments aligned. */
export function exampleLines(examples: readonly (readonly [string, string])[]): string[] {
  return columns(
    examples.map(([command, does]) => [command, `# ${does}`]),
    56,
  );
}

/** The standard exit statuses, with the usage error's own status. */
function exitStatusOf(spec: CommandSpec): string {
  if (spec.exitStatus) return spec.exitStatus;
  return `0 done, 1 failed (bad input, a file that cannot be read or written), ${spec.usageExit ?? 2} usage error`;
}

/**
 * A command's `--help`, generated from the spec its parser uses: usage line, summary, arguments, one line per
 * option (flag, value, description, default), examples, environment and exit statuses.
 */
export function renderCommandHelp(spec: CommandSpec): string {
  const options = Object.entries(spec.options).map(([name, def]): [string, string] => [
    flagOf(name, def),
    `${def.description}${def.multiple ? ' (repeatable)' : ''}${def.default !== undefined ? ` (default: ${def.default})` : ''}`,
  ]);
  const args = (spec.args ?? []).map((a): [string, string] => [
    `${a.name}${a.variadic ? '...' : ''}`,
    a.description,
  ]);
  const lines = [`usage: ${synopsis(spec)}`, '', spec.summary];
  if (spec.details) lines.push('', spec.details);
  if (args.length > 0) lines.push('', 'arguments:', ...columns(args));
  lines.push('', 'options:', ...columns([...options, HELP_OPTION]));
  lines.push('', 'examples:', ...exampleLines(spec.examples));
  if (spec.environment) lines.push('', `environment: ${spec.environment}`);
  lines.push('', `exit status: ${exitStatusOf(spec)}`);
  return lines.join('\n');
}
