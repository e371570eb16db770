import { appendFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsHomeCopy } from '../test-support/hosts.js';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { containsRetroInvocation } from '../transcript/claude/retro-command.js';
import { ownRunMarker } from '../transcript/own-run.js';
import { mtimeSecs } from '../transcript/source.js';
import { findCandidates } from './candidates.js';

describe('findCandidates', () => {
  it("takes any agent's session file: a Codex rollout, a Gemini CLI chat, an OpenCode database row", () => {
    const p = retroProject();
    const { home, opencode } = hostsHomeCopy();
    const files = [
      join(
        home,
        '.codex/sessions/2025/12/20/rollout-2025-12-20T15-00-00-019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff.jsonl',
      ),
      join(home, '.gemini/tmp/shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl'),
      join(home, '.local/share/opencode/opencode.db', opencode.main),
    ];
    const found = files.map(
      (file) =>
        findCandidates({ mainCheckout: p.root, env: p.env, sessionId: file, nowMs: Date.now() + 120_000 })
          .sessions,
    );
    expect(found.map((sessions) => sessions.map((s) => [s.path, s.sessionId]))).toEqual([
      [[files[0], '019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff']],
      [[files[1], '2cbc6e5f-eb6a-4869-9d0f-a07806539ff7']],
      [[files[2], opencode.main]],
    ]);
    // A relative path starts at the folder the command ran in.
    expect(
      findCandidates({
        mainCheckout: p.root,
        env: p.env,
        sessionId: 'chats/session-2026-06-08T18-27-2cbc6e5f.jsonl',
        cwd: join(home, '.gemini/tmp/shop'),
        nowMs: Date.now() + 120_000,
      }).sessions,
    ).toHaveLength(1);
  });

  it('takes the newest session of this project, and skips it when it is still being written', () => {
    const p = retroProject();
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-01') });
    const newest = p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-02') });
    const query = { mainCheckout: p.root, env: p.env };
    expect(findCandidates(query).sessions.map((s) => s.sessionId)).toEqual([newest.sessionId]);
    const live = p.addSession({ rejections: 0, mtimeSecs: Math.floor(Date.now() / 1000) - 5 });
    expect(findCandidates(query)).toMatchObject({
      sessions: [],
      skipped: [{ reason: 'in-progress', session: { sessionId: live.sessionId } }],
    });
  });

  it('compares whole seconds, as the seed did: within one second the first listed wins, and a session 60 s old by its second is not in progress', () => {
    const p = retroProject();
    const ids = ['0aaaaaaa-0000-4000-8000-000000000000', '0bbbbbbb-0000-4000-8000-000000000000'];
    const second0 = noonOf('2026-06-01');
    const [first, second] = ids.map((sessionId) =>
      p.addSession({ sessionId, rejections: 0, mtimeSecs: second0 }),
    );
    // The one listed second is 0.7 s newer, in the same second: not newer for the seed's rule.
    utimesSync(first!.path, second0 + 0.1, second0 + 0.1);
    utimesSync(second!.path, second0 + 0.8, second0 + 0.8);
    const query = { mainCheckout: p.root, env: p.env };
    // 59.95 s after the first by the millisecond, 60 by whole seconds: old enough.
    const picked = findCandidates({ ...query, nowMs: (second0 + 60) * 1000 + 50 });
    expect(picked.sessions.map((s) => s.sessionId)).toEqual([first!.sessionId]);
    expect(mtimeSecs(picked.sessions[0]!)).toBe(second0);
    const early = findCandidates({ ...query, nowMs: (second0 + 59) * 1000 + 999 });
    expect(early.skipped).toMatchObject([
      { reason: 'in-progress', session: { sessionId: first!.sessionId } },
    ]);
  });

  it('finds a session by id, in another project too, and says clearly when it is not there', () => {
    const p = retroProject();
    const mine = p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-01') });
    const elsewhere = retroProject();
    const theirs = elsewhere.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-01') });
    const projectsRoot = `${elsewhere.configDir}/projects`;
    expect(
      findCandidates({ mainCheckout: elsewhere.root, env: p.env, projectsRoot, sessionId: theirs.sessionId })
        .sessions,
    ).toHaveLength(1);
    expect(() => findCandidates({ mainCheckout: p.root, env: p.env, sessionId: theirs.sessionId })).toThrow(
      /no session id starts with/,
    );
    expect(
      findCandidates({ mainCheckout: p.root, env: p.env, sessionId: mine.sessionId }).sessions,
    ).toHaveLength(1);
    expect(() => findCandidates({ mainCheckout: p.root, env: p.env, sessionId: 'latest' })).toThrow(/UUID/);
    expect(() =>
      findCandidates({ mainCheckout: p.root, env: p.env, sessionId: mine.sessionId, all: true }),
    ).toThrow(expect.objectContaining({ code: 'E_SESSION_ALL_AND_ONE' }));
  });

  it('--all lists every project, setting aside sessions that ran a retro', () => {
    const p = retroProject();
    const ran = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-01') });
    appendFileSync(
      ran.path,
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: '<command-name>/dev-team:retro</command-name>\n<command-args>--all</command-args>' } })}\n`,
    );
    utimesSync(ran.path, noonOf('2026-06-01'), noonOf('2026-06-01'));
    const other = p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-02') });
    const found = findCandidates({ mainCheckout: p.root, env: p.env, all: true });
    expect(found.sessions.map((s) => s.sessionId)).toEqual([other.sessionId]);
    expect(found.skipped).toMatchObject([
      { reason: 'retro-invocation', session: { sessionId: ran.sessionId } },
    ]);
  });
});

describe("Retrospect's own runs", () => {
  it('are set aside with their reason, by --all, when newest, and when named by id', () => {
    const p = retroProject();
    const mine = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-01') });
    const own = p.addSession({
      rejections: 2,
      mtimeSecs: noonOf('2026-06-02'),
      firstPrompt: `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`,
      printMode: true,
    });
    const all = findCandidates({ mainCheckout: p.root, env: p.env, all: true });
    expect(all.sessions.map((s) => s.sessionId)).toEqual([mine.sessionId]);
    expect(all.skipped).toMatchObject([{ reason: 'own-run', session: { sessionId: own.sessionId } }]);
    // The newest session is the own run: it is passed over (and reported), the user's session is chosen.
    expect(findCandidates({ mainCheckout: p.root, env: p.env })).toMatchObject({
      sessions: [{ sessionId: mine.sessionId }],
      skipped: [{ reason: 'own-run', session: { sessionId: own.sessionId } }],
    });
    expect(
      findCandidates({ mainCheckout: p.root, env: p.env, sessionId: own.sessionId }).skipped,
    ).toMatchObject([{ reason: 'own-run' }]);
  });
});

describe('the newest session of the project', () => {
  it("is the user's, however many of Retrospect's own runs came after it", () => {
    const p = retroProject();
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-01') });
    const mine = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-02') });
    const ownRun = (day: string) =>
      p.addSession({
        rejections: 2,
        mtimeSecs: noonOf(day),
        firstPrompt: `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`,
        printMode: true,
      });
    const first = ownRun('2026-06-03');
    // Written seconds ago: a deep read still running is passed over as an own run, not as in progress.
    const running = p.addSession({
      rejections: 0,
      mtimeSecs: Math.floor(Date.now() / 1000) - 5,
      firstPrompt: `${ownRunMarker('walk-review')}\nReview this walk.`,
      printMode: true,
    });
    expect(findCandidates({ mainCheckout: p.root, env: p.env })).toEqual({
      sessions: [expect.objectContaining({ sessionId: mine.sessionId })],
      skipped: [
        { reason: 'own-run', session: expect.objectContaining({ sessionId: first.sessionId }) },
        { reason: 'own-run', session: expect.objectContaining({ sessionId: running.sessionId }) },
      ],
      lookedIn: [p.sessionsFolder],
    });
  });

  it('is skipped, not replaced by an older one, when it ran a retro or is still being written', () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-01') });
    const ran = p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-02') });
    appendFileSync(
      ran.path,
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: '<command-name>/retro</command-name>' } })}\n`,
    );
    utimesSync(ran.path, noonOf('2026-06-02'), noonOf('2026-06-02'));
    expect(findCandidates({ mainCheckout: p.root, env: p.env })).toMatchObject({
      sessions: [],
      skipped: [{ reason: 'retro-invocation', session: { sessionId: ran.sessionId } }],
    });
  });

  it('is none when every session is an own run', () => {
    const p = retroProject();
    const own = p.addSession({
      rejections: 0,
      mtimeSecs: noonOf('2026-06-02'),
      firstPrompt: `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`,
      printMode: true,
    });
    expect(findCandidates({ mainCheckout: p.root, env: p.env })).toMatchObject({
      sessions: [],
      skipped: [{ reason: 'own-run', session: { sessionId: own.sessionId } }],
    });
  });
});

describe('containsRetroInvocation', () => {
  it('matches /retro and namespaced retro commands only', () => {
    const p = retroProject();
    const line = (content: string) =>
      `${JSON.stringify({ type: 'user', message: { role: 'user', content } })}\n`;
    const file = (content: string) => {
      const s = p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-01') });
      appendFileSync(s.path, line(content));
      return s.path;
    };
    expect(containsRetroInvocation(file('<command-name>/retro</command-name>'))).toBe(true);
    expect(containsRetroInvocation(file('<command-name>/sprint-retro</command-name>'))).toBe(true);
    expect(containsRetroInvocation(file('<command-name>/init</command-name> and a retro later'))).toBe(false);
    expect(containsRetroInvocation(file('run `retrospect retro --all` tonight'))).toBe(false);
    expect(containsRetroInvocation('/nonexistent/file.jsonl')).toBe(false);
  });
});
