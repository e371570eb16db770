import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { nowFrom } from '../clock/now.js';
import { InputError } from '../errors/errors.js';
import { mcpDescription } from '../parameters/shared.js';
import { buildSprintReport, sprintReportJson } from '../sprint/facts/report.js';
import { SPRINT_REPORT_PARAMETERS } from '../sprint/parameters.js';
import { demoProjectPath } from '../sprint/read/demo.js';
import { resolveProjectRoot } from '../sprint/read/paths.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const shared = SPRINT_REPORT_PARAMETERS;

/** The `sprint_report` input; its parameters are described from sprint/parameters.ts. */
export const SPRINT_REPORT_INPUT = z
  .object({
    root: z.string().min(1).optional().describe(mcpDescription(shared.root)),
    sprintId: z.string().min(1).optional().describe(mcpDescription(shared.sprintId)),
    demo: z.boolean().optional().describe(mcpDescription(shared.demo)),
  })
  .strict();

/** `sprint_report`: `retrospect sprint report --json`, the read-only sprint data summary. */
export function registerSprintTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'sprint_report',
    {
      title: 'Sprint report',
      description:
        'Returns the sprint data summary (stories and metrics, review verdicts, tech debt, recurring themes) as `retrospect sprint report --json` prints it. Reads the project, never writes it.',
      inputSchema: SPRINT_REPORT_INPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('sprint_report', context, (args: z.infer<typeof SPRINT_REPORT_INPUT>) => {
      if (args.demo && args.root !== undefined)
        throw new InputError('demo and root cannot be combined: give one of them');
      const root = args.demo
        ? demoProjectPath()
        : existingPath(resolveProjectRoot(args.root, context.env, context.cwd), context, 'folder', 'root');
      const report = buildSprintReport(root, args.sprintId, nowFrom(context.env));
      return textResult(JSON.stringify(sprintReportJson(report), null, 2));
    }),
  );
}
