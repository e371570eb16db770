import { describe, expect, it } from 'vitest';
import { redactText } from './redact.js';

describe('redactText', () => {
  const env = { HOME: '/home/ada' };

  it('replaces token shapes and assigned secrets', () => {
    const text =
      'use sk-ant-api03-abcdefghijklmnopqrstuv and ghp_0123456789abcdefghij0123 with Authorization: Bearer abcdef123456789xyz; password=hunter22!';
    const out = redactText(text, env);
    expect(out).not.toMatch(/sk-ant|ghp_|abcdef123456789xyz|hunter22/);
    expect(out).toContain('Bearer [redacted]');
    expect(out).toContain('password=[redacted]');
  });

  it('replaces the home directory and other home paths with ~', () => {
    expect(redactText('see /home/ada/proj/src/a.ts and /Users/bob/x', env)).toBe(
      'see ~/proj/src/a.ts and ~/x',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(redactText('Add a greeting for new users (#12)', env)).toBe('Add a greeting for new users (#12)');
  });
});
