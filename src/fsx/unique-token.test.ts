import { describe, expect, it } from 'vitest';
import { uniqueToken } from './unique-token.js';

describe('uniqueToken', () => {
  it('starts with the process id, holds only name-safe characters and repeats within no run', () => {
    const tokens = Array.from({ length: 10_000 }, () => uniqueToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens.slice(0, 100)) {
      expect(token.startsWith(`${process.pid}.`)).toBe(true);
      expect(token).toMatch(/^\d+\.[0-9a-z]+$/);
    }
  });
});
