import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { LlmError } from './errors.js';
import { findOnPath } from './on-path.js';
import { selectProvider } from './select.js';
import { installFakeClaude } from './test-support/fake-claude.js';

const heuristic = () => ({ proposals: [] });

function configError(run: () => unknown): LlmError {
  try {
    run();
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('selectProvider', () => {
  it('uses the offline heuristic, and says so, when no provider is configured (an API key alone is not consent)', () => {
    const selected = selectProvider({ env: { ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' }, heuristic });
    expect(selected.port.name).toBe('heuristic');
    expect(selected.notice).toContain('no LLM provider configured');
  });

  it('takes --provider over RETROSPECT_PROVIDER, and --model over RETROSPECT_MODEL', () => {
    const env = { RETROSPECT_PROVIDER: 'heuristic', RETROSPECT_MODEL: 'env-model', ANTHROPIC_API_KEY: 'k' };
    const selected = selectProvider({ provider: 'anthropic', model: 'flag-model', env, heuristic });
    expect(selected.port).toMatchObject({ name: 'anthropic', model: 'flag-model' });
    expect(selected.notice).toBeUndefined();
    expect(selectProvider({ env, heuristic }).port.name).toBe('heuristic');
  });

  it('lets a local OpenAI-compatible server run without a key, but not the default endpoint', () => {
    const local = selectProvider({
      provider: 'openai',
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' },
      heuristic,
    });
    expect(local.port.name).toBe('openai');
    expect(configError(() => selectProvider({ provider: 'openai', env: {}, heuristic })).message).toContain(
      'OPENAI_API_KEY is not set',
    );
  });

  it('names the expected providers for an unknown one, and the missing key for anthropic', () => {
    expect(configError(() => selectProvider({ provider: 'gpt', env: {}, heuristic })).message).toBe(
      "unknown provider 'gpt'; expected one of openai, anthropic, claude-cli, heuristic",
    );
    expect(configError(() => selectProvider({ provider: 'anthropic', env: {}, heuristic })).code).toBe(
      'E_LLM_CONFIG',
    );
  });
});

describe('the notice when no provider is configured', () => {
  it('says that --provider claude-cli would use Claude Code when it is on PATH, and uses nothing', () => {
    const { env, dir } = installFakeClaude({ PATH: '/nonexistent' });
    const selected = selectProvider({ env, heuristic });
    expect(selected.port.name).toBe('heuristic');
    expect(selected.notice).toBe(
      `no LLM provider configured (--provider or RETROSPECT_PROVIDER: openai, anthropic, claude-cli); using the offline heuristic provider; Claude Code is on PATH (${join(dir, 'claude')}): --provider claude-cli would use it, each read a request on your Claude account`,
    );
  });

  it('says nothing of it when claude is not on PATH, or is not executable', () => {
    const bare = selectProvider({
      env: { PATH: tempDir('retrospect-no-claude-') },
      heuristic,
    });
    expect(bare.notice).not.toContain('claude-cli would use it');
    const dir = tempDir('retrospect-plain-claude-');
    writeFileSync(join(dir, 'claude'), 'not a program', { mode: 0o644 });
    expect(selectProvider({ env: { PATH: dir }, heuristic }).notice).not.toContain('would use it');
  });
});

describe('findOnPath', () => {
  it('finds a command the way a shell does, with PATHEXT on Windows', () => {
    const dir = tempDir('retrospect-on-path-');
    writeFileSync(join(dir, 'claude.CMD'), '@echo off', { mode: 0o644 });
    expect(findOnPath('claude', { PATH: dir, PATHEXT: '.EXE;.CMD' }, 'win32')).toBe(join(dir, 'claude.CMD'));
    expect(findOnPath('claude', { PATH: dir }, 'linux')).toBeUndefined();
  });
});
