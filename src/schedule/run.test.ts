import { EventEmitter } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../test-support/http.js';
import { tempDir } from '../test-support/temp-dir.js';
import { acquireScheduledLock, LOCK_HELD_MESSAGE } from './lock.js';
import { scheduledLockPath, scheduledRetroDir } from './paths.js';
import { runScheduled, type ScheduledRunResult, type SignalSource, scheduledRunExitCode } from './run.js';

function project(): string {
  return tempDir('retrospect-sched-run-');
}

/** Stands in for `process` as the signal source, so a test can deliver SIGTERM without being killed. */
function fakeSignals(): EventEmitter & SignalSource {
  return new EventEmitter() as EventEmitter & SignalSource;
}

function reportOf(result: ScheduledRunResult<unknown>): string {
  if (result.status === 'skipped') throw new Error('no report for a skipped run');
  return readFileSync(result.report.path, 'utf8');
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const quiet = { env: {}, signals: null };

describe('runScheduled', () => {
  it('skips while another run holds the lock: no body, no report, the lock untouched', async () => {
    const mainCheckout = project();
    acquireScheduledLock(mainCheckout, { pid: 1 });
    const before = readFileSync(scheduledLockPath(mainCheckout), 'utf8');
    let called = false;
    const result = await runScheduled(
      mainCheckout,
      () => {
        called = true;
      },
      quiet,
    );
    expect(result).toMatchObject({ status: 'skipped', message: LOCK_HELD_MESSAGE, holder: { pid: 1 } });
    expect(LOCK_HELD_MESSAGE).toBe('scheduled retro: lock held, skipping');
    expect(called).toBe(false);
    expect(readdirSync(scheduledRetroDir(mainCheckout)).filter((n) => n !== '.gitignore')).toEqual([
      'scheduled.lock',
    ]);
    expect(readFileSync(scheduledLockPath(mainCheckout), 'utf8')).toBe(before);
    expect(scheduledRunExitCode(result)).toBe(0);
  });

  it('holds the lock while the body runs and releases it afterwards', async () => {
    const mainCheckout = project();
    let heldDuringBody = false;
    await runScheduled(
      mainCheckout,
      ({ lock }) => {
        heldDuringBody = readFileSync(scheduledLockPath(mainCheckout), 'utf8').includes(lock.token);
      },
      quiet,
    );
    expect(heldDuringBody).toBe(true);
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('empty candidate set: a short report that says so', async () => {
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        outcome.counts.skipped = 2;
      },
      quiet,
    );
    expect(result.status).toBe('completed');
    const text = reportOf(result);
    expect(text).toContain('- sessions: scanned=0 skipped=2 gated=0 deep-read=0\n');
    expect(text).toContain('## Note\n\nNo sessions to retro.\n');
    expect(text).toContain('## Summary\nApplied: 0 | empty candidate set\n');
  });

  it('all smooth: sessions scanned, none past the gate', async () => {
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        outcome.counts.scanned = 7;
      },
      quiet,
    );
    const text = reportOf(result);
    expect(text).toContain('## Note\n\nNo friction detected — nothing to retro (all smooth).\n');
    expect(text).toContain('## Summary\nApplied: 0 | all-smooth | scanned=7 gated=0\n');
  });

  it('no actionable findings: flagged sessions read, nothing to apply', async () => {
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        Object.assign(outcome.counts, { scanned: 7, gated: 2, deepRead: 2 });
      },
      quiet,
    );
    const text = reportOf(result);
    expect(text).toContain('## Note\n\nNo actionable findings.\n');
    expect(text).toContain('## Summary\nApplied: 0 | no actionable findings\n');
  });

  it('applied: the report lists the changes, the webhook gets the counts, the body value comes back', async () => {
    server = await startLocalServer();
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        Object.assign(outcome.counts, { scanned: 9, skipped: 1, gated: 3, deepRead: 3 });
        outcome.applied.push({
          target: 'ic5',
          action: 'NEW',
          summary: 'Run the tests before claiming done.',
        });
        outcome.manualFollowUps.push('Review the TIGHTEN of qa rule 2 by hand.');
        return 'done' as const;
      },
      { env: { AGENT_WEBHOOK_URL: server.url }, signals: null },
    );
    if (result.status !== 'completed') throw new Error(`expected completed, got ${result.status}`);
    expect(result.value).toBe('done');
    const text = reportOf(result);
    expect(text).not.toContain('## Note');
    expect(text).toContain('## Applied\n- target=ic5 action=NEW: Run the tests before claiming done.\n');
    expect(text).toContain(
      '## Summary\nApplied: 1 | Manual follow-up: 1 | scanned=9 skipped=1 gated=3 deep-read=3\n',
    );
    expect(result.webhook).toEqual({ delivered: true, status: 204 });
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({
      event: 'scheduled_retro',
      report_path: result.report.path,
      applied: 1,
      manual_followup: 1,
      timestamp: result.report.stamp,
    });
  });

  it('a failing body still leaves a report with what it counted, and releases the lock', async () => {
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        outcome.counts.scanned = 3;
        throw new Error('model endpoint unreachable\nstack details');
      },
      quiet,
    );
    expect(result.status).toBe('failed');
    expect(scheduledRunExitCode(result)).toBe(1);
    const text = reportOf(result);
    expect(text).toContain('## Note\n\nThe run failed: model endpoint unreachable\n');
    expect(text).toContain('scanned=3');
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('a signal aborts the body; the report says so; the lock is released; listeners are removed', async () => {
    const mainCheckout = project();
    const signals = fakeSignals();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome, signal }) => {
        outcome.counts.scanned = 5;
        setTimeout(() => signals.emit('SIGTERM'), 20);
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      },
      { env: {}, signals },
    );
    expect(result).toMatchObject({ status: 'interrupted', signal: 'SIGTERM' });
    expect(scheduledRunExitCode(result)).toBe(143);
    expect(reportOf(result)).toContain(
      '## Note\n\nInterrupted by SIGTERM before the run finished; the counts show the work done until then.\n',
    );
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
    for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit']) expect(signals.listenerCount(event)).toBe(0);
  });

  it('a body that ignores the abort is left behind after the grace period', async () => {
    const mainCheckout = project();
    const signals = fakeSignals();
    const started = Date.now();
    const result = await runScheduled(
      mainCheckout,
      () => {
        setTimeout(() => signals.emit('SIGINT'), 10);
        return new Promise(() => {});
      },
      { env: {}, signals, graceMs: 150 },
    );
    expect(result).toMatchObject({ status: 'interrupted', signal: 'SIGINT' });
    expect(scheduledRunExitCode(result)).toBe(130);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('a second signal cuts the grace period short', async () => {
    const mainCheckout = project();
    const signals = fakeSignals();
    const started = Date.now();
    const result = await runScheduled(
      mainCheckout,
      () => {
        setTimeout(() => signals.emit('SIGINT'), 10);
        setTimeout(() => signals.emit('SIGINT'), 30);
        return new Promise(() => {});
      },
      { env: {}, signals, graceMs: 60_000 },
    );
    expect(result.status).toBe('interrupted');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('the exit event (process.exit in the body) writes the report and releases the lock synchronously', async () => {
    const mainCheckout = project();
    const signals = fakeSignals();
    let reportAfterExit: string[] = [];
    const pending = runScheduled(
      mainCheckout,
      ({ outcome }) => {
        outcome.counts.scanned = 2;
        signals.emit('exit');
        reportAfterExit = readdirSync(scheduledRetroDir(mainCheckout)).filter((n) => n !== '.gitignore');
        return new Promise(() => {});
      },
      { env: {}, signals },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reportAfterExit).toHaveLength(1);
    expect(reportAfterExit[0]).toMatch(/^scheduled-.*\.md$/);
    const text = readFileSync(join(scheduledRetroDir(mainCheckout), reportAfterExit[0] ?? ''), 'utf8');
    expect(text).toContain('The process exited before the run finished.');
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
    void pending;
  });

  it('a body that leaves malformed counts still gets a report that says so', async () => {
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        outcome.counts.scanned = Number.NaN;
      },
      quiet,
    );
    expect(result.status).toBe('completed');
    const text = reportOf(result);
    expect(text).toContain('- sessions: scanned=0 skipped=0 gated=0 deep-read=0\n');
    expect(text).toMatch(/## Note\n\nThe run's findings could not be reported \(counts\.scanned: .+\)\.\n/);
    expect(text).not.toContain('No sessions to retro');
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('keeps a note the body wrote, after the failure note', async () => {
    const mainCheckout = project();
    const result = await runScheduled(
      mainCheckout,
      ({ outcome }) => {
        outcome.note = 'Deep read used the heuristic model.';
        throw new Error('disk full');
      },
      quiet,
    );
    expect(reportOf(result)).toContain(
      '## Note\n\nThe run failed: disk full\n\nDeep read used the heuristic model.\n',
    );
  });
});
