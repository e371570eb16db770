import { cpSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultScanRoots } from '../scan/options.js';
import { HOSTS_HOME, hostsHomeCopy, writeOpencodeDatabase } from '../test-support/hosts.js';
import { tempDir } from '../test-support/temp-dir.js';
import { discoverSessions } from './discover.js';
import { detectHost } from './host.js';

function found(roots: Parameters<typeof discoverSessions>[0], base: string) {
  const discovery = discoverSessions(roots);
  return {
    sessions: discovery.sources.map((s) => `${s.host} ${relative(base, s.path)}`).sort(),
    unknown: discovery.unknown.map((path) => relative(base, path)),
  };
}

const EXPECTED = [
  'codex .codex/archived_sessions/rollout-2026-04-28T12-00-00-019dd7f8-1111-7222-8333-944455556666.jsonl.zst',
  'codex .codex/sessions/2025/08/21/rollout-2025-08-21T10-00-00-c0ffee00-1111-4222-8333-444455556666.jsonl',
  'codex .codex/sessions/2025/09/24/rollout-2025-09-24T11-10-00-01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6.jsonl',
  'codex .codex/sessions/2025/12/20/rollout-2025-12-20T15-00-00-019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff.jsonl',
  'codex .codex/sessions/2025/12/21/rollout-2025-12-21T10-00-00-019b40aa-0000-7111-8222-333344445555.jsonl',
  'codex .codex/sessions/2026/08/06/rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
  'codex .codex/sessions/2026/08/06/rollout-2026-08-06T09-40-30-019fd609-bbbb-7ccc-8ddd-eeeeffff0001.jsonl',
  'codex .codex/sessions/rollout-2025-04-20-1e2d3c4b-5a69-4788-9766-554433221100.json',
  'copilot .copilot/history-session-state/session_683e6d77-d4bd-4078-a6f0-3a002e91164a_1761320925951.json',
  'copilot .copilot/session-state/27d7ef99-f7c7-43eb-8599-cb469623c8f7.jsonl',
  'copilot .copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl',
  'gemini .gemini/tmp/5e8c1d2b9f0a7e6d5c4b3a291807f6e5d4c3b2a1908f7e6d5c4b3a2918070605/chats/session-2025-11-03T10-00-7b1f4f6b.json',
  'gemini .gemini/tmp/shop/chats/2cbc6e5f-eb6a-4869-9d0f-a07806539ff7/k3x9q2.jsonl',
  'gemini .gemini/tmp/shop/chats/session-2026-04-02T03-34-9ed495f4.jsonl',
  'gemini .gemini/tmp/shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl',
  'opencode .local/share/opencode/opencode.db/ses_12be90000ffeChildSession01',
  'opencode .local/share/opencode/opencode.db/ses_12be9f828ffeaiYkWjPssYhKmB',
  'opencode .local/share/opencode/storage/session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750/ses_5f1a2b3c4ffeLegacyA1b2c3.json',
];

describe('finding sessions', () => {
  it("finds every agent's sessions in a home laid out as each agent lays it out: one per session", () => {
    const { home, env } = hostsHomeCopy();
    // A compressed copy beside its plain rollout, a legacy chat beside its migrated .jsonl: read once.
    expect(found(defaultScanRoots(env), home)).toEqual({ sessions: EXPECTED, unknown: [] });
  });

  it('follows the variables that move each home', () => {
    const { home } = hostsHomeCopy();
    const moved = tempDir('retrospect-moved-');
    renameSync(join(home, '.codex'), join(moved, 'codex-home'));
    mkdirSync(join(moved, 'gemini-user'));
    renameSync(join(home, '.gemini'), join(moved, 'gemini-user', '.gemini'));
    renameSync(join(home, '.local', 'share'), join(moved, 'data'));
    renameSync(join(home, '.copilot'), join(moved, 'copilot-home'));
    writeOpencodeDatabase(join(moved, 'elsewhere', 'beta.db'));
    const env = {
      HOME: home,
      CODEX_HOME: join(moved, 'codex-home'),
      GEMINI_CLI_HOME: join(moved, 'gemini-user'),
      XDG_DATA_HOME: join(moved, 'data'),
      OPENCODE_DB: join(moved, 'elsewhere', 'beta.db'),
      COPILOT_HOME: join(moved, 'copilot-home'),
    };
    const { sessions } = found(defaultScanRoots(env), moved);
    expect(sessions.filter((s) => s.startsWith('codex')).length).toBe(8);
    expect(sessions.filter((s) => s.startsWith('gemini')).length).toBe(4);
    expect(sessions.filter((s) => s.startsWith('copilot')).length).toBe(3);
    expect(sessions.filter((s) => s.startsWith('opencode')).sort()).toEqual([
      'opencode data/opencode/opencode.db/ses_12be90000ffeChildSession01',
      'opencode data/opencode/opencode.db/ses_12be9f828ffeaiYkWjPssYhKmB',
      'opencode data/opencode/storage/session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750/ses_5f1a2b3c4ffeLegacyA1b2c3.json',
      'opencode elsewhere/beta.db/ses_12be90000ffeChildSession01',
      'opencode elsewhere/beta.db/ses_12be9f828ffeaiYkWjPssYhKmB',
    ]);
  });

  it('tells the host of each file of a folder a person gives, and reports the files nobody reads', () => {
    const { home } = hostsHomeCopy();
    expect(found([{ path: home }], home)).toEqual({
      sessions: EXPECTED,
      unknown: ['.codex/sessions/notes.jsonl'],
    });
  });

  it("passes over each agent's folders that hold no session, and searches as deep as the deepest agent's home", () => {
    const { home } = hostsHomeCopy();
    const rollout = join(
      HOSTS_HOME,
      '.codex/sessions/2026/08/06/rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
    );
    // A session-looking file in each folder an agent says holds none (skipsFolder): none of them is found.
    for (const folder of [
      '.local/share/opencode/snapshot/ab',
      '.local/share/opencode/tool-output',
      '.gemini/tmp/shop/checkpoints',
      '.gemini/tmp/shop/tool-outputs',
      '.copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/rewind-snapshots',
      '.copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/checkpoints',
      '.local/share/opencode/storage/message/ses_x',
      'work/node_modules/pkg',
    ]) {
      mkdirSync(join(home, folder), { recursive: true });
      cpSync(rollout, join(home, folder, 'copy-rollout.jsonl'));
    }
    // A home given from one level above it: every session, OpenCode's legacy one six folders down included.
    const above = tempDir('retrospect-above-home-');
    renameSync(home, join(above, 'ada'));
    expect(found([{ path: above }], join(above, 'ada'))).toEqual({
      sessions: EXPECTED,
      unknown: ['.codex/sessions/notes.jsonl'],
    });
    // One level more and the deepest folder is past the search, said as such.
    const further = tempDir('retrospect-further-');
    mkdirSync(join(further, 'backups'));
    renameSync(above, join(further, 'backups', 'homes'));
    const discovery = discoverSessions([{ path: further }]);
    expect(discovery.sources.some((s) => s.path.includes('storage/session'))).toBe(false);
    const tooDeep = discovery.skipped
      .filter((s) => s.kind === 'too-deep')
      .map((s) => relative(further, s.path));
    expect(tooDeep).toContain('backups/homes/ada/.local/share/opencode/storage/session');
    expect(tooDeep).toContain('backups/homes/ada/.codex/sessions/2026/08/06');
  });

  it('recognises a session file out of its place by its head', () => {
    const dir = tempDir('retrospect-loose-');
    const files = {
      codex:
        '.codex/sessions/2026/08/06/rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
      gemini: '.gemini/tmp/shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl',
      copilot: '.copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl',
    };
    for (const [host, path] of Object.entries(files)) {
      cpSync(join(HOSTS_HOME, path), join(dir, `${host}-sample.jsonl`));
      expect(detectHost(join(dir, `${host}-sample.jsonl`))).toMatchObject({
        adapter: { name: host },
        by: 'content',
      });
    }
    writeFileSync(
      join(dir, 'claude.jsonl'),
      `${JSON.stringify({ type: 'user', uuid: 'u1', sessionId: 's', message: { content: 'hi' } })}\n`,
    );
    expect(detectHost(join(dir, 'claude.jsonl'))).toMatchObject({
      adapter: { name: 'claude-code' },
      by: 'content',
    });
    writeFileSync(join(dir, 'other.jsonl'), '{"level":"info","msg":"server started"}\n');
    expect(found([{ path: dir }], dir).unknown).toEqual(['other.jsonl']);
  });
});
