import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort } from './port.js';

/**
 * A model's answer given as text (`deep-read --answer FILE`, the MCP `deep_read_answer` tool, `retro
 * --answers`): nothing is asked, and the text goes through the same JSON extraction and schema parsing as a
 * provider's answer (and, in the caller, the same validation, transcript check and ranking), so an answer
 * pasted in earns no more trust than one fetched. Its reader could open the transcript itself (the host
 * agent, a subagent), so it gets the prompt of a file-reading reader.
 */
export function givenAnswerProvider(text: string): LlmPort {
  return {
    name: 'answer',
    model: '',
    readsFiles: true,
    async completeJson<T>(_request: unknown, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      return parseJsonAnswer(text, schema, { requests: 0, input_tokens: 0, output_tokens: 0 });
    },
  };
}
