import { appendFileSync, rmSync, utimesSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';

const p = retroProject();
const RULE = 'Always run bash -n before committing a shell script';
p.writeRules(
  '.claude/memory/ic5/directives.md',
  `1. ${RULE} <!-- trial start=2026-06-10 source=sess#a1 review-after=2-sessions -->\n`,
);
const before = [1, 2].map((day) => p.addSession({ rejections: 1, mtimeSecs: noonOf(`2026-06-0${day}`) }));
// About 44 MB of real-shaped exchanges: a few hundred ms to gate here, far beyond the cap below.
const big = p.addSession({ rejections: 2, longExchanges: 8_000, mtimeSecs: noonOf('2026-06-03') });
const during = [11, 12].map((day) => p.addSession({ rejections: 1, mtimeSecs: noonOf(`2026-06-${day}`) }));
afterAll(() => rmSync(big.path, { force: true }));

// Two sessions a side and a tie: the seed's rule (the effect rule would wait for more sessions).
const run = (args: string[]) =>
  runCli(['retro', during[1]!.sessionId, '--today', '2026-06-20', '--trial-rule', 'seed', ...args], {
    cwd: p.root,
    env: { ...p.env, RETROSPECT_PROVIDER: 'heuristic' },
  });

describe("the retro's trial review and sessions abandoned at the gating cap", () => {
  it('leaves a changed session it could not gate in time out of both sides, and says so', async () => {
    // Without a tight cap every session is gated and stored: the large one is rough, and in the baseline.
    const first = await run(['--dry-run', '--json']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).deferred).toEqual([]);

    // The large session went on after the trial started: its stored verdict and mtime are out of date.
    appendFileSync(
      big.path,
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'one more thing' } })}\n`,
    );
    utimesSync(big.path, noonOf('2026-06-13'), noonOf('2026-06-13'));
    const capped = await run(['--auto', '--gate-cap-ms', '50']);
    expect(capped.code).toBe(0);
    expect(capped.stderr).toContain(
      `# trial-review: unscored session=${big.sessionId} reason=gate-timeout cap_ms=50 (left out of baseline and in-trial)`,
    );
    // Scored by its old verdict it would have raised the baseline (mean 6.5) and kept the rule; without
    // it both sides average 3.0, and a tie reverts.
    expect(capped.stdout).toContain(`target=ic5 action=REVERT: ${RULE}`);
    const history = JSON.parse(p.read('.claude/retro/directive-history.jsonl').trim());
    expect(history).toMatchObject({
      decision: 'REVERT',
      baseline: { n: 2, sessions: before.map((s) => s.sessionId) },
      in_trial: { n: 2, sessions: during.map((s) => s.sessionId) },
    });
  });
});
