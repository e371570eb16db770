import { describe, expect, it } from 'vitest';
import { codedFields, InputError, RetrospectError, UsageError } from '../errors/errors.js';
import { hookSettingsTarget } from '../hooks/settings-target.js';
import { mcpMessage } from '../mcp/error-words.js';
import { findCandidates } from '../retro/candidates.js';
import { resolveSprint } from '../sprint/read/status.js';
import { tempDir } from '../test-support/temp-dir.js';
import { resolveScope } from '../walk/collect/scope.js';
import { cliMessage } from './error-words.js';

function thrown(action: () => unknown): RetrospectError {
  try {
    action();
  } catch (error) {
    if (error instanceof RetrospectError) return error;
    throw error;
  }
  throw new Error('expected a RetrospectError');
}

describe('coded errors: the core names no flag, each adapter words its own', () => {
  const empty = tempDir('retrospect-words-');

  it('a session query: the core says what is wrong, the CLI in its flags', () => {
    const both = thrown(() => findCandidates({ all: true, sessionId: 'abcd', mainCheckout: empty, env: {} }));
    expect(both).toBeInstanceOf(UsageError);
    expect(both.code).toBe('E_SESSION_ALL_AND_ONE');
    expect(both.exitCode).toBe(2);
    expect(both.message).not.toMatch(/--/);
    expect(cliMessage(both)).toBe('--all and a session id exclude each other: give one or the other');

    const bad = thrown(() => findCandidates({ sessionId: 'not-a-uuid', mainCheckout: empty, env: {} }));
    expect(codedFields(bad, 'E_SESSION_ID_INVALID')).toEqual({ query: 'not-a-uuid' });
    expect(cliMessage(bad)).toContain("as 'retrospect scan' prints 8) or its file, got 'not-a-uuid'");
  });

  it('a walk scope without a target: the CLI says --scope and TARGET, the MCP server target', () => {
    const error = thrown(() => resolveScope(undefined, 'commit-range', empty));
    expect(codedFields(error, 'E_WALK_SCOPE_NEEDS_TARGET')).toEqual({ scope: 'commit-range' });
    expect(error.message).not.toMatch(/--|TARGET/);
    expect(cliMessage(error)).toBe('--scope commit-range needs a TARGET range such as HEAD~5..HEAD');
    expect(mcpMessage(error)).toBe('target: scope commit-range needs a range such as HEAD~5..HEAD');
  });

  it('a hook project that is not a folder, a sprint root without a status file', () => {
    const project = thrown(() => hookSettingsTarget({ cwd: empty, env: {}, project: 'missing' }));
    expect(project).toBeInstanceOf(InputError);
    expect(cliMessage(project)).toBe('--project missing: not a directory');

    const sprint = thrown(() => resolveSprint(empty, undefined));
    expect(codedFields(sprint, 'E_SPRINT_ID_MISSING')?.looked.length).toBeGreaterThan(0);
    expect(sprint.message).not.toMatch(/--root/);
    expect(cliMessage(sprint)).toMatch(
      /^the sprint id is needed: .*pass the sprint id as an argument .*or use --root$/,
    );
    expect(mcpMessage(sprint)).toMatch(/give sprintId or root$/);
  });

  it('an uncoded error keeps its own message in both adapters', () => {
    const plain = new InputError('the file is not JSON');
    expect(plain.code).toBe('E_INPUT');
    expect(cliMessage(plain)).toBe('the file is not JSON');
    expect(mcpMessage(plain)).toBe('the file is not JSON');
    expect(cliMessage('a string')).toBe('a string');
  });
});
