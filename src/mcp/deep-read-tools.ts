import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answerInstructions, promptPurpose } from '../deepread/answer-guide.js';
import { deepRead, planDeepRead } from '../deepread/index.js';
import { sessionPath } from './gate-tool.js';
import { guarded, type ToolContext, textResult } from './tool-kit.js';

const SESSION_EXPECTED = 'session: expected the path of a session file or a session id prefix';

const session = z
  .string({ error: SESSION_EXPECTED })
  .min(1, SESSION_EXPECTED)
  .describe(
    'The session, as gate_session takes it: a session file of any agent relative to the server folder, or a unique session id prefix (c7d3d95c) as the scan table shows it',
  );

const promptInput = z.object({ session }).strict();

/** An answer is a few KB; a megabyte is not an answer, and is refused before it is parsed. */
const MAX_ANSWER_CHARS = 1_000_000;

const answerInput = z
  .object({
    session,
    answer: z
      .string({ error: "answer: expected the model's answer to the deep_read_prompt, as text" })
      .min(1, "answer: expected the model's answer to the deep_read_prompt, as text")
      .max(MAX_ANSWER_CHARS, `answer: at most ${MAX_ANSWER_CHARS} characters`)
      .describe(
        "The answer to this session's deep_read_prompt: one JSON object as the prompt's OUTPUT section describes",
      ),
  })
  .strict();

/**
 * `deep_read_prompt` and `deep_read_answer`: the model of any MCP client does the deep read. The first
 * gives the prompt (for a reader that can open the transcript), the second validates the answer exactly as
 * a provider's (JSON extraction, structure, transcript check, ranking). Neither writes anything: applying
 * the rules and saving anchors stay with `retrospect retro`.
 */
export function registerDeepReadTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'deep_read_prompt',
    {
      title: 'The deep-read prompt of one session',
      description:
        'Returns the deep-read prompt for one session (first text block: hand it, and nothing else, to the model that should read the session) and, in the second block, what it is for and how to give the answer back (deep_read_answer). Nothing is sent anywhere and nothing is written.',
      inputSchema: promptInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('deep_read_prompt', context, async (args: z.infer<typeof promptInput>) => {
      const path = sessionPath(args.session, context);
      const plan = await planDeepRead(path, { env: context.env, cwd: context.cwd, audience: 'agent' });
      const about = [
        promptPurpose(plan.session_id, 'agent'),
        `System line: ${plan.system}`,
        `Then call deep_read_answer with {"session": ${JSON.stringify(args.session)}, "answer": "<the JSON object>"}.`,
        answerInstructions(plan.session_id),
      ].join('\n');
      return textResult(plan.prompt, about);
    }),
  );
  server.registerTool(
    'deep_read_answer',
    {
      title: 'Validate a deep-read answer',
      description:
        "Validates a model's answer to deep_read_prompt exactly as a provider's answer: the JSON object is read, every item checked, every citation looked up in the transcript, proposals ranked (top 5). Returns {session_id, proposals, observations, fabrication_anchors, dropped} as JSON; nothing is written (apply with `retrospect retro SESSION --answers FILE`).",
      inputSchema: answerInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('deep_read_answer', context, async (args: z.infer<typeof answerInput>) => {
      const path = sessionPath(args.session, context);
      const result = await deepRead(path, {
        env: context.env,
        cwd: context.cwd,
        answer: args.answer,
        persist: false,
        log: context.log,
      });
      const { session_id, proposals, observations, fabrication_anchors, dropped } = result;
      return textResult(
        JSON.stringify({ session_id, proposals, observations, fabrication_anchors, dropped }),
        `To apply: save the answer as ${session_id}.json and run retrospect retro ${session_id} --answers ${session_id}.json (in the session's own project).`,
      );
    }),
  );
}
