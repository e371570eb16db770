import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatVerdictJson, GATE_PROFILES, gateSessionSync } from '../gate/index.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const input = z
  .object({
    path: z
      .string({ error: 'path: expected the path of a session transcript (.jsonl)' })
      .min(1, 'path: expected the path of a session transcript (.jsonl)')
      .describe('A Claude Code (or Codex) session transcript, .jsonl; relative to the server folder'),
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
      description:
        'Scores one session transcript with the friction gate (signals S1-S5) and returns the verdict JSON exactly as `retrospect gate` prints it; gate warnings follow as a second text block.',
      inputSchema: input,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('gate_session', context, (args: z.infer<typeof input>) => {
      const path = existingPath(args.path, context, 'file', 'path');
      const result = gateSessionSync(path, {
        threshold: args.threshold,
        env: context.env,
        cwd: context.cwd,
        ...(args.profile ? { profile: args.profile } : {}),
      });
      return textResult(formatVerdictJson(result.verdict), ...result.warnings);
    }),
  );
}
