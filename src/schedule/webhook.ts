import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { redactUrlIn } from '../safety/url.js';
import { VERSION } from '../version.js';

/** A webhook that has not answered within this many milliseconds is given up on. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/** The JSON body posted to `AGENT_WEBHOOK_URL` after a scheduled run: a path and counts, no content. */
export interface ScheduledWebhookPayload {
  event: 'scheduled_retro';
  report_path: string;
  applied: number;
  manual_followup: number;
  timestamp: string;
}

export type WebhookResult =
  | { delivered: true; status: number }
  | { delivered: false; reason: string; status?: number }
  | { delivered: false; reason: 'not-configured' };

const REQUEST_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (ECONNREFUSED)',
  ECONNRESET: 'connection reset (ECONNRESET)',
  ENOTFOUND: 'host not found (ENOTFOUND)',
  EAI_AGAIN: 'host lookup failed (EAI_AGAIN)',
  ETIMEDOUT: 'connection timed out (ETIMEDOUT)',
  EHOSTUNREACH: 'host unreachable (EHOSTUNREACH)',
};

/**
 * A request error in words that carry no part of the URL: an error code when there is one, else the
 * message with the URL (and its user, password, path and query) taken out.
 */
function describeRequestError(error: NodeJS.ErrnoException, url: string): string {
  if (error.code) return REQUEST_ERRORS[error.code] ?? error.code;
  let text = error.message.split(url).join('<url>');
  try {
    const { username, password, host } = new URL(url);
    for (const secret of [password, username, host]) if (secret) text = text.split(secret).join('<redacted>');
  } catch {
    // Not a URL: nothing more to take out.
  }
  return redactUrlIn(text, url).replace(/\s+/g, ' ').trim();
}

/** Builds the payload; JSON.stringify does the escaping that a hand-built string lacks (docs/design/compatibility.md). */
export function scheduledWebhookPayload(report: {
  path: string;
  stamp: string;
  applied: number;
  manualFollowUp: number;
}): ScheduledWebhookPayload {
  return {
    event: 'scheduled_retro',
    report_path: report.path,
    applied: report.applied,
    manual_followup: report.manualFollowUp,
    timestamp: report.stamp,
  };
}

/**
 * POSTs `payload` as JSON to `url` and reports what happened; it never throws and never takes longer than
 * `timeoutMs` (connect, send and answer together). A fresh connection is closed afterwards, so a
 * short-lived CLI process is not kept alive by a pooled socket.
 */
export function postWebhook(
  url: string,
  payload: unknown,
  options: { timeoutMs?: number } = {},
): Promise<WebhookResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ delivered: false, reason: 'AGENT_WEBHOOK_URL is not a valid URL' });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve({ delivered: false, reason: `unsupported scheme ${target.protocol}` });
  }
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ delivered: false, reason: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    const finish = (result: WebhookResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': `retrospect/${VERSION}`,
          connection: 'close',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () =>
          finish(
            status >= 200 && status < 300
              ? { delivered: true, status }
              : { delivered: false, reason: `HTTP ${status}`, status },
          ),
        );
        res.on('error', (error) =>
          finish({ delivered: false, reason: describeRequestError(error, url), status }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ delivered: false, reason: describeRequestError(error, url) }),
    );
    req.end(body);
  });
}

/**
 * The one stderr line for a webhook that was configured but not delivered, or undefined (delivered, or
 * none configured). It names what happened (a refused connection, a timeout, an HTTP status), never the
 * URL, which may carry a token or a password.
 */
export function webhookFailureLine(result: WebhookResult): string | undefined {
  if (result.delivered || result.reason === 'not-configured') return undefined;
  return `scheduled retro: webhook (AGENT_WEBHOOK_URL) not delivered: ${result.reason}; the report stands`;
}

/**
 * Posts the scheduled-run notice when a webhook is configured (`url`: `AGENT_WEBHOOK_URL`, resolved by
 * schedule/settings.ts); fail-open, like every webhook here.
 */
export function notifyScheduledWebhook(
  url: string | undefined,
  payload: ScheduledWebhookPayload,
  options: { timeoutMs?: number } = {},
): Promise<WebhookResult> {
  if (!url) return Promise.resolve({ delivered: false, reason: 'not-configured' });
  return postWebhook(url, payload, options);
}
