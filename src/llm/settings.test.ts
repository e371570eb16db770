import { describe, expect, it } from 'vitest';
import { selectProvider } from './select.js';
import { resolveReaderSettings } from './settings.js';

const heuristic = () => ({});

describe('resolveReaderSettings', () => {
  it('reads the provider, the model and the timeout, trimmed, and leaves out what is blank or unusable', () => {
    expect(
      resolveReaderSettings({
        RETROSPECT_PROVIDER: ' openai ',
        RETROSPECT_MODEL: 'gpt-test',
        RETROSPECT_LLM_TIMEOUT_MS: '1500',
      }),
    ).toEqual({ provider: 'openai', model: 'gpt-test', timeoutMs: 1500 });
    expect(resolveReaderSettings({ RETROSPECT_PROVIDER: ' ', RETROSPECT_LLM_TIMEOUT_MS: '0' })).toEqual({});
    expect(resolveReaderSettings({ RETROSPECT_LLM_TIMEOUT_MS: '2s' })).toEqual({});
  });

  it('selectProvider takes the settings it is given over its env, and a flag over both', () => {
    const env = { RETROSPECT_PROVIDER: 'anthropic', PATH: '' };
    const given = selectProvider({ reader: { provider: 'heuristic' }, env, heuristic, detect: true });
    expect(given.port.name).toBe('heuristic');
    expect(given.notice).toContain('RETROSPECT_PROVIDER');
    const flagged = selectProvider({ provider: 'heuristic', reader: { provider: 'openai' }, env, heuristic });
    expect(flagged.port.name).toBe('heuristic');
    // No settings given: a library caller's env is resolved, as before.
    expect(() => selectProvider({ env, heuristic })).toThrow(/ANTHROPIC_API_KEY/);
  });
});
