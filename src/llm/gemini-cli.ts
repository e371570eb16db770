import { z } from 'zod';
import { secretsFromEnv } from '../safety/redact.js';
import { agentCliInput, type ClaudeCliOptions, runChild, tail } from './claude-cli.js';
import { LlmError } from './errors.js';
import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';

/** What `gemini -p … --output-format json` prints: one object, the answer in `response`. */
const outputSchema = z.looseObject({
  response: z.string().optional(),
  stats: z
    .looseObject({
      models: z
        .record(
          z.string(),
          z.looseObject({
            tokens: z
              .looseObject({ prompt: z.number().optional(), candidates: z.number().optional() })
              .optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  error: z.looseObject({ message: z.string().optional(), type: z.string().optional() }).optional(),
});

/** The short request after the prompt on stdin: Gemini CLI reads stdin as context for `-p`. */
const ASK = 'Follow the instructions above and answer with the one JSON object they ask for.';

/**
 * Google's Gemini CLI in its headless mode: `gemini -p "<ask>" --output-format json` with the prompt on
 * stdin, the answer being the `response` of the one JSON object it prints (usage from `stats.models`).
 */
export function geminiCliProvider(options: ClaudeCliOptions = {}): LlmPort {
  const command = options.command ?? 'gemini';
  const model = options.model ?? '';
  const secrets = secretsFromEnv(options.env ?? process.env);
  return {
    name: 'gemini-cli',
    readsFiles: true,
    model,
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      const args = ['-p', ASK, '--output-format', 'json', ...(model ? ['--model', model] : [])];
      const outcome = await runChild(
        command,
        args,
        agentCliInput(request),
        options,
        request.signal,
        'gemini-cli',
        'install Gemini CLI',
      );
      let output: z.infer<typeof outputSchema> | undefined;
      try {
        const parsed = outputSchema.safeParse(JSON.parse(outcome.stdout));
        if (parsed.success) output = parsed.data;
      } catch {
        output = undefined;
      }
      if (!output || output.error || outcome.code !== 0 || output.response === undefined) {
        const detail = output?.error?.message ?? tail(outcome.stderr || outcome.stdout);
        const auth = /api[ _]key|auth method|log ?in|authenticat|unauthori[sz]ed|credentials/i.test(detail);
        throw new LlmError(
          auth ? 'E_LLM_AUTH' : 'E_LLM_HTTP',
          auth
            ? `gemini-cli: authentication failed: ${detail}; run 'gemini' once to sign in`
            : `gemini-cli: ${command} ${outcome.code === 0 ? 'printed no response' : `exited with status ${outcome.code}`}: ${detail}`,
          { secrets },
        );
      }
      const models = Object.values(output.stats?.models ?? {});
      const usage = {
        requests: 1,
        input_tokens: models.reduce((sum, m) => sum + (m.tokens?.prompt ?? 0), 0),
        output_tokens: models.reduce((sum, m) => sum + (m.tokens?.candidates ?? 0), 0),
      };
      return parseJsonAnswer(output.response, schema, usage);
    },
  };
}
