import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scheduledRetroDir } from '../../schedule/paths.js';
import { openStore, STORE_FILE } from '../../store/open.js';
import { spawnCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';

const p = retroProject();
// About 44 MB of real-shaped exchanges: a few hundred ms to gate here, far beyond the caps below.
const big = p.addSession({ rejections: 2, longExchanges: 8_000, mtimeSecs: noonOf('2026-06-27') });
const small = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
afterAll(() => rmSync(big.path, { force: true }));

// Gating caps are timings of the real binary on a 44 MB session: a spawned process, as a user runs it (in
// the test runner's process the same gate takes about twice as long).
const run = (args: string[]) =>
  spawnCli(['retro', ...args], { cwd: p.root, env: { ...p.env, RETROSPECT_PROVIDER: 'heuristic' } });

/** The paths the session store holds a verdict for. */
function storedPaths(): string[] {
  const store = openStore(join(p.env.RETROSPECT_DATA_DIR!, STORE_FILE));
  try {
    return store.listSessions().map((r) => r.path);
  } finally {
    store.close();
  }
}

describe('retrospect retro gating caps', () => {
  it('single mode: a session over its budget is skipped for time, not flagged and not stored', async () => {
    const result = await run([big.sessionId, '--gate-cap-ms', '1', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `retro: skipped ${big.sessionId}: skipped for time: gating took longer than 1 ms (treated as not flagged)`,
    );
    const outcome = JSON.parse(result.stdout);
    expect(outcome.counts).toEqual({ scanned: 0, skipped: 1, gated: 0, deepRead: 0 });
    expect(outcome.skipped).toMatchObject([
      { session: { sessionId: big.sessionId }, reason: 'gate-timeout' },
    ]);
    expect(outcome.gateCapMs).toBe(1);
    expect(storedPaths()).not.toContain(big.path);
  });

  it('--all: the slow session is abandoned, the others go on, and the report says so', async () => {
    const result = await run(['--all', '--auto', '--gate-cap-ms', '100', '--today', '2026-07-01']);
    expect(result.stderr).toContain(`retro: skipped ${big.sessionId}: skipped for time`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Sessions: scanned=1 skipped=1 gated=1 deep-read=1');
    const reportPath = result.stdout.match(/^Report: (.+)$/m)?.[1];
    expect(reportPath).toBeDefined();
    expect(readdirSync(scheduledRetroDir(p.root))).toContain(reportPath!.split('/').at(-1));
    const report = readFileSync(reportPath!, 'utf8');
    expect(report).toContain('- sessions: scanned=1 skipped=1 gated=1 deep-read=1');
    expect(report).toContain(
      `- Session ${big.sessionId} skipped for time: gating took longer than 100 ms (treated as not flagged)`,
    );
    // The trial review's own scan of the project does not gate the abandoned session either.
    const stored = storedPaths();
    expect(stored).toContain(small.path);
    expect(stored).not.toContain(big.path);

    const why = await run(['--all', '--dry-run', '--why', '--gate-cap-ms', '100']);
    expect(why.stdout).toContain(
      `Skipped ${big.sessionId}: skipped for time: gating took longer than 100 ms (treated as not flagged)`,
    );
    expect(why.stdout).toContain(`Session: ${small.sessionId}`);
  });

  it('without a tiny cap the same large session is gated and flagged', async () => {
    const result = await run([big.sessionId, '--dry-run', '--json']);
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.gateCapMs).toBe(5000);
    expect(outcome.counts).toMatchObject({ scanned: 1, skipped: 0, gated: 1 });
    expect(storedPaths()).toContain(big.path);
    // The deep read of 44 MB after the gate is slow work, slower still on a loaded machine: more time than
    // the usual 30 s (the cap under test is the gate's 5 s, asserted above).
  }, 120_000);
});
