import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { hostsHomeFor } from '../../test-support/hosts.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';

/** The fixture home's Codex 0.146 rollout: it ran in the project, and failed the integration tests. */
const CODEX_ID = '019fd608-aaaa-7bbb-8ccc-123456789abc';
const CODEX_ROLLOUT = join(
  '.codex',
  'sessions',
  '2026',
  '08',
  '06',
  `rollout-2026-08-06T09-40-00-${CODEX_ID}.jsonl`,
);

/** The project, one Claude Code session of it, and every other agent's fixture sessions run in it. */
function setUp() {
  const p = retroProject();
  const claude = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
  const hosts = hostsHomeFor(p.root, noonOf('2026-06-01'));
  const env = { ...p.env, ...hosts.env };
  const retro = (...args: string[]) =>
    runCli(['retro', ...args, '--auto', '--dry-run', '--json', '--provider', 'heuristic'], {
      cwd: p.root,
      env,
    });
  return { p, claude, hosts, retro };
}

const gatedIds = (stdout: string): string[] =>
  (JSON.parse(stdout) as { gated: { session: { sessionId: string } }[] }).gated.map(
    (g) => g.session.sessionId,
  );

describe('retrospect retro across agents', () => {
  it("picks the project's newest session of any agent: a Codex rollout newer than Claude Code's session", async () => {
    const { claude, hosts, retro } = setUp();
    const older = await retro();
    expect(older.code).toBe(0);
    expect(gatedIds(older.stdout)).toEqual([claude.sessionId]);

    const rollout = join(hosts.home, CODEX_ROLLOUT);
    utimesSync(rollout, noonOf('2026-06-29'), noonOf('2026-06-29'));
    const newer = await retro();
    expect(newer.code).toBe(0);
    expect(gatedIds(newer.stdout)).toEqual([CODEX_ID]);
    const out = JSON.parse(newer.stdout);
    expect(out.gated[0].session.path).toBe(rollout);
    // Where it looked names the other agents' places too.
    expect(out.lookedIn).toContain(join(hosts.home, '.codex'));

    // --host keeps Claude Code's session when only Claude Code is asked for.
    expect(gatedIds((await retro('--host', 'claude-code')).stdout)).toEqual([claude.sessionId]);
  });

  it('--all gates every agent’s sessions, as scan finds them, and --host keeps the chosen agents', async () => {
    const { claude, hosts, retro } = setUp();
    const all = await retro('--all');
    expect(all.code).toBe(0);
    const ids = gatedIds(all.stdout);
    expect(ids).toContain(claude.sessionId);
    expect(ids).toContain(CODEX_ID);
    expect(ids).toContain(hosts.opencode.main);
    // Sub-agent sessions are part of their parent's, not sessions of their own.
    expect(ids).not.toContain(hosts.opencode.child);
    const hostsSeen = new Set(
      (JSON.parse(all.stdout) as { gated: { session: { path: string } }[] }).gated.map((g) =>
        g.session.path.includes('/.codex/')
          ? 'codex'
          : g.session.path.includes('/.gemini/')
            ? 'gemini'
            : g.session.path.includes('/.copilot/')
              ? 'copilot'
              : g.session.path.includes('opencode')
                ? 'opencode'
                : 'claude-code',
      ),
    );
    expect([...hostsSeen].sort()).toEqual(['claude-code', 'codex', 'copilot', 'gemini', 'opencode']);

    const codexOnly = await retro('--all', '--host', 'codex');
    expect(codexOnly.code).toBe(0);
    const codexIds = gatedIds(codexOnly.stdout);
    expect(codexIds).toContain(CODEX_ID);
    expect(codexIds).not.toContain(claude.sessionId);
    expect(codexIds).not.toContain(hosts.opencode.main);
  });
});
