import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatVerdictJson, GATE_PROFILES, gateSessionSync } from '../gate/index.js';
import { resolveGateSettings } from '../gate/settings.js';
import { SIGNAL_RANGE } from '../gate/signals.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { looksLikeSessionPrefix, resolveSessionPrefix } from '../sessions/prefix.js';
import { adapterFor, isSessionRow } from '../transcript/hosts.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const input = z
  .object({
    path: z
      .string({ error: 'path: expected the path of a session file or a session id prefix' })
      .min(1, 'path: expected the path of a session file or a session id prefix')
      .describe(
        'A session file of any agent (a Claude Code transcript, a Codex rollout, a Gemini CLI chat, a Copilot CLI event log) or an OpenCode session (<opencode.db>/<session id>), relative to the server folder; or a unique session id prefix of any agent (c7d3d95c, ses_12be9f), as the scan table shows it',
      ),
    threshold: z
      .number({ error: 'threshold: expected a number such as 7.5' })
      .optional()
      .describe('Trigger threshold (default RETRO_THRESHOLD, else 5.0)'),
    profile: z
      .enum(GATE_PROFILES, { error: 'profile: expected seed or calibrated' })
      .optional()
      .describe('Gate profile (default RETRO_GATE_PROFILE, else calibrated; seed is the original gate)'),
  })
  .strict();

/** `gate_session`: `retrospect gate <path> [--threshold N]`, its one line of verdict JSON. */
export function registerGateTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'gate_session',
    {
      title: 'Gate one session',
      description: `Scores one session transcript with the friction gate (signals ${SIGNAL_RANGE}) and returns the verdict JSON exactly as \`retrospect gate\` prints it; gate warnings follow as a second text block.`,
      inputSchema: input,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('gate_session', context, (args: z.infer<typeof input>) => {
      const path = sessionPath(args.path, context);
      const result = gateSessionSync(path, {
        settings: resolveGateSettings({
          flags: { profile: args.profile, threshold: args.threshold },
          env: context.env,
          ledger: ledgerFromEnv(context.env),
        }),
        cwd: context.cwd,
      });
      return textResult(formatVerdictJson(result.verdict), ...result.warnings);
    }),
  );
}

/**
 * The session a tool call names: an existing path or an OpenCode database row, else a session id prefix of
 * any agent, looked up in Claude Code's projects folders and every other agent's places as `retrospect gate
 * c7d3d95c` does (ambiguous or unknown prefixes are input errors).
 */
export function sessionPath(given: string, context: ToolContext): string {
  // An OpenCode session is a row of its database, named `<database>/<session id>`: no file of its own.
  const row = resolve(context.cwd, given);
  if (isSessionRow(row) && adapterFor(row).stat(row) !== undefined) return row;
  if (existsSync(resolve(context.cwd, given)) || !looksLikeSessionPrefix(given))
    return existingPath(given, context, 'file', 'path');
  return resolveSessionPrefix(given, { env: context.env }).path;
}
