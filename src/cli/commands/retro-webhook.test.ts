import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { closedPort, type LocalServer, startLocalServer } from '../../test-support/http.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';

let hook: LocalServer | undefined;
afterEach(async () => {
  await hook?.close();
  hook = undefined;
});

/** `retro --all --auto` over one smooth session (no deep read) with the given webhook URL. */
async function scheduledRun(webhookUrl: string) {
  const p = retroProject();
  p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-28') });
  return runCli(['retro', '--all', '--auto', '--provider', 'heuristic'], {
    cwd: p.root,
    env: { ...p.env, AGENT_WEBHOOK_URL: webhookUrl },
  });
}

describe('retro --all --auto reports a webhook that was not delivered', () => {
  it('a refused connection: one stderr line, the run still exits 0 with its report', async () => {
    const run = await scheduledRun(`http://127.0.0.1:${await closedPort()}/hooks/retro`);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Report: /m);
    expect(run.stderr).toContain(
      'scheduled retro: webhook (AGENT_WEBHOOK_URL) not delivered: connection refused (ECONNREFUSED); the report stands\n',
    );
  });

  it('an HTTP 500, without the URL, its token or its password', async () => {
    hook = await startLocalServer((_req, res) => res.writeHead(500).end('boom'));
    const url = hook.url.replace('http://', 'http://ops:hunter2@').concat('?token=sk-live-123');
    const run = await scheduledRun(url);
    expect(run.code).toBe(0);
    expect(hook.received).toHaveLength(1);
    expect(run.stderr).toContain(
      'scheduled retro: webhook (AGENT_WEBHOOK_URL) not delivered: HTTP 500; the report stands\n',
    );
    expect(run.stderr).not.toMatch(/hunter2|sk-live-123|ops:|127\.0\.0\.1/);
  });

  it('a server that never answers: given up after 5 s and said so', async () => {
    hook = await startLocalServer(() => {
      // Never answers.
    });
    const run = await scheduledRun(hook.url);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('not delivered: no answer within 5000 ms; the report stands\n');
  });

  it('a delivered webhook says nothing', async () => {
    hook = await startLocalServer();
    const run = await scheduledRun(hook.url);
    expect(run.code).toBe(0);
    expect(hook.received).toHaveLength(1);
    expect(run.stderr).not.toMatch(/webhook/);
  });
});
