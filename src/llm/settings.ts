/**
 * The reader configured for every run, under what a flag names: `RETROSPECT_PROVIDER`, `RETROSPECT_MODEL`
 * and `RETROSPECT_LLM_TIMEOUT_MS`. Provider keys and base URLs stay in the environment the reader is given:
 * they are credentials and hosts for the request, not settings of Retrospect.
 */
export interface ReaderSettings {
  /** `RETROSPECT_PROVIDER` (trimmed; undefined when unset or blank). */
  provider?: string;
  /** `RETROSPECT_MODEL` (trimmed; undefined when unset or blank). */
  model?: string;
  /** `RETROSPECT_LLM_TIMEOUT_MS`, when it is a positive whole number. */
  timeoutMs?: number;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim().length > 0 ? value.trim() : undefined;
}

/**
 * The one reader of the reader's keys. Called by the front ends, and by the library entry points
 * (`selectProvider`, `deepRead`, `pickWhyReaders`, `draftsForRetro`) when the caller gives no settings.
 */
export function resolveReaderSettings(env: NodeJS.ProcessEnv): ReaderSettings {
  const provider = nonEmpty(env.RETROSPECT_PROVIDER);
  const model = nonEmpty(env.RETROSPECT_MODEL);
  const timeout = nonEmpty(env.RETROSPECT_LLM_TIMEOUT_MS);
  const timeoutMs = timeout && /^\d+$/.test(timeout) && Number(timeout) > 0 ? Number(timeout) : undefined;
  return {
    ...(provider ? { provider } : {}),
    ...(model ? { model } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}
