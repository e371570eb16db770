import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../errors/errors.js';
import { hostsHomeCopy } from '../test-support/hosts.js';
import { writeSessionFile } from '../test-support/session-files.js';
import { tempDir } from '../test-support/temp-dir.js';
import { looksLikeSessionPrefix, resolveSessionPrefix, sessionsWithPrefix } from './prefix.js';

function configWith(sessions: Record<string, string[]>): NodeJS.ProcessEnv {
  const config = tempDir('retrospect-prefix-');
  for (const [project, ids] of Object.entries(sessions)) {
    const folder = join(config, 'projects', project);
    mkdirSync(folder, { recursive: true });
    for (const sessionId of ids) writeSessionFile(folder, { sessionId, mtimeSecs: 1_780_000_000 });
  }
  // HOME is a fresh folder: no other agent's sessions unless a test puts them there.
  return { CLAUDE_CONFIG_DIR: config, HOME: tempDir('retrospect-prefix-home-') };
}

describe('session id prefixes', () => {
  const env = configWith({
    '-home-ada-shop': ['c7d3d95c-1111-4aaa-8bbb-000000000001', 'c7d3aa00-2222-4aaa-8bbb-000000000002'],
    '-home-ada-notes': ['0b8e7a52-3333-4aaa-8bbb-000000000003'],
  });

  it('takes hex digits and dashes, at least four, like a git short hash', () => {
    expect(['c7d3', 'C7D3D95C', 'c7d3d95c-1111'].map(looksLikeSessionPrefix)).toEqual([true, true, true]);
    expect(['ses_12be', 'ses_12be9f828ffeaiYkWjPssYhKmB'].map(looksLikeSessionPrefix)).toEqual([true, true]);
    expect(['c7d', 'latest', '-home-ada', 'a/b', ''].map(looksLikeSessionPrefix)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('resolves a unique prefix in any project, case-insensitively', () => {
    expect(resolveSessionPrefix('c7d3d95c', { env }).path).toMatch(
      /-home-ada-shop\/c7d3d95c-1111-4aaa-8bbb-000000000001\.jsonl$/,
    );
    expect(resolveSessionPrefix('0B8E', { env }).sessionId).toBe('0b8e7a52-3333-4aaa-8bbb-000000000003');
  });

  it('lists the candidates of an ambiguous prefix, and says where it looked for an unknown one', () => {
    expect(sessionsWithPrefix('c7d3', { env })).toHaveLength(2);
    expect(() => resolveSessionPrefix('c7d3', { env })).toThrow(UsageError);
    expect(() => resolveSessionPrefix('c7d3', { env })).toThrow(
      /session prefix 'c7d3' is ambiguous: 2 sessions match \(c7d3aa00-2222-4aaa-8bbb-000000000002 \(-home-ada-shop\), c7d3d95c-1111-4aaa-8bbb-000000000001 \(-home-ada-shop\)\); give more characters/,
    );
    expect(() => resolveSessionPrefix('ffff', { env })).toThrow(InputError);
    expect(() => resolveSessionPrefix('ffff', { env })).toThrow(
      `no session id starts with 'ffff' (looked under ${env.CLAUDE_CONFIG_DIR}/projects, ${env.HOME}/.codex, `,
    );
  });
});

describe('session id prefixes of every agent', () => {
  // Each agent's sessions where the agent keeps them, in its own format, beside one Claude Code transcript.
  const { home, opencode } = hostsHomeCopy();
  const claude = configWith({ '-home-ada-shop': ['019b3c2a-0000-4aaa-8bbb-000000000009'] });
  const env = { ...claude, HOME: home };
  const resolved = (prefix: string) => {
    const session = resolveSessionPrefix(prefix, { env });
    return [session.host, session.sessionId, relative(home, session.path)];
  };

  it('resolves the eight characters scan prints for Codex, Gemini CLI, Copilot CLI and OpenCode sessions', () => {
    expect(resolved('019fd608')).toEqual([
      'codex',
      '019fd608-aaaa-7bbb-8ccc-123456789abc',
      '.codex/sessions/2026/08/06/rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
    ]);
    expect(resolved('2cbc6e5f')).toEqual([
      'gemini',
      '2cbc6e5f-eb6a-4869-9d0f-a07806539ff7',
      '.gemini/tmp/shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl',
    ]);
    expect(resolved('9ed495f4')[1]).toBe('9ed495f4-2222-4000-8000-000000000002');
    expect(resolved('8baa78ec')).toEqual([
      'copilot',
      '8baa78ec-b203-4c7f-b1d3-c1170ae84b7d',
      '.copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl',
    ]);
    expect(resolved('683e6d77')[0]).toBe('copilot');
    expect(resolved('ses_12be9f')).toEqual([
      'opencode',
      opencode.main,
      `.local/share/opencode/opencode.db/${opencode.main}`,
    ]);
    expect(resolved('ses_5f1a')[0]).toBe('opencode');
  });

  it('resolves a whole id, and a prefix that only a Claude Code transcript has', () => {
    expect(resolved('01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6')[0]).toBe('codex');
    expect(resolved('019b3c2a-0000')[0]).toBe('claude-code');
  });

  it('lists the candidates of every agent when a prefix is ambiguous', () => {
    expect(() => resolveSessionPrefix('019b3c2a', { env })).toThrow(
      "session prefix '019b3c2a' is ambiguous: 2 sessions match (019b3c2a-0000-4aaa-8bbb-000000000009 (-home-ada-shop), 019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff (codex, -home-ada-shop)); give more characters",
    );
    // OpenCode's sub-agent shares its parent's first eight characters: both are offered.
    expect(() => resolveSessionPrefix('ses_12be', { env })).toThrow(
      `(${opencode.main} (opencode, -home-ada-site), ${opencode.child} (opencode, -home-ada-site))`,
    );
  });
});
