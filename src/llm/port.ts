import type { z } from 'zod';

/** What one completion costs, as the provider reports it (zero when it reports nothing). */
export interface LlmUsage {
  requests: number;
  input_tokens: number;
  output_tokens: number;
}

/** One request to a model: a system line, the user prompt, and transport limits. */
export interface LlmRequest {
  /** Short standing instruction (sent as the system prompt where the protocol has one). */
  system?: string;
  prompt: string;
  /** Upper bound for the answer's length in tokens. */
  maxOutputTokens?: number;
  /** Aborts the request (and any retry wait) when it fires. */
  signal?: AbortSignal;
  /**
   * Structured evidence behind the prompt, for offline providers that cannot read prose (the heuristic
   * provider). Network providers ignore it: what they see is exactly `prompt`.
   */
  evidence?: unknown;
  /**
   * What the request is for (`deep-read`, `walk-review`, `sprint-draft`). Providers that leave a session
   * transcript behind (claude-cli) name it in the own-run marker that opens the prompt; others ignore it.
   */
  purpose?: string;
}

/**
 * The shape an answer must have: a zod schema that parses it, a name, and (optionally) the JSON Schema sent
 * to providers that support structured output. The wire schema may be stricter than the parser: we ask for
 * the ideal shape but parse leniently, so that one bad item can be dropped with a reason instead of losing
 * the whole answer.
 */
export interface JsonSchemaSpec<T> {
  name: string;
  parser: z.ZodType<T>;
  wire: Record<string, unknown>;
}

/** Why an answer could not be used. Transport failures are exceptions (LlmError), not values. */
type JsonFailure = 'invalid-json' | 'schema-mismatch';

/** The result of `completeJson`: the parsed value, or a failure with the raw text for the log. */
export type JsonCompletion<T> =
  | { ok: true; value: T; text: string; usage: LlmUsage }
  | { ok: false; reason: JsonFailure; detail: string; text: string; usage: LlmUsage };

/** A model behind one call: prompt in, one JSON object out. Every provider implements this port. */
export interface LlmPort {
  /** `openai`, `anthropic`, `claude-cli`, `codex-cli`, `gemini-cli`, `heuristic`, or `answer` (a given answer). */
  readonly name: string;
  /** The model the provider will ask for (empty when the provider has no models). */
  readonly model: string;
  /**
   * True for a reader that can open the transcript file itself (an agent CLI on this machine, the host agent
   * answering through MCP or the plugin): its prompt may name the local path. Absent or false: a remote
   * model, whose prompt must carry no local path.
   */
  readonly readsFiles?: boolean;
  completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>>;
}
