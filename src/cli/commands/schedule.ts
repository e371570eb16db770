import { UsageError } from '../../errors/errors.js';
import type { CliIo } from '../io.js';

const USAGE = [
  'usage: retrospect schedule lock acquire|release <mroot> [token] [--force]',
  '       retrospect schedule report --mroot PATH --mode all-auto [--scanned N --skipped N --gated N --deep N]',
  '              [--applied-file F --followup-file F --duplicate-file F --observations-file F]',
  '              [--summary TEXT] [--note TEXT]',
  '       retrospect schedule install [--cron | --systemd] [--every 1d] [--at HH:MM] [--write]',
].join('\n');

/**
 * `retrospect schedule`: the pieces of unattended scheduled retros. Usage errors exit 1 and a held lock
 * exits 2, as the shell helpers this replaces did, so existing callers keep working.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout.write(`${USAGE}\n`);
    return sub === undefined ? 1 : 0;
  }
  if (sub === 'lock') return (await import('./schedule/lock.js')).runLock(rest, io);
  if (sub === 'report') return (await import('./schedule/report.js')).runReport(rest, io);
  if (sub === 'install') return (await import('./schedule/install.js')).runInstall(rest, io);
  throw new UsageError(`unknown sub-command '${sub}'\n${USAGE}`, 1);
}
