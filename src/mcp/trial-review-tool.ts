import { resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { bundledPriceTable } from '../cost/price-table.js';
import { InputError } from '../errors/errors.js';
import { resolveGateSettings } from '../gate/settings.js';
import { findGitRoots } from '../git/roots.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { mcpDescription } from '../parameters/shared.js';
import { storeLocationFor } from '../store/path.js';
import { resolveStoreSettings } from '../store/settings.js';
import { isIsoDay, todayUtc } from '../trial/dates.js';
import { TRIAL_REVIEW_PARAMETERS } from '../trial/parameters.js';
import { TRIAL_RULES } from '../trial/project-review.js';
import { runTrialReview } from '../trial/run-review.js';
import { projectScoreSource } from '../trial/sources.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const shared = TRIAL_REVIEW_PARAMETERS;
const whole = (name: string) =>
  z
    .number({ error: `${name}: expected a whole number above 0 and below 1000` })
    .int(`${name}: expected a whole number above 0 and below 1000`)
    .gt(0, `${name}: expected a whole number above 0 and below 1000`)
    .lt(1000, `${name}: expected a whole number above 0 and below 1000`);

/** The `trial_review` input; its parameters are described from trial/parameters.ts. */
export const TRIAL_REVIEW_INPUT = z
  .object({
    mroot: z.string().min(1).optional().describe(mcpDescription(shared.mroot)),
    today: z
      .string()
      .refine(isIsoDay, 'today: expected YYYY-MM-DD')
      .optional()
      .describe(mcpDescription(shared.today)),
    scope: z
      .enum(['current', 'all'], { error: 'scope: expected current or all' })
      .optional()
      .describe(mcpDescription(shared.scope)),
    rule: z
      .enum(TRIAL_RULES, { error: 'rule: expected effect or seed' })
      .optional()
      .describe(mcpDescription(shared.rule)),
    confidence: z
      .number({ error: 'confidence: expected a number above 0 and below 1' })
      .gt(0, 'confidence: expected a number above 0 and below 1')
      .lt(1, 'confidence: expected a number above 0 and below 1')
      .optional()
      .describe(mcpDescription(shared.confidence)),
    capWindows: whole('capWindows').optional().describe(mcpDescription(shared.capWindows)),
    escalateAfter: whole('escalateAfter').optional().describe(mcpDescription(shared.escalateAfter)),
    survival: z.boolean().optional().describe(mcpDescription(shared.survival)),
  })
  .strict();

/** The project's main checkout: the given folder, else the main checkout of the repository the server is in. */
function mainCheckoutOf(mroot: string | undefined, context: ToolContext): string {
  if (mroot !== undefined) return existingPath(mroot, context, 'folder', 'mroot');
  const roots = findGitRoots(context.cwd);
  if (!roots) throw new InputError('mroot: required outside a git repository (give the main checkout)');
  return roots.mainCheckout;
}

/** `trial_review`: `retrospect trial review --json`, every trial weighed; never writes a rule or the history. */
export function registerTrialReviewTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'trial_review',
    {
      title: 'Review rule trials',
      description:
        "Weighs the project's rule trials on the sessions' friction and returns every trial as `retrospect trial review --json` prints it (decision, reason, sides, effect, pattern, violations, and with survival each side's kept code). Scans the project's sessions into the session store first, as the CLI does; never writes a rule or a decision.",
      inputSchema: TRIAL_REVIEW_INPUT,
      // The project's sessions are scanned into the session store first (new verdicts kept): not read-only.
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    guarded('trial_review', context, async (args: z.infer<typeof TRIAL_REVIEW_INPUT>) => {
      // Absolute, because the Claude Code project folder is named after the checkout's absolute path.
      const mainCheckout = resolve(mainCheckoutOf(args.mroot, context));
      const gate = resolveGateSettings({ env: context.env, ledger: ledgerFromEnv(context.env) });
      const storeSettings = resolveStoreSettings(context.env);
      const source = projectScoreSource({
        mainCheckout,
        scope: args.scope ?? 'current',
        env: context.env,
        gate,
        store: storeLocationFor(undefined, false, storeSettings),
        storeSettings,
        freshnessSecs: 60,
      });
      const { rows } = await runTrialReview({
        mainCheckout,
        today: args.today ?? todayUtc(),
        source,
        review: {
          rule: args.rule ?? 'effect',
          settings: {
            ...(args.confidence === undefined ? {} : { confidence: args.confidence }),
            ...(args.capWindows === undefined ? {} : { capWindows: args.capWindows }),
            ...(args.escalateAfter === undefined ? {} : { escalateAfter: args.escalateAfter }),
          },
          profile: gate.profile,
        },
        prices: bundledPriceTable(),
        rows: true,
        survival: args.survival === true,
        env: context.env,
      });
      return textResult(JSON.stringify(rows ?? [], null, 2));
    }),
  );
}
