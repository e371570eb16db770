import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from './test-support/cli.js';
import { VERSION } from './version.js';

describe('package', () => {
  it('VERSION matches package.json', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it('the built CLI answers --version and --help, and rejects an unknown command', async () => {
    expect((await runCli(['--version'])).stdout.trim()).toBe(VERSION);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: retrospect <command>');
    const unknown = await runCli(['no-such-command']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'no-such-command'");
  });
});
