import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';

/** A deterministic analysis of a request's structured evidence; it returns what a model would answer. */
export type HeuristicAnalysis = (evidence: unknown) => unknown;

/**
 * The offline provider: no network, no model, the same answer for the same evidence. Its answer goes
 * through the same JSON parsing (and, in the caller, the same validation) as a model's, so it earns no
 * extra trust.
 */
export function heuristicProvider(analyze: HeuristicAnalysis): LlmPort {
  return {
    name: 'heuristic',
    model: '',
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      const text = JSON.stringify(analyze(request.evidence));
      return parseJsonAnswer(text, schema, { requests: 0, input_tokens: 0, output_tokens: 0 });
    },
  };
}
