import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFolderName } from '../paths/data-dir.js';
import { hostsHomeFor } from '../test-support/hosts.js';
import { tempDir } from '../test-support/temp-dir.js';
import {
  otherAgentSessionsIn,
  otherAgentSources,
  quickProjectOf,
  readAgentSession,
} from './agent-sessions.js';

const project = realpathSync(tempDir('retrospect-agent-sessions-'));
const hosts = hostsHomeFor(project, Date.parse('2026-06-01T12:00:00Z') / 1000);

describe("other agents' sessions of a project", () => {
  it('finds every other agent’s main sessions in its own place, newest first, with no Claude Code one', () => {
    const sources = otherAgentSources(hosts.env);
    expect(new Set(sources.map((s) => s.host))).toEqual(new Set(['codex', 'gemini', 'opencode', 'copilot']));
    expect(sources.some((s) => s.isSubagent)).toBe(false);
    expect(sources.map((s) => s.path)).not.toContain(
      `${join(hosts.home, '.local/share/opencode/opencode.db')}/${hosts.opencode.child}`,
    );
    const mtimes = sources.map((s) => s.mtimeMs);
    expect(mtimes).toEqual([...mtimes].sort((a, b) => b - a));
    expect(otherAgentSources(hosts.env, ['copilot']).every((s) => s.host === 'copilot')).toBe(true);
  });

  it('reads a Codex rollout for its id and the folder it ran in', () => {
    const rollout = otherAgentSources(hosts.env, ['codex']).find((s) => s.path.includes('019fd608-aaaa'))!;
    expect(readAgentSession(rollout)).toMatchObject({
      sessionId: '019fd608-aaaa-7bbb-8ccc-123456789abc',
      cwd: project,
      project: projectFolderName(project),
      subagent: false,
    });
  });

  it("keeps the sessions that ran in the folders, leaving out another project's (Copilot CLI's in /home/ada/engine)", () => {
    const mine = otherAgentSessionsIn(hosts.env, [project]);
    expect(mine.some((path) => path.includes('/.codex/'))).toBe(true);
    expect(mine.some((path) => path.includes('/.gemini/'))).toBe(true);
    expect(mine.some((path) => path.includes('8baa78ec-b203'))).toBe(false);
    // OpenCode's sessions ran in /home/ada/site: not this project's.
    expect(mine.some((path) => path.includes('opencode.db'))).toBe(false);
    expect(otherAgentSessionsIn(hosts.env, ['/home/ada/engine'])).toEqual([
      join(hosts.home, '.copilot', 'session-state', '8baa78ec-b203-4c7f-b1d3-c1170ae84b7d', 'events.jsonl'),
    ]);
  });
});

describe('quickProjectOf', () => {
  it("tells a Codex rollout's project from its session_meta line, and leaves the early era to a whole read", () => {
    const codex = otherAgentSources(hosts.env, ['codex']);
    const modern = codex.find((s) => s.path.includes('019fd608-aaaa') && s.path.endsWith('.jsonl'))!;
    expect(quickProjectOf(modern)).toBe(projectFolderName(project));
    const zst = codex.find((s) => s.path.endsWith('.zst'));
    if (zst) expect(quickProjectOf(zst)).toBeUndefined();
    // A Gemini CLI chat's folder names its project (through projects.json).
    const gemini = otherAgentSources(hosts.env, ['gemini']).find((s) => s.path.includes('/tmp/shop/'))!;
    expect(quickProjectOf(gemini)).toBe(projectFolderName(project));
  });
});
