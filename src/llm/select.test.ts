import { describe, expect, it } from 'vitest';
import { LlmError } from './errors.js';
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
