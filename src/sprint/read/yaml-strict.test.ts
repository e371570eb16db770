import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors/errors.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { SPRINT_STATUS_PATHS } from './paths.js';
import { loadSprintStatus } from './status.js';
import { parseYamlData, parseYamlStrict } from './yaml-strict.js';

/** A billion laughs: nine levels of nine aliases each, 9^9 strings once expanded, a few hundred bytes written. */
function aliasBomb(): string {
  const lines = ['a0: &a0 "lol"'];
  for (let level = 1; level <= 9; level++) {
    lines.push(
      `a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(', ')}]`,
    );
  }
  return `sprint_id: s1\nstories: []\n${lines.join('\n')}\n`;
}

describe('bounded YAML', () => {
  it('refuses an alias bomb with one line naming the file, in bounded time', () => {
    const started = Date.now();
    expect(() => parseYamlStrict(aliasBomb(), 'sprint-status.yaml')).toThrow(InputError);
    expect(() => parseYamlData(aliasBomb(), 'sprint-status.yaml')).toThrow(
      /^sprint-status\.yaml: its YAML aliases expand too far/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a sprint-status.yaml alias bomb as an InputError, not an unexpected error', () => {
    const root = tempDir('retrospect-yaml-bomb-');
    const rel = SPRINT_STATUS_PATHS[0] as string;
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), aliasBomb());
    expect(() => loadSprintStatus(root)).toThrow(InputError);
    expect(() => loadSprintStatus(root)).toThrow(/aliases expand too far/);
  });

  it('still reads a file with a few honest aliases', () => {
    expect(parseYamlData('base: &b {owner: ana}\nitem: *b\n', 'f.yaml')).toEqual({
      base: { owner: 'ana' },
      item: { owner: 'ana' },
    });
  });
});
