import { redactUrl, urlSecrets } from '../safety/url.js';
import { LlmError } from './errors.js';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  type RetryPolicy,
  retryAfterMs,
  sleepUnlessAborted,
} from './retry.js';

interface PostJsonOptions {
  headers: Record<string, string>;
  /** Per attempt; the whole call may take longer when it retries. */
  timeoutMs: number;
  retry?: RetryPolicy;
  signal?: AbortSignal;
  /** Name used in error messages (`openai`, `anthropic`). */
  provider: string;
  /** Pulls a human message out of a protocol's error body. */
  errorMessageOf?: (body: unknown) => string | undefined;
  random?: () => number;
}

interface PostJsonResult {
  body: unknown;
  /** Attempts made, the successful one included. */
  attempts: number;
}

/** Header values that are credentials (the whole value, and the token after `Bearer`/`Basic`). */
function credentialsIn(headers: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!/^(?:authorization|proxy-authorization|x-api-key|api-key)$/i.test(name)) continue;
    found.push(value);
    const token = /^(?:Bearer|Basic|Token)\s+(.+)$/i.exec(value)?.[1];
    if (token) found.push(token);
  }
  return found;
}

/**
 * Splits `user:password@` off a URL: fetch refuses URLs with credentials, and no message may show them. They
 * travel as HTTP Basic authentication instead, unless the protocol already sends its own Authorization.
 */
function withoutUserinfo(url: string): { url: string; username: string; password: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, username: '', password: '' };
  }
  if (parsed.username === '' && parsed.password === '') return { url, username: '', password: '' };
  const username = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), username, password };
}

function describeBody(text: string, errorMessageOf: PostJsonOptions['errorMessageOf']): string {
  try {
    const message = errorMessageOf?.(JSON.parse(text));
    if (message) return message;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat || '(empty body)';
}

/**
 * POSTs JSON with Node's fetch: a timeout per attempt, retries with exponential backoff and jitter on
 * 429/5xx and network failures (a server's `retry-after` wins over our own delay), and a clear error for
 * authentication failures, which are never retried.
 *
 * Long on purpose: one attempt loop whose every branch decides, with the same attempt count, secrets and
 * shown URL, whether to retry or throw; split into helpers, that state would travel through each of them
 * and the retry policy would no longer read top to bottom.
 */
export async function postJson(
  target: string,
  payload: unknown,
  options: PostJsonOptions,
): Promise<PostJsonResult> {
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const { provider } = options;
  const { url, username, password } = withoutUserinfo(target);
  const headers = { ...options.headers };
  const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  if ((username || password) && !hasAuthorization) {
    headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  }
  // Every message below may quote the server; none may quote our credentials (LlmError redacts these).
  // The URL is shown through the one URL redactor: a key in its query (`?key=…`) is masked like a password.
  const secrets = [...credentialsIn(headers), password, ...urlSecrets(target)].filter((s) => s.length > 0);
  const shown = redactUrl(url);
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw new LlmError('E_LLM_ABORTED', `${provider}: request aborted`);
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(payload),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw new LlmError('E_LLM_ABORTED', `${provider}: request aborted`);
      const timedOut = timeout.aborted;
      const failure = timedOut
        ? new LlmError(
            'E_LLM_TIMEOUT',
            `${provider}: no answer from ${shown} within ${options.timeoutMs} ms`,
            {
              secrets,
            },
          )
        : new LlmError('E_LLM_NETWORK', `${provider}: cannot reach ${shown}: ${(error as Error).message}`, {
            cause: error,
            secrets,
          });
      if (attempt >= policy.maxRetries) throw failure;
      await wait(backoffDelayMs(attempt, policy, options.random), options.signal, provider);
      continue;
    }
    if (response.ok) {
      try {
        return { body: JSON.parse(text), attempts: attempt + 1 };
      } catch (error) {
        throw new LlmError(
          'E_LLM_HTTP',
          `${provider}: ${shown} answered ${response.status} with a body that is not JSON`,
          { status: response.status, cause: error, secrets },
        );
      }
    }
    const message = describeBody(text, options.errorMessageOf);
    if (response.status === 401 || response.status === 403) {
      throw new LlmError(
        'E_LLM_AUTH',
        `${provider}: authentication failed (HTTP ${response.status}: ${message}); check the API key for ${shown}`,
        { status: response.status, secrets },
      );
    }
    if (!isRetryableStatus(response.status) || attempt >= policy.maxRetries) {
      const tries = attempt > 0 ? ` after ${attempt + 1} attempts` : '';
      throw new LlmError('E_LLM_HTTP', `${provider}: HTTP ${response.status}${tries}: ${message}`, {
        status: response.status,
        secrets,
      });
    }
    const asked = retryAfterMs(response.headers);
    if (asked !== undefined && asked > policy.maxRetryAfterMs) {
      throw new LlmError(
        'E_LLM_HTTP',
        `${provider}: HTTP ${response.status}, server asks to wait ${Math.round(asked / 1000)} s (more than we wait): ${message}`,
        { status: response.status, secrets },
      );
    }
    await wait(asked ?? backoffDelayMs(attempt, policy, options.random), options.signal, provider);
  }
}

async function wait(ms: number, signal: AbortSignal | undefined, provider: string): Promise<void> {
  try {
    await sleepUnlessAborted(ms, signal);
  } catch {
    throw new LlmError('E_LLM_ABORTED', `${provider}: request aborted`);
  }
}
