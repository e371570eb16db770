import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';

describe('docs/cli.md', () => {
  it("is every command's --help as the built CLI prints it (npm run docs:cli writes it)", () => {
    const check = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'cli-reference.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
