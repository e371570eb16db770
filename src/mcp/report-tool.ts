import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { bundledPriceTable } from '../cost/price-table.js';
import { InputError } from '../errors/errors.js';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { mcpDescription } from '../parameters/shared.js';
import { REPORT_PARAMETERS } from '../report/parameters.js';
import { runReport } from '../report/run-report.js';
import * as scan from '../scan/index.js';
import { storeFileExists } from '../store/probe.js';
import { resolveStoreSettings } from '../store/settings.js';
import { HOST_NAMES } from '../transcript/types.js';
import { storeFor } from './scan-tool.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const shared = REPORT_PARAMETERS;
const DATE_HINT = 'a date such as 2026-10-01 or an ISO time';
const DEFAULT_BUDGET = Number(shared.budget.default);

/** The `friction_report` input; its parameters are described from report/parameters.ts. */
export const REPORT_INPUT = z
  .object({
    project: z.string().optional().describe(mcpDescription(shared.project)),
    hosts: z
      .array(z.enum(HOST_NAMES, { error: `hosts: expected some of ${HOST_NAMES.join(', ')}` }))
      .optional()
      .describe(mcpDescription(shared.hosts)),
    since: z.string().optional().describe(mcpDescription(shared.since)),
    until: z.string().optional().describe(mcpDescription(shared.until)),
    store: z.string().min(1).optional().describe(mcpDescription(shared.store)),
    demo: z.boolean().optional().describe(mcpDescription(shared.demo)),
    mroot: z.string().min(1).optional().describe(mcpDescription(shared.mroot)),
    budget: z
      .number({ error: 'budget: expected a whole number of tokens' })
      .int('budget: expected a whole number of tokens')
      .nonnegative('budget: expected a whole number of tokens')
      .optional()
      .describe(mcpDescription(shared.budget)),
  })
  .strict();

function dateBound(text: string | undefined, name: string, edge: 'start' | 'end'): string | undefined {
  if (text === undefined) return undefined;
  const bound = scan.parseDateBound(text, edge);
  if (bound === undefined) throw new InputError(`${name}: expected ${DATE_HINT}, got '${text}'`);
  return bound;
}

/**
 * `friction_report`: what `retrospect report` puts on its page (summary, friction per agent, week and
 * project, the top flagged sessions, with mroot the rules and trial decisions) as JSON, from the session
 * store. It writes no page and opens only an existing store (with mroot, the project's sessions are
 * scanned into it first, as the CLI does).
 */
export function registerReportTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'friction_report',
    {
      title: 'Friction report',
      description:
        "Returns the session store's friction report as JSON: the model `retrospect report` renders as its HTML page (summary, friction per agent, per week and per project, the top flagged sessions with their signals' messages, cost at the bundled prices; with mroot the project's rules and trial decisions). Reads the store `retrospect scan` or scan_sessions keeps (with mroot, the project's sessions are scanned into it first); writes no page.",
      inputSchema: REPORT_INPUT,
      // With mroot the project's sessions are scanned into the store first (new verdicts kept): not read-only.
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    guarded('friction_report', context, async (args: z.infer<typeof REPORT_INPUT>) => {
      if (args.demo && args.store !== undefined)
        throw new InputError('demo and store cannot be combined: give one of them');
      if (args.budget !== undefined && args.mroot === undefined)
        throw new InputError('budget: weighs the rules of mroot (give mroot too)');
      const since = dateBound(args.since, 'since', 'start');
      const until = dateBound(args.until, 'until', 'end');
      const storeSettings = resolveStoreSettings(context.env);
      const demo = args.demo === true;
      const store = demo
        ? scan.storeLocationFor(undefined, true, storeSettings)
        : storeFor(args.store, storeSettings, context);
      if (!demo && store.kind === 'sqlite' && !storeFileExists(store.path))
        throw new InputError(
          `store: no session store at ${store.path} yet (make one with \`retrospect scan\` or scan_sessions)`,
        );
      const warnings: string[] = [];
      const model = await runReport({
        store,
        storeSettings,
        demo,
        project: args.project,
        hosts: args.hosts,
        since,
        until,
        gate: resolveGateSettings({ env: context.env, ledger: ledgerFromEnv(context.env) }),
        cwd: context.cwd,
        prices: bundledPriceTable(),
        rulesOf:
          args.mroot === undefined
            ? undefined
            : {
                mainCheckout: existingPath(args.mroot, context, 'folder', 'mroot'),
                budget: args.budget ?? DEFAULT_BUDGET,
              },
        env: context.env,
        onWarning: (warning) => warnings.push(warning),
      });
      const json = JSON.stringify(model, null, 2);
      return warnings.length > 0 ? textResult(json, warnings.join('\n')) : textResult(json);
    }),
  );
}
