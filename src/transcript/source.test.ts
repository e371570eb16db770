import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryPath } from './source.js';

describe('entryPath', () => {
  it('gives what join gives for an entry of a normalised folder, the root included', () => {
    for (const dir of [sep, `${sep}home`, `${sep}home${sep}ada${sep}.claude${sep}projects`])
      for (const name of ['a.jsonl', '..hidden', '.claude', 'agent-1.jsonl', 'é ü.jsonl'])
        expect(entryPath(dir, name)).toBe(join(dir, name));
  });
});
