import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { hookSettingsTarget } from './settings-target.js';

const scratch = () => realpathSync(tempDir('retrospect-target-'));

describe('hookSettingsTarget', () => {
  it('defaults to the git worktree around the current directory', () => {
    const repo = scratch();
    execFileSync('git', ['init', '-q', repo]);
    const cwd = join(repo, 'src', 'deep');
    mkdirSync(cwd, { recursive: true });
    expect(hookSettingsTarget({ cwd, env: {} })).toEqual({
      projectRoot: repo,
      settingsPath: join(repo, '.claude', 'settings.json'),
    });
  });

  it('uses the current directory outside a repository, and a named project relative to it', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'app'));
    expect(hookSettingsTarget({ cwd: dir, env: {} }).settingsPath).toBe(
      join(dir, '.claude', 'settings.json'),
    );
    expect(hookSettingsTarget({ cwd: dir, env: {}, project: 'app' })).toEqual({
      projectRoot: join(dir, 'app'),
      settingsPath: join(dir, 'app', '.claude', 'settings.json'),
    });
  });

  it('refuses a project that is not a folder', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file.txt'), '');
    for (const project of ['missing', 'file.txt']) {
      expect(() => hookSettingsTarget({ cwd: dir, env: {}, project })).toThrow(InputError);
    }
    expect(() => hookSettingsTarget({ cwd: dir, env: {}, project: 'missing' })).toThrow(
      expect.objectContaining({ code: 'E_PROJECT_NOT_A_FOLDER', fields: { project: 'missing' } }),
    );
  });

  it("puts the user's hooks in the first Claude Code config folder", () => {
    const env = { CLAUDE_CONFIG_DIR: '/srv/claude-a, /srv/claude-b', HOME: '/home/dev' };
    expect(hookSettingsTarget({ cwd: scratch(), env, user: true })).toEqual({
      projectRoot: undefined,
      settingsPath: join('/srv/claude-a', 'settings.json'),
    });
    expect(hookSettingsTarget({ cwd: scratch(), env: { HOME: '/home/dev' }, user: true }).settingsPath).toBe(
      join('/home/dev', '.claude', 'settings.json'),
    );
  });
});
