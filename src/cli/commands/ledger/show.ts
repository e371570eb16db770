import { maxOf } from '../../../arrays/bounded.js';
import { InputError } from '../../../errors/errors.js';
import { ledgerFromEnv, locateLedger } from '../../../ledger/path.js';
import { unreadLedgerNote } from '../../../ledger/read.js';
import { emptyLedgerView, ledgerViewJson, showLedger } from '../../../ledger/show.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { JSON_OUTPUT } from '../../common-options.js';
import { type CliIo, println } from '../../io.js';

const SPEC = defineCommand({
  path: 'ledger show',
  summary: "Print the ledger's rows and the number of rows per session",
  details: 'Rows: ts, session, event, tool, path. It never writes the ledger.',
  options: {
    session: { type: 'string', arg: 'ID', description: 'only this session: its id or a unique prefix of it' },
    json: JSON_OUTPUT,
  },
  examples: [
    ['retrospect ledger show', 'every row, then the rows per session'],
    ['retrospect ledger show --session 1f7a9c3e --json', "one session's rows as JSON"],
  ],
  environment: 'FRICTION_LEDGER',
});

/** Ledger text comes from hook payloads: keep terminal control characters out of the table. */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

function table(rows: string[][]): string[] {
  const widths =
    rows[0]?.map((_, column) =>
      maxOf(
        rows.map((row) => (row[column] ?? '').length),
        0,
      ),
    ) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const location = locateLedger(ledgerFromEnv(io.env), io.cwd);
  if (!location)
    throw new InputError(
      'no friction ledger here: not inside a git repository and FRICTION_LEDGER is not set',
    );
  const { path } = location;
  const refused = location.kind === 'refused';
  if (refused) println(io.stderr, location.reason);
  const ledger = refused ? emptyLedgerView(path) : showLedger(path, values.session);
  const { rows, sessions } = ledger;
  if (!ledger.exists && !refused)
    println(io.stderr, `no friction ledger at ${path} yet (install the hooks with 'retrospect init')`);
  if (ledger.skipped > 0) println(io.stderr, `${ledger.skipped} unreadable line(s) in ${path} skipped`);
  const unread = unreadLedgerNote(path, ledger.unreadBytes);
  if (unread) println(io.stderr, unread);
  if (values.json) {
    println(io.stdout, ledgerViewJson(ledger));
    return 0;
  }
  if (rows.length === 0) {
    if (ledger.exists)
      println(io.stdout, values.session === undefined ? 'no rows' : `no rows for session ${values.session}`);
    return 0;
  }
  const header = ['TS', 'SESSION', 'EVENT', 'TOOL', 'PATH'];
  const cells = rows.map((r) => [r.ts, r.session_id, r.event, r.tool, r.path].map(printable));
  for (const line of table([header, ...cells])) println(io.stdout, line);
  println(io.stdout);
  const counts = sessions.map((s) => [printable(s.session_id), String(s.count)]);
  for (const line of table([['SESSION', 'ROWS'], ...counts])) println(io.stdout, line);
  return 0;
}
