import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { LlmError } from './errors.js';
import { findOnPath } from './on-path.js';
import { selectProvider } from './select.js';

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

/** A folder holding executables named `names` (never run here: selection only looks). */
function binWith(...names: string[]): string {
  const dir = tempDir('retrospect-select-bin-');
  for (const name of names) writeFileSync(join(dir, name), '#!/bin/sh\nexit 97\n', { mode: 0o755 });
  return dir;
}

describe('selectProvider', () => {
  it('with none named: the recorded reader, else an API key, else an agent CLI on PATH, else the heuristic', () => {
    const bin = binWith('claude', 'codex', 'gemini');
    const keys = { ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k', PATH: bin };
    const recorded = selectProvider({
      detect: true,
      env: keys,
      heuristic,
      recorded: { provider: 'gemini-cli', model: 'g-1' },
    });
    expect(recorded.port).toMatchObject({ name: 'gemini-cli', model: 'g-1' });
    expect(recorded.notice).toContain("reader: gemini-cli (g-1), recorded in the project's settings");
    expect(selectProvider({ detect: true, env: keys, heuristic }).port.name).toBe('anthropic');
    expect(
      selectProvider({ detect: true, env: { OPENAI_API_KEY: 'k', PATH: bin }, heuristic }).port.name,
    ).toBe('openai');
    const claude = selectProvider({ detect: true, env: { PATH: bin }, heuristic });
    expect(claude.port.name).toBe('claude-cli');
    expect(claude.notice).toContain(`Claude Code is on PATH (${join(bin, 'claude')})`);
    expect(
      selectProvider({ detect: true, env: { PATH: binWith('codex', 'gemini') }, heuristic }).port.name,
    ).toBe('codex-cli');
    expect(selectProvider({ detect: true, env: { PATH: binWith('gemini') }, heuristic }).port.name).toBe(
      'gemini-cli',
    );
    const none = selectProvider({ detect: true, env: { PATH: binWith() }, heuristic });
    expect(none.port.name).toBe('heuristic');
    expect(none.notice).toBe(
      'reader: heuristic, offline; no provider configured, no API key, no agent CLI on PATH; choose another with --provider openai|anthropic|claude-cli|codex-cli|gemini-cli|heuristic, or record one for this project with --provider NAME --save-reader',
    );
  });

  it('an unattended run uses only a reader someone chose: named or recorded, never a detected one', () => {
    const env = { ANTHROPIC_API_KEY: 'k', PATH: binWith('claude') };
    const unattended = selectProvider({ detect: true, env, heuristic, unattended: true });
    expect(unattended.port.name).toBe('heuristic');
    expect(unattended.notice).toContain('an unattended run uses only a reader chosen for it');
    expect(
      selectProvider({ detect: true, env, heuristic, unattended: true, recorded: { provider: 'claude-cli' } })
        .port.name,
    ).toBe('claude-cli');
    expect(
      selectProvider({
        detect: true,
        env: { ...env, RETROSPECT_PROVIDER: 'anthropic' },
        heuristic,
        unattended: true,
      }).port.name,
    ).toBe('anthropic');
  });

  it('takes --provider over RETROSPECT_PROVIDER, and --model over RETROSPECT_MODEL, and says which', () => {
    const env = { RETROSPECT_PROVIDER: 'heuristic', RETROSPECT_MODEL: 'env-model', ANTHROPIC_API_KEY: 'k' };
    const selected = selectProvider({
      detect: true,
      provider: 'anthropic',
      model: 'flag-model',
      env,
      heuristic,
    });
    expect(selected.port).toMatchObject({ name: 'anthropic', model: 'flag-model' });
    expect(selected.notice).toMatch(
      /^reader: anthropic \(flag-model\), named with --provider; choose another/,
    );
    expect(selectProvider({ detect: true, env, heuristic }).port.name).toBe('heuristic');
    expect(selectProvider({ detect: true, env, heuristic }).notice).toContain('RETROSPECT_PROVIDER');
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
      "unknown provider 'gpt'; expected one of openai, anthropic, claude-cli, codex-cli, gemini-cli, heuristic",
    );
    expect(configError(() => selectProvider({ provider: 'anthropic', env: {}, heuristic })).code).toBe(
      'E_LLM_CONFIG',
    );
  });

  it('a caller that does not look (a walk, a sprint draft) stays offline and names the CLI it could use', () => {
    const bin = binWith('claude');
    const selected = selectProvider({ env: { ANTHROPIC_API_KEY: 'k', PATH: bin }, heuristic });
    expect(selected.port.name).toBe('heuristic');
    expect(selected.notice).toContain(
      `Claude Code is on PATH (${join(bin, 'claude')}): --provider claude-cli would use it`,
    );
  });

  it('an agent CLI that is not executable is not found', () => {
    const dir = tempDir('retrospect-plain-claude-');
    writeFileSync(join(dir, 'claude'), 'not a program', { mode: 0o644 });
    expect(selectProvider({ detect: true, env: { PATH: dir }, heuristic }).port.name).toBe('heuristic');
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
