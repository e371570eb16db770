import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../errors/errors.js';
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
  return { CLAUDE_CONFIG_DIR: config };
}

describe('session id prefixes', () => {
  const env = configWith({
    '-home-ada-shop': ['c7d3d95c-1111-4aaa-8bbb-000000000001', 'c7d3aa00-2222-4aaa-8bbb-000000000002'],
    '-home-ada-notes': ['0b8e7a52-3333-4aaa-8bbb-000000000003'],
  });

  it('takes hex digits and dashes, at least four, like a git short hash', () => {
    expect(['c7d3', 'C7D3D95C', 'c7d3d95c-1111'].map(looksLikeSessionPrefix)).toEqual([true, true, true]);
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
      `no session id starts with 'ffff' (looked under ${env.CLAUDE_CONFIG_DIR}/projects)`,
    );
  });
});
