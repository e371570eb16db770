import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduledLockPath, scheduledRetroDir } from '../../schedule/paths.js';
import { BIN, spawnCli } from '../../test-support/cli.js';
import { type LocalServer, startLocalServer } from '../../test-support/http.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';

let model: LocalServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/**
 * An OpenAI-compatible model on 127.0.0.1 that takes `delayMs` to answer, with no findings. The delay
 * keeps the first run inside its deep read (holding the lock) while the second one starts.
 */
function slowModel(delayMs: number): Promise<LocalServer> {
  const answer = JSON.stringify({ proposals: [], observations: [], fabrication_anchors: [] });
  return startLocalServer((_request, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-slow',
          object: 'chat.completion',
          created: 1_764_000_000,
          model: 'slow-model',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    }, delayMs).unref();
  });
}

describe('retrospect retro --all --auto, twice at once', () => {
  it('exactly one run proceeds; the other prints the skip line, exits 0 and writes no report', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    model = await slowModel(1500);
    const baseUrl = model.url.replace(/\/hooks\/retro$/, '/v1');
    const args = [
      'retro',
      '--all',
      '--auto',
      '--provider',
      'openai',
      '--base-url',
      baseUrl,
      '--model',
      'slow',
    ];
    const env = { ...p.env, OPENAI_API_KEY: 'sk-local', AGENT_WEBHOOK_URL: '' };
    // Two processes race for the run's lock (its holder is a process id): spawned, not in-process.
    const runs = await Promise.all([
      spawnCli(args, { cwd: p.root, env }),
      spawnCli(args, { cwd: p.root, env }),
    ]);

    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const proceeded = runs.filter((r) => /^Report: /m.test(r.stdout));
    const skipped = runs.filter((r) => r.stderr.includes('scheduled retro: lock held, skipping'));
    expect(proceeded).toHaveLength(1);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.stdout).toBe('');
    // Only the run that proceeded gated, read and reported.
    expect(model.received).toHaveLength(1);
    const reports = readdirSync(scheduledRetroDir(p.root)).filter((name) => name.endsWith('.md'));
    expect(reports).toHaveLength(1);
    const reportPath = /^Report: (.+)$/m.exec(proceeded[0]?.stdout ?? '')?.[1] ?? '';
    expect(reportPath).toBe(join(scheduledRetroDir(p.root), reports[0] ?? ''));
    const report = readFileSync(reportPath, 'utf8');
    expect(report).toContain('- sessions: scanned=1 skipped=0 gated=1 deep-read=1\n');
    expect(report).toContain('## Note\n\nNo actionable findings.\n');
    expect(existsSync(scheduledLockPath(p.root))).toBe(false);
  });

  it('SIGTERM during the deep read: report written, lock released, exit 143', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    model = await slowModel(30_000);
    const baseUrl = model.url.replace(/\/hooks\/retro$/, '/v1');
    const child = spawn(
      process.execPath,
      [BIN, 'retro', '--all', '--auto', '--provider', 'openai', '--base-url', baseUrl, '--model', 'slow'],
      { cwd: p.root, env: { ...process.env, ...p.env, OPENAI_API_KEY: 'sk-local', AGENT_WEBHOOK_URL: '' } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // Wait until the run is inside its deep read: the model has the request and the lock is held.
    const deadline = Date.now() + 20_000;
    while (model.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(scheduledLockPath(p.root))).toBe(true);
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    const reportPath = /^Report: (.+)$/m.exec(stdout)?.[1] ?? '';
    const report = readFileSync(reportPath, 'utf8');
    expect(report).toContain('Interrupted by SIGTERM before the run finished');
    expect(report).toContain('- sessions: scanned=1 skipped=0 gated=1 deep-read=0\n');
    expect(existsSync(scheduledLockPath(p.root))).toBe(false);
  });
});
