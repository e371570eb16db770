import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { ledgerFromEnv, locateLedger } from '../ledger/path.js';
import { unreadLedgerNote } from '../ledger/read.js';
import { emptyLedgerView, ledgerViewJson, showLedger } from '../ledger/show.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const input = z
  .object({
    session: z.string().min(1).optional().describe('Only the rows of this session id'),
    dir: z
      .string()
      .min(1)
      .optional()
      .describe('A folder inside the git checkout whose ledger to read (default: the server folder)'),
  })
  .strict();

/** `ledger_show`: `retrospect ledger show --json`, the rows and the rows per session. */
export function registerLedgerTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'ledger_show',
    {
      title: 'Show the friction ledger',
      description:
        'Returns the friction ledger (FRICTION_LEDGER, else <main checkout>/.claude/retro/friction.jsonl) as `retrospect ledger show --json` prints it: {path, rows, sessions, skipped}. Notes (no ledger yet, unreadable lines) follow as a second text block.',
      inputSchema: input,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('ledger_show', context, (args: z.infer<typeof input>) => {
      const cwd = args.dir === undefined ? context.cwd : existingPath(args.dir, context, 'folder', 'dir');
      const location = locateLedger(ledgerFromEnv(context.env), cwd);
      if (!location)
        throw new InputError(
          'no friction ledger here: not inside a git repository and FRICTION_LEDGER is not set (give dir, a folder inside a git checkout)',
        );
      const { path } = location;
      const refused = location.kind === 'refused';
      const view = refused ? emptyLedgerView(path) : showLedger(path, args.session);
      const notes = [
        ...(refused ? [location.reason] : []),
        ...(view.exists || refused
          ? []
          : [`no friction ledger at ${path} yet (install the hooks with 'retrospect init')`]),
        ...(view.skipped > 0 ? [`${view.skipped} unreadable line(s) in ${path} skipped`] : []),
        ...(view.unreadBytes > 0 ? [unreadLedgerNote(path, view.unreadBytes) ?? ''] : []),
      ];
      return textResult(ledgerViewJson(view), ...(notes.length > 0 ? [notes.join('\n')] : []));
    }),
  );
}
