import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { scheduledLockPath, scheduledRetroDir } from './paths.js';

// Real processes, real signals: the stand-in body runs through the built package like `retro` will.
const STAND_IN = join(REPO_ROOT, 'test', 'fixtures', 'schedule', 'stand-in-run.mjs');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function start(
  mainCheckout: string,
  behaviour: string,
  graceMs?: number,
): { child: ChildProcess; done: Promise<Exit>; stderr: () => string } {
  const args = [STAND_IN, mainCheckout, behaviour, ...(graceMs === undefined ? [] : [String(graceMs)])];
  const child = spawn(process.execPath, args, { env: { ...process.env, AGENT_WEBHOOK_URL: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const done = new Promise<Exit>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done, stderr: () => stderr };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function project(): string {
  return tempDir('retrospect-sched-proc-');
}

function reports(mainCheckout: string): string[] {
  return readdirSync(scheduledRetroDir(mainCheckout)).filter((name) => name.endsWith('.md'));
}

describe('scheduled runs as separate processes', { tags: ['race'] }, () => {
  it('of two concurrent runs exactly one proceeds; the other prints the skip line and exits 0', async () => {
    const mainCheckout = project();
    const runs = [start(mainCheckout, 'finish-after-600'), start(mainCheckout, 'finish-after-600')];
    const exits = await Promise.all(runs.map((run) => run.done));
    const outcomes = exits.map((exit) => JSON.parse(exit.stdout) as { status: string; message?: string });
    expect(exits.map((exit) => exit.code)).toEqual([0, 0]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['completed', 'skipped']);
    expect(outcomes.find((o) => o.status === 'skipped')?.message).toBe(
      'scheduled retro: lock held, skipping',
    );
    // Only the run that proceeded ran its body and wrote a report.
    expect(exits.filter((exit) => exit.stderr.includes('body started'))).toHaveLength(1);
    expect(reports(mainCheckout)).toHaveLength(1);
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('SIGTERM: the body is aborted, the report is written, the lock released, exit 143', async () => {
    const mainCheckout = project();
    const run = start(mainCheckout, 'until-signal');
    // The body prints this once it runs, i.e. after the lock is taken and the signal handlers are in place.
    await until(() => run.stderr().includes('body started'));
    run.child.kill('SIGTERM');
    const exit = await run.done;
    expect(exit.code).toBe(143);
    expect(JSON.parse(exit.stdout)).toMatchObject({ status: 'interrupted', signal: 'SIGTERM' });
    const [name] = reports(mainCheckout);
    const text = readFileSync(join(scheduledRetroDir(mainCheckout), name ?? ''), 'utf8');
    expect(text).toContain('Interrupted by SIGTERM');
    expect(text).toContain('- sessions: scanned=4 skipped=1 gated=0 deep-read=0');
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('SIGINT to a body that ignores it: closed after the grace period, exit 130', async () => {
    const mainCheckout = project();
    const run = start(mainCheckout, 'ignore-signal', 200);
    await until(() => run.stderr().includes('body started'));
    run.child.kill('SIGINT');
    const exit = await run.done;
    expect(exit.code).toBe(130);
    expect(reports(mainCheckout)).toHaveLength(1);
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('process.exit inside the body still leaves a report and no lock', async () => {
    const mainCheckout = project();
    const exit = await start(mainCheckout, 'exit-in-body').done;
    expect(exit.code).toBe(7);
    const [name] = reports(mainCheckout);
    expect(readFileSync(join(scheduledRetroDir(mainCheckout), name ?? ''), 'utf8')).toContain(
      'The process exited before the run finished.',
    );
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('a lock left by a SIGKILLed run is taken over at once by the next run on this host', async () => {
    const mainCheckout = project();
    const first = start(mainCheckout, 'until-signal');
    await until(() => existsSync(scheduledLockPath(mainCheckout)));
    first.child.kill('SIGKILL'); // no chance to clean up
    await first.done;
    const left = readFileSync(scheduledLockPath(mainCheckout), 'utf8').split('\n');
    expect(left[0]).toBe(String(first.child.pid));
    const next = await start(mainCheckout, 'finish-after-0').done;
    expect(JSON.parse(next.stdout).status).toBe('completed');
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('SIGTERM while the main thread is blocked in a synchronous call: handled when the call returns, the lock released', async () => {
    const mainCheckout = project();
    const run = start(mainCheckout, 'block-sync-1500');
    await until(() => run.stderr().includes('body started'));
    run.child.kill('SIGTERM');
    const exit = await run.done;
    expect(exit.code).toBe(143);
    expect(exit.stderr).toContain('block ended');
    expect(JSON.parse(exit.stdout)).toMatchObject({ status: 'interrupted', signal: 'SIGTERM' });
    expect(reports(mainCheckout)).toHaveLength(1);
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('SIGKILL while blocked in a synchronous call: the lock names a pid that is gone, and the next run takes it', async () => {
    const mainCheckout = project();
    const first = start(mainCheckout, 'block-sync-30000');
    await until(() => first.stderr().includes('body started'));
    first.child.kill('SIGKILL');
    await first.done;
    expect(readFileSync(scheduledLockPath(mainCheckout), 'utf8').split('\n')[0]).toBe(
      String(first.child.pid),
    );
    const started = Date.now();
    const next = await start(mainCheckout, 'finish-after-0').done;
    expect(JSON.parse(next.stdout).status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });
});
