import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, type LocalServer, startLocalServer } from '../test-support/http.js';
import { resolveScheduleSettings } from './settings.js';
import {
  notifyScheduledWebhook,
  postWebhook,
  scheduledWebhookPayload,
  WEBHOOK_TIMEOUT_MS,
} from './webhook.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// A path a user could really have: spaces, quotes, a backslash, non-ASCII.
const AWKWARD_PATH = '/home/dev/my "proj"\\x ü/.claude/retro/scheduled-2026-05-01T031709Z.md';

describe('scheduled webhook', () => {
  it('POSTs the JSON body with every field, properly escaped', async () => {
    server = await startLocalServer();
    const payload = scheduledWebhookPayload({
      path: AWKWARD_PATH,
      stamp: '2026-05-01T031709Z',
      applied: 2,
      manualFollowUp: 1,
    });
    const result = await notifyScheduledWebhook(
      resolveScheduleSettings({ AGENT_WEBHOOK_URL: server.url }).webhookUrl,
      payload,
    );
    expect(result).toEqual({ delivered: true, status: 204 });
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/hooks/retro');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      event: 'scheduled_retro',
      report_path: AWKWARD_PATH,
      applied: 2,
      manual_followup: 1,
      timestamp: '2026-05-01T031709Z',
    });
    // Field order is kept (docs/design/compatibility.md).
    expect(Object.keys(JSON.parse(request?.body ?? ''))).toEqual([
      'event',
      'report_path',
      'applied',
      'manual_followup',
      'timestamp',
    ]);
  });

  it('fails open against a closed port, quickly', async () => {
    const port = await closedPort();
    const started = Date.now();
    const result = await postWebhook(`http://127.0.0.1:${port}/`, { event: 'scheduled_retro' });
    expect(result).toEqual({ delivered: false, reason: 'connection refused (ECONNREFUSED)' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a server that never answers once the timeout passes', async () => {
    server = await startLocalServer(() => {
      // Never answers.
    });
    const started = Date.now();
    const result = await postWebhook(server.url, { event: 'scheduled_retro' }, { timeoutMs: 300 });
    expect(result).toEqual({ delivered: false, reason: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
  });

  it('reports an HTTP error status as not delivered', async () => {
    server = await startLocalServer((_req, res) => res.writeHead(503).end('busy'));
    expect(await postWebhook(server.url, {})).toEqual({ delivered: false, reason: 'HTTP 503', status: 503 });
  });

  it('does nothing without AGENT_WEBHOOK_URL and refuses URLs that are not http(s)', async () => {
    const payload = scheduledWebhookPayload({ path: '/p', stamp: 's', applied: 0, manualFollowUp: 0 });
    expect(await notifyScheduledWebhook(resolveScheduleSettings({}).webhookUrl, payload)).toEqual({
      delivered: false,
      reason: 'not-configured',
    });
    expect(
      await notifyScheduledWebhook(resolveScheduleSettings({ AGENT_WEBHOOK_URL: '  ' }).webhookUrl, payload),
    ).toMatchObject({
      reason: 'not-configured',
    });
    expect(
      await notifyScheduledWebhook(
        resolveScheduleSettings({ AGENT_WEBHOOK_URL: 'not a url' }).webhookUrl,
        payload,
      ),
    ).toMatchObject({
      delivered: false,
      reason: 'AGENT_WEBHOOK_URL is not a valid URL',
    });
    expect(
      await notifyScheduledWebhook(
        resolveScheduleSettings({ AGENT_WEBHOOK_URL: 'file:///etc/passwd' }).webhookUrl,
        payload,
      ),
    ).toMatchObject({
      delivered: false,
      reason: 'unsupported scheme file:',
    });
  });
});
