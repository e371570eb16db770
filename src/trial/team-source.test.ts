import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnreachableError } from '../errors/errors.js';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../test-support/postgres.js';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { projectScoreSource } from './sources.js';

const skip = postgresSkipReason();
if (skip) console.warn(skip);

describe.skipIf(skip !== undefined)('trial scores from a shared store', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
    server.createDatabase('trials');
  });
  afterAll(() => server?.stop());

  it("pool every machine's sessions of the repository with team, only this machine's without", async () => {
    const store = { kind: 'postgres' as const, url: server.url('trials') };
    // Two members, each with a clone of `shop` at another path, on another machine.
    const ada = retroProject();
    const early = ada.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    const bo = retroProject();
    const later = bo.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-02') });
    const envOf = (p: typeof ada, machine: string) => ({
      ...p.env,
      HOME: dirname(p.root),
      RETROSPECT_MACHINE: machine,
      RETROSPECT_USER: machine.split('-')[0],
    });
    const source = (p: typeof ada, machine: string, team: boolean) =>
      projectScoreSource({ mainCheckout: p.root, scope: 'current', env: envOf(p, machine), store, team });

    // Bo's review scans Bo's sessions into the shared store.
    expect((await source(bo, 'bo-desktop', false).scores()).map((s) => s.sessionId)).toEqual([
      later.sessionId,
    ]);
    expect((await source(ada, 'ada-laptop', false).scores()).map((s) => s.sessionId)).toEqual([
      early.sessionId,
    ]);
    const pooled = await source(ada, 'ada-laptop', true).scores();
    // Bo's transcript is on Bo's disk: its row carries no path to read here. Each row keeps its score's
    // per-signal breakdown, so the score without the agent's phrasing (S4) comes with it.
    expect(pooled).toEqual([
      {
        sessionId: early.sessionId,
        score: 3,
        countedScore: 3,
        mtime: noonOf('2026-06-01'),
        path: early.path,
        lines: 7,
      },
      { sessionId: later.sessionId, score: 9, countedScore: 9, mtime: noonOf('2026-06-02'), lines: 9 },
    ]);
  });

  it('an unreachable shared store fails the review instead of falling back to this machine alone', async () => {
    const p = retroProject();
    p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-01') });
    const source = projectScoreSource({
      mainCheckout: p.root,
      scope: 'current',
      env: p.env,
      store: { kind: 'postgres', url: 'postgres://retro@127.0.0.1:1/team' },
      team: true,
    });
    await expect(source.scores()).rejects.toBeInstanceOf(StoreUnreachableError);
  });
});
