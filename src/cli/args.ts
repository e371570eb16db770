import { parseArgs } from 'node:util';
import { UsageError } from '../errors/errors.js';

export type OptionSpec = Record<
  string,
  { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: string | boolean }
>;

export interface ParsedArgs<T extends OptionSpec> {
  values: { [K in keyof T]: T[K]['type'] extends 'boolean' ? boolean | undefined : string | undefined };
  positionals: string[];
}

/**
 * Strict option parsing with node:util (no dependency to load on the hot path). Unknown options and
 * missing values become a UsageError that names the command's usage line.
 */
export function parseCommandArgs<T extends OptionSpec>(
  args: string[],
  options: T,
  usage: string,
  usageExitCode = 2,
): ParsedArgs<T> {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return parsed as unknown as ParsedArgs<T>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${reason}\nusage: ${usage}`, usageExitCode);
  }
}

/** Parses a whole, non-negative number option (`--jobs 4`), or throws a UsageError naming the option. */
export function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} takes a whole number, got '${value}'`);
  return Number(value);
}
