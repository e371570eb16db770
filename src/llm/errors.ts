import { RetrospectError } from '../errors/errors.js';
import { redactSecrets } from '../safety/redact.js';

/**
 * A provider could not be reached or refused the request; `code` says which kind of failure it was. The
 * message often quotes what a server or a CLI said, and servers echo keys ("Incorrect API key provided:
 * sk-…"): it is redacted here, where it is made, so that no copy of it (stderr, `--json`, a scheduled
 * report) ever carries the key. `secrets` are the request's own credentials.
 */
export class LlmError extends RetrospectError {
  /** HTTP status, when the failure came with one. */
  readonly status: number | undefined;

  constructor(
    code: 'E_LLM_AUTH' | 'E_LLM_HTTP' | 'E_LLM_TIMEOUT' | 'E_LLM_NETWORK' | 'E_LLM_ABORTED' | 'E_LLM_CONFIG',
    message: string,
    options: { status?: number; cause?: unknown; secrets?: readonly string[] } = {},
  ) {
    super(code, redactSecrets(message, options.secrets), {
      exitCode: code === 'E_LLM_CONFIG' ? 2 : 1,
      cause: options.cause,
    });
    this.name = 'LlmError';
    this.status = options.status;
  }
}

/**
 * True for failures that a later retry cannot fix (bad key, bad request, missing configuration): the
 * caller should stop and tell the user rather than carry on with zero proposals.
 */
export function isFatalLlmError(error: unknown): boolean {
  return (
    error instanceof LlmError &&
    (error.code === 'E_LLM_AUTH' || error.code === 'E_LLM_CONFIG' || error.code === 'E_LLM_ABORTED')
  );
}
