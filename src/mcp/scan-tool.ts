import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { GATE_PROFILES } from '../gate/profile.js';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { mcpDescription } from '../parameters/shared.js';
import * as scan from '../scan/index.js';
import { SCAN_PARAMETERS } from '../scan/parameters.js';
import { runScan } from '../scan/run-scan.js';
import { skippedLines, skippedSummary } from '../scan/skipped.js';
import {
  DEFAULT_SURVIVAL_AFTER_BUDGET_MS,
  DEFAULT_SURVIVAL_DAYS,
  withSurvivalField,
} from '../scan/survival.js';
import { isPostgresUrl, type StoreLocation, storeLocation } from '../store/location.js';
import { isSessionStore } from '../store/probe.js';
import { resolveStoreSettings, type StoreSettings } from '../store/settings.js';
import { isSessionRow } from '../transcript/hosts.js';
import { HOST_NAMES } from '../transcript/types.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const DATE_HINT = 'a date such as 2026-10-01 or an ISO time';

/** The `scan_sessions` input; its shared parameters are described from scan/parameters.ts. */
export const SCAN_INPUT = z
  .object({
    dirs: z
      .array(z.string().min(1), { error: 'dirs: expected a list of folder or session file paths' })
      .optional()
      .describe(mcpDescription(SCAN_PARAMETERS.paths)),
    hosts: z
      .array(z.enum(HOST_NAMES, { error: `hosts: expected some of ${HOST_NAMES.join(', ')}` }))
      .optional()
      .describe(mcpDescription(SCAN_PARAMETERS.hosts)),
    project: z.string().optional().describe(mcpDescription(SCAN_PARAMETERS.project)),
    since: z.string().optional().describe(mcpDescription(SCAN_PARAMETERS.since)),
    until: z.string().optional().describe(mcpDescription(SCAN_PARAMETERS.until)),
    minScore: z
      .number({ error: 'minScore: expected a number such as 5' })
      .nonnegative('minScore: expected a number of 0 or more')
      .optional()
      .describe(mcpDescription(SCAN_PARAMETERS.minScore)),
    flagged: z
      .boolean({ error: 'flagged: expected true or false' })
      .optional()
      .describe(mcpDescription(SCAN_PARAMETERS.flagged)),
    includeOwn: z
      .boolean({ error: 'includeOwn: expected true or false' })
      .optional()
      .describe(mcpDescription(SCAN_PARAMETERS.includeOwn)),
    store: z.string().min(1).optional().describe(mcpDescription(SCAN_PARAMETERS.store)),
    limit: z
      .number()
      .int('limit: expected a whole number')
      .positive('limit: expected a whole number of 1 or more')
      .optional()
      .describe('Return at most this many records, highest score first (default 100)'),
    survival: z
      .object(
        {
          days: z
            .number({ error: 'survival.days: expected a whole number of days' })
            .int('survival.days: expected a whole number of days')
            .positive('survival.days: expected 1 or more')
            .optional(),
          budgetSeconds: z
            .number({ error: 'survival.budgetSeconds: expected a number of seconds' })
            .positive('survival.budgetSeconds: expected more than 0')
            .optional(),
        },
        { error: 'survival: expected {days?, budgetSeconds?}' },
      )
      .strict()
      .optional()
      .describe(
        `Add each returned record's \`survival\`: its committed lines alive \`days\` (default ${DEFAULT_SURVIVAL_DAYS}) after its last commit, blamed in its repository, all records within \`budgetSeconds\` (default ${DEFAULT_SURVIVAL_AFTER_BUDGET_MS / 1000}), as \`scan --survival --json\``,
      ),
    profile: z
      .enum(GATE_PROFILES, { error: 'profile: expected seed or calibrated' })
      .optional()
      .describe(
        'Gate profile (default RETRO_GATE_PROFILE, else calibrated); a change rescores stored sessions',
      ),
  })
  .strict();

const DEFAULT_LIMIT = 100;

function dateBound(text: string | undefined, name: string, edge: 'start' | 'end'): string | undefined {
  if (text === undefined) return undefined;
  const bound = scan.parseDateBound(text, edge);
  if (bound === undefined) throw new InputError(`${name}: expected ${DATE_HINT}, got '${text}'`);
  return bound;
}

/**
 * The store a scan keeps its verdicts in: the default one (Retrospect's own data folder, as `retrospect scan`
 * uses), a shared postgres:// store, or a session store that already exists. A client never makes the
 * server create a file: a path where nothing is, another program's database, a text file, a FIFO or a
 * device is refused in one line before anything is opened.
 */
export function storeFor(
  given: string | undefined,
  settings: StoreSettings,
  context: ToolContext,
): StoreLocation {
  if (given === undefined) return scan.storeLocationFor(undefined, false, settings);
  if (isPostgresUrl(given)) return storeLocation(given);
  const path = resolve(context.cwd, given);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined)
    throw new InputError(
      `store: ${given} does not exist; the MCP server only opens an existing session store (make one with \`retrospect scan --store ${given}\`)`,
    );
  if (!stat.isFile() || !isSessionStore(path))
    throw new InputError(
      `store: ${given} is not a Retrospect session store (expected an existing store file)`,
    );
  return { kind: 'sqlite', path };
}

/** A folder or file to scan, or one session row of a database (an OpenCode `<db>/<session id>`). */
function sessionPath(given: string, context: ToolContext): string {
  const path = resolve(context.cwd, given);
  return isSessionRow(path) ? path : existingPath(given, context, 'file or folder', 'dirs');
}

/** `scan_sessions`: `retrospect scan --json`, its records as JSON lines, then a one-line summary. */
export function registerScanTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'scan_sessions',
    {
      title: 'Scan sessions',
      description:
        'Gates every coding-agent session (Claude Code, Codex, Gemini CLI, OpenCode, Copilot CLI) under the given folders (only new or changed files are read; verdicts are kept in the session store) and returns the matching records as `retrospect scan --json` prints them: one JSON object per line, highest score first. A summary line follows as a second text block.',
      inputSchema: SCAN_INPUT,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    guarded('scan_sessions', context, async (args: z.infer<typeof SCAN_INPUT>) => {
      // Checked in the order the tool always has: the paths, the dates, then the store.
      const paths = args.dirs?.map((dir) => sessionPath(dir, context));
      const storeSettings = resolveStoreSettings(context.env);
      const filter: scan.ScanFilter = {
        project: args.project,
        hosts: args.hosts,
        since: dateBound(args.since, 'since', 'start'),
        until: dateBound(args.until, 'until', 'end'),
        minScore: args.minScore,
        flaggedOnly: args.flagged === true,
        includeOwn: args.includeOwn === true,
      };
      const limit = args.limit ?? DEFAULT_LIMIT;
      const scanned = await runScan({
        paths,
        hosts: args.hosts,
        filter,
        gate: resolveGateSettings({
          flags: { profile: args.profile },
          env: context.env,
          ledger: ledgerFromEnv(context.env),
        }),
        cwd: context.cwd,
        store: storeFor(args.store, storeSettings, context),
        identity: storeSettings.identity,
        env: context.env,
        jobs: availableParallelism(),
        limit,
        // Git work in each session's repository: only when asked, only for the records returned.
        survival: args.survival && {
          days: args.survival.days ?? DEFAULT_SURVIVAL_DAYS,
          budgetMs: (args.survival.budgetSeconds ?? DEFAULT_SURVIVAL_AFTER_BUDGET_MS / 1000) * 1000,
        },
      });
      const { result, selected: shown, returned, starts, threshold, warning, ownLeftOut, survival } = scanned;
      const flagged = shown.filter((r) => r.verdict.passed).length;
      const summary = [
        `${shown.length} of ${result.records.length} sessions matched, ${flagged} flagged (threshold ${threshold}); read ${result.read}, unchanged ${result.unchanged}`,
        ...(ownLeftOut > 0
          ? [`${ownLeftOut} of Retrospect's own analysis runs left out (includeOwn shows them)`]
          : []),
        ...(shown.length > limit ? [`only the first ${limit} records are shown (raise limit for more)`] : []),
        ...(warning ? [warning] : []),
        ...(result.skipped.length > 0
          ? [skippedSummary(result.skipped, true) ?? '', ...skippedLines(result.skipped).slice(0, 5)]
          : []),
        ...result.warnings.slice(0, 5),
        ...(result.warnings.length > 5 ? [`(${result.warnings.length - 5} more warnings)`] : []),
      ];
      return textResult(
        returned
          .map((r) => {
            const line = scan.scanRecordJson(r, starts);
            return survival ? withSurvivalField(line, survival.get(r.path)) : line;
          })
          .join('\n'),
        summary.join('\n'),
      );
    }),
  );
}
