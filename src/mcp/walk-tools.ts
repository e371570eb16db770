import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { resolveReaderSettings } from '../llm/settings.js';
import { resolveStoreSettings } from '../store/settings.js';
import { suppliedCommentSchema } from '../walk/comments/supplied.js';
import { WALK_SCOPES } from '../walk/document.js';
import { pickWhyReaders } from '../walk/narrate/why-readers.js';
import { WALK_PLAN_TOML } from '../walk/plan.js';
import { renderWalk, WALK_FORMATS } from '../walk/render/format.js';
import { walkChangeSet } from '../walk/walk.js';
import { existingPath, guarded, type ToolContext, textResult } from './tool-kit.js';

const input = z
  .object({
    target: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A commit range (A..B), one commit, a diff file, a path in the working tree, a job id or an episode reference; default: the working tree',
      ),
    scope: z
      .enum(WALK_SCOPES, { error: `scope: expected one of ${WALK_SCOPES.join(', ')}` })
      .optional()
      .describe('How to read target (default: worked out from target)'),
    fromRetro: z
      .string()
      .min(1)
      .optional()
      .describe(
        "A retro fabrication anchor id: walk the commits of that anchor's session (no target or scope)",
      ),
    session: z
      .string()
      .min(1)
      .optional()
      .describe("A coding-agent session id: walk that session's commits (no target, scope or fromRetro)"),
    survivalAt: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The later revision at which each agent-written hunk's fate (kept, changed, reverted) and the share of lines alive are measured (default HEAD)",
      ),
    survival: z
      .boolean()
      .optional()
      .describe('Measure what became of the agent-written hunks (default true, commit ranges only)'),
    repo: z.string().min(1).optional().describe('The git checkout to walk (default: the server folder)'),
    sessions: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "Agent session transcripts to link hunks to: files, folders of them, or a projects root where the repository's folders are found (default: Claude Code's folders for the repository and the other agents' sessions that ran in it)",
      ),
    mode: z
      .enum(['agent-driven', 'summary-only'], { error: 'mode: expected agent-driven or summary-only' })
      .optional()
      .describe(
        'agent-driven (default: an automated review, the calling agent comments through `comments`) or summary-only (no comments unless given in `comments`)',
      ),
    comments: z
      .array(suppliedCommentSchema.omit({ author: true }))
      .optional()
      .describe(
        "Comments to record on the walk, checked as a person's would be: each names a unit (cu_001) or a file of one, optionally line_start/line_end inside that file, a type (note, concern, approval, suggestion, intent_clarification) and its text. Call once without comments to see the units, then again with them. An approval from a model is kept as a note.",
      ),
    author: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Who writes the comments (a model name); default: mcp-client. Comments here are model comments',
      ),
    includePriorEvidence: z
      .boolean()
      .optional()
      .describe(
        'Collect the review reports, approval records and validation runs the repository keeps that are linked to the change (default true)',
      ),
    modelsForWhy: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "Who synthesises the why of a unit whose commit message is thin: ['auto'] (the deep read's reader), or readers as PROVIDER or PROVIDER:MODEL; default none (no model is called)",
      ),
    format: z
      .enum(WALK_FORMATS, { error: `format: expected ${WALK_FORMATS.join(' or ')}` })
      .optional()
      .describe(
        'markdown (default, as `retrospect walk` prints it) or json (the retrospective-walk document)',
      ),
  })
  .strict();

/**
 * `walk_plan` and `walk`: the walk's plan, and a summary-only walk (no comments asked for, no model
 * called, no file or job record written) of a change set.
 */
export function registerWalkTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'walk_plan',
    {
      title: 'Walk plan',
      description: 'Returns the retrospective walk plan (TOML) as `retrospect walk --plan` prints it.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('walk_plan', context, () => textResult(WALK_PLAN_TOML)),
  );
  server.registerTool(
    'walk',
    {
      title: 'Retrospective walk',
      description:
        'Walks a change set: change units with what/why/who, provenance (commands, commits, linked agent sessions) and open questions, as Markdown or as the retrospective-walk JSON document. Agent-driven by default: the comments you pass are placed on their units, files, hunks and lines (a file outside the unit or a line outside the file is refused) and recorded as model comments. Never changes the repository and writes no file; calls a model only when modelsForWhy names one.',
      inputSchema: input,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded('walk', context, async (args: z.infer<typeof input>) => {
      if (args.target === '-')
        throw new InputError(
          'target: reading a diff from stdin is not available here; give the diff file path',
        );
      const cwd = args.repo === undefined ? context.cwd : existingPath(args.repo, context, 'folder', 'repo');
      const scoped = { ...context, cwd };
      const target =
        args.target !== undefined && args.scope === 'diff'
          ? existingPath(args.target, scoped, 'file', 'target')
          : args.target;
      if (args.scope === 'diff' && target === undefined)
        throw new InputError('target: scope diff needs the path of a diff file');
      const sessions = args.sessions?.map((path) => existingPath(path, scoped, 'file or folder', 'sessions'));
      const { document, warnings } = await walkChangeSet({
        ...(target !== undefined ? { target } : {}),
        ...(args.scope !== undefined ? { scope: args.scope } : {}),
        ...(args.fromRetro !== undefined ? { fromRetro: args.fromRetro } : {}),
        ...(args.session !== undefined ? { session: args.session } : {}),
        ...(args.survivalAt !== undefined ? { survivalAt: args.survivalAt } : {}),
        ...(args.survival === false ? { survival: false } : {}),
        ...(sessions ? { sessions } : {}),
        mode: args.mode ?? 'agent-driven',
        // The calling agent is the reviewer: its comments come as input, no other reviewer is run.
        captureComments: false,
        ...(args.comments ? { suppliedComments: args.comments } : {}),
        suppliedAuthor: { author_type: 'model', identifier: args.author ?? 'mcp-client' },
        includePriorEvidence: args.includePriorEvidence !== false,
        ...(args.modelsForWhy
          ? {
              modelsForWhy: pickWhyReaders({
                models: args.modelsForWhy,
                reader: resolveReaderSettings(context.env),
                env: context.env,
                cwd,
              }),
            }
          : {}),
        cwd,
        env: context.env,
        dataDir: resolveStoreSettings(context.env).dataDir,
        readStdin: () => Promise.reject(new InputError('reading a diff from stdin is not available here')),
      });
      const text = renderWalk(document, args.format ?? 'markdown');
      return textResult(text, ...(warnings.length > 0 ? [warnings.join('\n')] : []));
    }),
  );
}
