import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { ownRunMarker } from '../transcript/own-run.js';
import { gateScorer } from './gate-scorer.js';
import { projectScoreSource, transcriptScoreSource } from './sources.js';

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
    expect(await source.scores()).toEqual(expected);
    rmSync(cleaned.path);
    expect(await source.scores()).toEqual(expected);
    // Another config dir's sessions scanned into the same store are not this project's.
    const elsewhere = projectScoreSource({
      mainCheckout: other.root,
      scope: 'all',
      env: { ...other.env, RETROSPECT_DATA_DIR: p.env.RETROSPECT_DATA_DIR },
    });
    expect((await elsewhere.scores()).map((s) => s.score)).toEqual([9]);
    expect((await source.scores()).length).toBe(2);
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
    expect(await projectScoreSource(query).scores()).toEqual(expected);
    const fromFiles = transcriptScoreSource({
      ...query,
      scoreTranscript: gateScorer({ env: p.env, cwd: p.root }),
    });
    expect(await fromFiles.scores()).toEqual(expected);
  });
});
