import type { CliIo } from '../../io.js';

/**
 * How wide the scan table may be: a terminal's own width (it follows a resize), else `COLUMNS` when set to
 * a positive whole number (a person asking for a width through a pipe), else no limit. Piped output keeps
 * every project name whole, so that `scan | grep shop` and `scan | awk` see what the store holds; `--json`
 * is the format for programs.
 */
export function tableWidth(io: Pick<CliIo, 'stdout' | 'env'>): number | undefined {
  const stdout = io.stdout as CliIo['stdout'] & { columns?: number };
  if (stdout.isTTY && typeof stdout.columns === 'number' && stdout.columns > 0) return stdout.columns;
  const columns = io.env.COLUMNS?.trim();
  if (columns && /^\d+$/.test(columns) && Number(columns) > 0) return Number(columns);
  return undefined;
}
