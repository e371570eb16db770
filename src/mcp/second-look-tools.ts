import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { decideFromText, prepareSecondLook, secondLookReport, unread } from '../second-look/index.js';
import { sessionPath } from './gate-tool.js';
import { guarded, type ToolContext, textResult } from './tool-kit.js';

const SESSION_EXPECTED = 'session: expected the path of a session file or a session id prefix';
const ANSWER_EXPECTED = "answer: expected the model's answer to the second_look_prompt, as text";
/** The answer is one small object; anything near this size is no answer. */
const MAX_ANSWER_CHARS = 100_000;

const session = z
  .string({ error: SESSION_EXPECTED })
  .min(1, SESSION_EXPECTED)
  .describe(
    'The session, as gate_session takes it: a session file relative to the server folder, or a unique session id prefix',
  );
const promptInput = z.object({ session }).strict();
const answerInput = z
  .object({
    session,
    answer: z
      .string({ error: ANSWER_EXPECTED })
      .min(1, ANSWER_EXPECTED)
      .max(MAX_ANSWER_CHARS, `answer: at most ${MAX_ANSWER_CHARS} characters`)
      .describe(
        'The answer to this session\'s second_look_prompt: one JSON object {"verdict", "turn", "quote", "kind"}',
      ),
  })
  .strict();

/** The session's case under the server's gate settings (RETRO_GATE_PROFILE, RETRO_THRESHOLD, the ledger). */
/** The session gated and its prompt built; a session the gate could not read is the caller's error. */
function caseOf(given: string, context: ToolContext) {
  const settings = resolveGateSettings({ env: context.env, ledger: ledgerFromEnv(context.env) });
  const found = prepareSecondLook(sessionPath(given, context), {
    gate: { settings, cwd: context.cwd },
    always: true,
  });
  if (found.verdict.error !== undefined) throw new InputError(found.verdict.error);
  return found;
}

/**
 * `second_look_prompt` and `second_look_answer`: the model of any MCP client gives the second look at a
 * session near the gate's threshold. The answer is validated in the library exactly as a provider's.
 */
export function registerSecondLookTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'second_look_prompt',
    {
      title: 'The second-look prompt of one session',
      description:
        "Returns the second-look prompt for one session (first text block: hand it, and nothing else, to the model that should read it) and, in the second block, the gate's score, whether it lies in the band near the threshold where the answer decides the flag, and how to hand the answer back (second_look_answer). Nothing is sent and nothing is written.",
      inputSchema: promptInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('second_look_prompt', context, (args: z.infer<typeof promptInput>) => {
      const found = caseOf(args.session, context);
      const where = found.inBand
        ? `${found.cues !== undefined ? `under the band, sent for its cues (${found.cues.join(', ')})` : 'in the band'}: a valid answer decides the flag`
        : "outside the band: the gate's verdict stands whatever the answer";
      const about = [
        `The second-look prompt for session ${found.sessionId}: gate score ${found.verdict.score} / ${found.verdict.threshold} (${found.verdict.passed ? 'flagged' : 'not flagged'}), ${where}.`,
        `Then call second_look_answer with {"session": ${JSON.stringify(args.session)}, "answer": "<the JSON object>"}.`,
      ].join('\n');
      return textResult(found.prompt ?? '', about);
    }),
  );
  server.registerTool(
    'second_look_answer',
    {
      title: 'Validate a second-look answer',
      description:
        "Validates a model's answer to second_look_prompt: the verdict and kind from their lists, the quote looked up in the person's turn it cites. Returns {session_id, score, threshold, gate_flagged, in_band, status, flagged, verdict, kind, turn, quote, why} as JSON: `flagged` is the answer's verdict when it is valid and the session is in the band, else the gate's. Nothing is written.",
      inputSchema: answerInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded('second_look_answer', context, (args: z.infer<typeof answerInput>) => {
      const found = caseOf(args.session, context);
      const outcome = found.inBand ? decideFromText(found, args.answer) : unread(found);
      return textResult(JSON.stringify(secondLookReport(found, outcome, 'the given answer')));
    }),
  );
}
