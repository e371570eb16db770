import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type AppliedChange,
  notifyScheduledWebhook,
  scheduledWebhookPayload,
  writeScheduledReport,
} from '../../../schedule/index.js';
import { parseCommandArgs } from '../../args.js';
import { InputError, UsageError } from '../../errors.js';
import { type CliIo, println } from '../../io.js';
import { existingProjectRoot } from './mroot.js';

const USAGE =
  'retrospect schedule report --mroot PATH --mode all-auto [--scanned N] [--skipped N] [--gated N] [--deep N] ' +
  '[--applied-file F] [--followup-file F] [--duplicate-file F] [--observations-file F] [--summary T] [--note T] ' +
  '[--applied-count N] [--followup-count N]';

const text = { type: 'string' } as const;
const OPTIONS = {
  mroot: text,
  mode: text,
  scanned: text,
  skipped: text,
  gated: text,
  deep: text,
  'applied-file': text,
  'followup-file': text,
  'duplicate-file': text,
  'observations-file': text,
  summary: text,
  note: text,
  'applied-count': text,
  'followup-count': text,
};

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name} takes a whole number, got '${value}'\nusage: ${USAGE}`, 1);
  return Number(value);
}

/** Non-empty lines of a file the caller named; a named file that cannot be read is an input error. */
function linesOf(cwd: string, path: string | undefined, name: string): string[] {
  if (path === undefined) return [];
  try {
    return readFileSync(resolve(cwd, path), 'utf8')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
  } catch (error) {
    throw new InputError(`cannot read --${name} ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

/** `target<TAB>action<TAB>summary` rows, as the retro writes them. */
function appliedRows(lines: string[]): AppliedChange[] {
  return lines.map((line) => {
    const [target = '', action = '', ...summary] = line.split('\t');
    return { target, action, summary: summary.join('\t') };
  });
}

/** `schedule report`: writes one scheduled report, prints its absolute path, posts the webhook. */
export async function runReport(args: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommandArgs(args, OPTIONS, USAGE, 1);
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`, 1);
  if (!v.mroot) throw new UsageError(`--mroot is required\nusage: ${USAGE}`, 1);
  if (v.mode !== 'all-auto') throw new UsageError(`--mode must be all-auto\nusage: ${USAGE}`, 1);
  const counts = {
    scanned: whole(v.scanned, 'scanned') ?? 0,
    skipped: whole(v.skipped, 'skipped') ?? 0,
    gated: whole(v.gated, 'gated') ?? 0,
    deepRead: whole(v.deep, 'deep') ?? 0,
  };
  const appliedCount = whole(v['applied-count'], 'applied-count');
  const followUpCount = whole(v['followup-count'], 'followup-count');
  const root = existingProjectRoot(io.cwd, v.mroot);
  const report = writeScheduledReport(root, {
    counts,
    applied: appliedRows(linesOf(io.cwd, v['applied-file'], 'applied-file')),
    manualFollowUps: linesOf(io.cwd, v['followup-file'], 'followup-file'),
    duplicates: linesOf(io.cwd, v['duplicate-file'], 'duplicate-file'),
    observations: linesOf(io.cwd, v['observations-file'], 'observations-file'),
    ...(v.summary ? { summary: v.summary } : {}),
    ...(v.note ? { note: v.note } : {}),
    ...(appliedCount === undefined ? {} : { appliedCount }),
    ...(followUpCount === undefined ? {} : { followUpCount }),
  });
  if (report.droppedLines > 0) {
    println(
      io.stderr,
      `schedule report: left out ${report.droppedLines} line(s) that looked like transcript records`,
    );
  }
  const webhook = await notifyScheduledWebhook(io.env, scheduledWebhookPayload(report));
  if (!webhook.delivered && webhook.reason !== 'not-configured') {
    println(io.stderr, `schedule report: webhook not delivered (${webhook.reason}); the report stands`);
  }
  println(io.stdout, report.path);
  return 0;
}
