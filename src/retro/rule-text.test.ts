import { describe, expect, it } from 'vitest';
import { checkRuleText } from './rule-text.js';

describe('checkRuleText (rules typed at the [e]dit prompt)', () => {
  it('accepts a short imperative rule, trimmed', () => {
    expect(checkRuleText('  Read a file before editing it.  ')).toEqual({
      ok: true,
      text: 'Read a file before editing it.',
    });
  });

  it('refuses what a model proposal could not contain either', () => {
    for (const text of [
      '',
      'x'.repeat(201),
      'Run `rm -rf`',
      'See https://example.com',
      'sudo make it',
      'a\u0007b',
    ]) {
      expect(checkRuleText(text).ok).toBe(false);
    }
    expect(checkRuleText('Always curl the endpoint')).toEqual({
      ok: false,
      reason: 'the text names a network command (curl, wget, nc…)',
    });
  });
});
