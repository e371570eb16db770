import pc from 'picocolors';
import type { TablePaint } from '../scan/render.js';
import type { CliIo } from './io.js';

/**
 * Colour only for a person at a terminal: the stream is a TTY, `NO_COLOR` is unset or empty
 * (no-color.org) and the terminal is not `dumb`. Never for a pipe, a file or JSON, whatever else is set.
 */
export function colorFor(stream: CliIo['stdout'], env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** The scan table's colours: bold header and totals, flagged sessions red, quiet ones dim. */
export function tablePaint(enabled: boolean): TablePaint | undefined {
  if (!enabled) return undefined;
  const c = pc.createColors(true);
  return { header: c.bold, flagged: (t) => c.red(c.bold(t)), quiet: c.dim, total: c.bold };
}
