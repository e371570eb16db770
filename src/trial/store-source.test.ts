import { appendFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { openSqlite } from '../sqlite/index.js';
import { REPO_ROOT } from '../test-support/cli.js';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { ownRunMarker } from '../transcript/own-run.js';
import { gateScorer } from './gate-scorer.js';
import type { SessionScore } from './scores.js';
import { projectScoreSource, transcriptScoreSource } from './sources.js';
import type { UnscoredSession } from './unscored.js';

/** What these tests pin: id, score and mtime (sources add the transcript's path and size beside them). */
const triples = (rows: SessionScore[]) =>
  rows.map(({ sessionId, score, mtime }) => ({ sessionId, score, mtime }));

describe('scores from the session store', () => {
  it('survive transcript cleanup, and stay within the project and the projects root', async () => {
    const p = retroProject();
    const kept = p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    const cleaned = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-02') });
    p.addSession({ rejections: 2, mtimeSecs: Math.floor(Date.now() / 1000) });
    const other = retroProject();
    other.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-03') });
    const source = projectScoreSource({ mainCheckout: p.root, scope: 'current', env: p.env });
    const expected = [
      { sessionId: kept.sessionId, score: 3, mtime: noonOf('2026-06-01') },
      { sessionId: cleaned.sessionId, score: 9, mtime: noonOf('2026-06-02') },
    ];
    expect(triples(await source.scores())).toEqual(expected);
    rmSync(cleaned.path);
    expect(triples(await source.scores())).toEqual(expected);
    // Another config dir's sessions scanned into the same store are not this project's.
    const elsewhere = projectScoreSource({
      mainCheckout: other.root,
      scope: 'all',
      env: { ...other.env, RETROSPECT_DATA_DIR: p.env.RETROSPECT_DATA_DIR },
    });
    expect((await elsewhere.scores()).map((s) => s.score)).toEqual([9]);
    expect((await source.scores()).length).toBe(2);
  });

  it("keep a gone session's score without S4 from the row's per-signal counts, none when the row has none", async () => {
    const p = retroProject();
    const retried = p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    // Two retry phrases of the agent's (S4, 1.5 each on the seed profile) beside one rejection (S1, 3).
    const sorry = (n: number) =>
      `${JSON.stringify({ type: 'assistant', sessionId: retried.sessionId, uuid: `retry-${n}`, parentUuid: null, timestamp: '2026-07-01T10:00:00.000Z', message: { role: 'assistant', content: [{ type: 'text', text: 'Sorry, let me try again.' }] } })}\n`;
    appendFileSync(retried.path, sorry(1) + sorry(2));
    utimesSync(retried.path, noonOf('2026-06-01'), noonOf('2026-06-01'));
    const source = projectScoreSource({ mainCheckout: p.root, scope: 'current', env: p.env });
    const counted = (rows: SessionScore[]) =>
      rows.map(({ score, countedScore }) => ({ score, countedScore }));
    expect(counted(await source.scores())).toEqual([{ score: 6, countedScore: 3 }]);
    rmSync(retried.path);
    expect(counted(await source.scores())).toEqual([{ score: 6, countedScore: 3 }]);
    // A row whose counts do not make up its score (its breakdown never recorded) has no counted score.
    const db = openSqlite(join(p.env.RETROSPECT_DATA_DIR ?? '', 'store.sqlite'));
    db.prepare('UPDATE sessions SET s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0').run();
    db.close();
    expect(counted(await source.scores())).toEqual([{ score: 6, countedScore: undefined }]);
  });

  it('compare scores of one profile only: a gone session scored by another profile is left out', async () => {
    const p = retroProject();
    const kept = p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    const cleaned = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-02') });
    const seed = projectScoreSource({
      mainCheckout: p.root,
      scope: 'current',
      env: { ...p.env, RETRO_GATE_PROFILE: 'seed' },
    });
    expect((await seed.scores()).map((s) => s.sessionId)).toEqual([kept.sessionId, cleaned.sessionId]);
    rmSync(cleaned.path);
    const calibrated = projectScoreSource({
      mainCheckout: p.root,
      scope: 'current',
      env: { ...p.env, RETRO_GATE_PROFILE: 'calibrated' },
    });
    expect((await calibrated.scores()).map((s) => s.sessionId)).toEqual([kept.sessionId]);
    // Back on the seed profile, the gone session's seed verdict is comparable again.
    expect((await seed.scores()).map((s) => s.sessionId)).toEqual([kept.sessionId, cleaned.sessionId]);
  });

  it("leave out Retrospect's own analysis runs, from the store and from the transcripts alike", async () => {
    const p = retroProject();
    const mine = p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    p.addSession({
      rejections: 0,
      mtimeSecs: noonOf('2026-06-02'),
      firstPrompt: `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`,
      printMode: true,
    });
    const query = { mainCheckout: p.root, scope: 'current' as const, env: p.env };
    const expected = [{ sessionId: mine.sessionId, score: 3, mtime: noonOf('2026-06-01') }];
    expect(triples(await projectScoreSource(query).scores())).toEqual(expected);
    const fromFiles = transcriptScoreSource({
      ...query,
      scoreTranscript: gateScorer({
        gate: resolveGateSettings({ env: p.env, ledger: ledgerFromEnv(p.env) }),
        cwd: p.root,
      }),
    });
    expect(triples(await fromFiles.scores())).toEqual(expected);
  });
});

/** The compiled modules: run from sources there is no compiled gate worker to enforce a cap with. */
async function built() {
  const url = (path: string) => pathToFileURL(join(REPO_ROOT, 'dist', 'trial', path)).href;
  return {
    sources: (await import(url('sources.js'))) as typeof import('./sources.js'),
    scorer: (await import(url('gate-scorer.js'))) as typeof import('./gate-scorer.js'),
  };
}

describe('sessions abandoned at the gating cap', () => {
  it('are unscored, at their current mtime, whether new, changed or abandoned earlier in the run', async () => {
    const p = retroProject();
    const small = p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    // About 44 MB of real-shaped exchanges: a few hundred ms to gate, far beyond the caps below.
    const changed = p.addSession({ rejections: 2, longExchanges: 8_000, mtimeSecs: noonOf('2026-06-02') });
    const query = { mainCheckout: p.root, scope: 'current' as const, env: p.env };
    expect((await projectScoreSource(query).scores()).map((s) => s.score)).toEqual([3, 13.5]);

    // The stored verdict is now of an older transcript: the session went on, and into another window.
    appendFileSync(
      changed.path,
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'and one more thing' } })}\n`,
    );
    utimesSync(changed.path, noonOf('2026-06-10'), noonOf('2026-06-10'));
    const fresh = p.addSession({ rejections: 2, longExchanges: 8_000, mtimeSecs: noonOf('2026-06-11') });
    onTestFinished(() => {
      for (const session of [changed, fresh]) rmSync(session.path, { force: true });
    });
    const expected = [
      { sessionId: small.sessionId, score: 3, mtime: noonOf('2026-06-01') },
      { sessionId: changed.sessionId, score: undefined, mtime: noonOf('2026-06-10') },
      { sessionId: fresh.sessionId, score: undefined, mtime: noonOf('2026-06-11') },
    ];
    const byMtime = (rows: SessionScore[]) => [...rows].sort((a, b) => (a.mtime ?? 0) - (b.mtime ?? 0));
    const told: string[] = [];
    const onUnscored = (session: UnscoredSession) => told.push(session.sessionId);
    const toldOnce = () => {
      expect(told.sort()).toEqual([changed.sessionId, fresh.sessionId].sort());
      told.length = 0;
    };

    // Abandoned earlier in the run: not read again, and not scored by the old verdict either.
    const slow = new Set([changed.path, fresh.path]);
    expect(triples(await projectScoreSource({ ...query, skipPaths: slow, onUnscored }).scores())).toEqual(
      expected,
    );
    toldOnce();
    const skipFiles = transcriptScoreSource({
      ...query,
      skipPaths: slow,
      scoreTranscript: gateScorer({
        gate: resolveGateSettings({ env: p.env, ledger: ledgerFromEnv(p.env) }),
        cwd: p.root,
      }),
      onUnscored,
    });
    expect(triples(byMtime(await skipFiles.scores()))).toEqual(expected);
    toldOnce();

    // Abandoned at the cap by the review's own scan, and when the transcripts are gated directly.
    const { sources, scorer } = await built();
    const capped = sources.projectScoreSource({ ...query, fileCapMs: 1, onUnscored });
    expect(triples(await capped.scores())).toEqual(expected);
    toldOnce();
    // The small session is gated here too, in a worker of its own: a cap it fits in.
    const cappedFiles = sources.transcriptScoreSource({
      ...query,
      scoreTranscript: scorer.gateScorer({
        gate: resolveGateSettings({ env: p.env, ledger: ledgerFromEnv(p.env) }),
        cwd: p.root,
        capMs: 100,
      }),
      onUnscored,
    });
    expect(triples(byMtime(await cappedFiles.scores()))).toEqual(expected);
    toldOnce();
    const uncapped = transcriptScoreSource({
      ...query,
      scoreTranscript: gateScorer({
        gate: resolveGateSettings({ env: p.env, ledger: ledgerFromEnv(p.env) }),
        cwd: p.root,
      }),
    });
    expect(byMtime(await uncapped.scores()).map((s) => s.score)).toEqual([3, 13.5, 13.5]);
  });
});
