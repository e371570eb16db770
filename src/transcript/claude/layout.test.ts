import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClaudeLocation } from './layout.js';

const at = (...parts: string[]) => parts.join(sep);

describe('isClaudeLocation', () => {
  it('takes a .jsonl under a projects part anywhere in the path, or in a project folder named as Claude Code names it', () => {
    expect(isClaudeLocation(at('', 'data', 'projects', 'x', 'a.jsonl'))).toBe(true);
    expect(isClaudeLocation(at('projects', 'a.jsonl'))).toBe(true);
    expect(isClaudeLocation(at('', 'projects', 'a.jsonl'))).toBe(true);
    expect(isClaudeLocation(at('', 'tmp', '-home-ada-app', 'a.jsonl'))).toBe(true);
    expect(isClaudeLocation(at('', 'tmp', 'C--work', 'a.jsonl'))).toBe(true);
    expect(isClaudeLocation(at('', 'tmp', '-home-ada-app', 's1', 'subagents', 'agent-1.jsonl'))).toBe(true);
  });

  it('leaves other files alone: a projects part must be a whole folder name, and only .jsonl counts', () => {
    expect(isClaudeLocation(at('', 'data', 'my-projects', 'x', 'a.jsonl'))).toBe(false);
    expect(isClaudeLocation(at('', 'data', 'projectsx', 'a.jsonl'))).toBe(false);
    expect(isClaudeLocation(at('', 'data', 'projects', 'x', 'a.json'))).toBe(false);
    expect(isClaudeLocation(at('', 'tmp', 'logs', 'a.jsonl'))).toBe(false);
  });
});
