import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { VERSION } from '../version.js';
import { existingPath, guarded, type ToolContext } from './tool-kit.js';

describe('tool kit', () => {
  let dir: string;
  const logged: string[] = [];
  let context: ToolContext;
  beforeAll(() => {
    dir = tempDir('retrospect-toolkit-');
    writeFileSync(join(dir, 'a.jsonl'), '');
    context = { env: {}, cwd: dir, log: (line) => logged.push(line) };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves tool paths against the server folder and requires the kind asked for', () => {
    expect(existingPath('a.jsonl', context, 'file', 'path')).toBe(join(dir, 'a.jsonl'));
    expect(existingPath('.', context, 'folder', 'dir')).toBe(dir);
    expect(() => existingPath('b.jsonl', context, 'file', 'path')).toThrow('path: no such file: b.jsonl');
    expect(() => existingPath('.', context, 'file', 'path')).toThrow(
      'path: expected a file, got the folder .',
    );
    expect(() => existingPath('a.jsonl', context, 'folder', 'repo')).toThrow(
      'repo: expected a folder, got the file a.jsonl',
    );
  });

  it('turns a known error into its message and an unknown one into a report request, logged to stderr', async () => {
    const known = await guarded('t', context, () => {
      throw new InputError('store: not a store');
    })({});
    expect(known).toEqual({ content: [{ type: 'text', text: 't: store: not a store' }], isError: true });
    expect(logged).toEqual([]);
    const unknown = await guarded('t', context, async () => {
      throw new TypeError('x is undefined');
    })({});
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]).toEqual({
      type: 'text',
      text: `t: unexpected error (please report it with retrospect ${VERSION}): x is undefined`,
    });
    expect(logged[0]).toContain('TypeError: x is undefined');
  });
});
