import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { GitRunner } from '../walk/collect/git-run.js';
import { withDisposableWorktree } from '../walk/comments/isolation.js';
import { createTestRepo, type TestRepo } from '../walk/test-support/repo.js';
import { walkChangeSet } from '../walk/walk.js';
import { filterOverrides, gitArguments, gitOutput } from './safe-git.js';

let repo: TestRepo;
let marker: string;
let env: NodeJS.ProcessEnv;

/** What ran, one word a line (empty when nothing did). */
function ran(): string {
  return existsSync(marker) ? readFileSync(marker, 'utf8') : '';
}

/**
 * A checkout whose own configuration names programs at every place git runs one: a textconv and a diff
 * command picked by a committed `.gitattributes`, a required clean/smudge/process filter, an fsmonitor
 * hook, `diff.external`, a post-checkout hook, an ssh command.
 */
beforeAll(() => {
  const tools = tempDir('retrospect-evil-tools-');
  marker = join(tools, 'ran.txt');
  const script = (name: string, body: string) => {
    const path = join(tools, name);
    writeFileSync(path, `#!/bin/sh\necho ${name} >> '${marker}'\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  repo = createTestRepo('retrospect-evil-config-');
  repo.commit('one', { '.gitattributes': '*.txt diff=evil filter=evil\n', 'notes.txt': 'alpha\n' });
  repo.commit('two', { 'notes.txt': 'alpha\nbeta\n' });
  repo.write('notes.txt', 'alpha\nbeta\ngamma\n');
  const set = (key: string, value: string) => repo.git('config', key, value);
  set('diff.evil.textconv', script('textconv', 'cat "$1"'));
  set('diff.evil.command', script('diffcommand', 'true'));
  set('diff.external', script('external', 'true'));
  set('filter.evil.clean', script('clean', 'cat'));
  set('filter.evil.smudge', script('smudge', 'cat'));
  set('filter.evil.required', 'true');
  set('core.fsmonitor', script('fsmonitor', 'true'));
  set('core.sshCommand', script('ssh', 'true'));
  mkdirSync(join(repo.dir, '.git', 'hooks'), { recursive: true });
  script('post-checkout', 'true');
  writeFileSync(join(repo.dir, '.git', 'hooks', 'post-checkout'), readFileSync(join(tools, 'post-checkout')));
  chmodSync(join(repo.dir, '.git', 'hooks', 'post-checkout'), 0o755);
  env = {
    ...process.env,
    HOME: tempDir('retrospect-home-'),
    RETROSPECT_DATA_DIR: tempDir('retrospect-data-'),
  };
  // The trap is real: plain git runs these programs.
  repo.git('diff', 'HEAD');
  expect(ran()).toMatch(/textconv|fsmonitor|clean/);
  writeFileSync(marker, '');
});

describe('git runs with configuration that cannot execute', () => {
  it('a walk of a commit range and of the working tree runs none of the repository’s programs', async () => {
    const sessions = tempDir('retrospect-no-sessions-');
    const range = await walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [sessions],
      target: 'HEAD~1..HEAD',
    });
    const worktree = await walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [sessions],
    });
    expect(ran()).toBe('');
    // The walks still read the changes (git's own diff of the stored text).
    expect(
      range.document.change_units.flatMap((u) => (u.hunks ?? []).map((h) => [h.path, h.added_lines])),
    ).toEqual([['notes.txt', 1]]);
    expect(worktree.document.change_units.flatMap((u) => u.files)).toContain('notes.txt');
  });

  it('a disposable worktree for a reviewer checks out without a smudge filter or a post-checkout hook', async () => {
    const git = new GitRunner(repo.dir, env);
    const text = await withDisposableWorktree(git, 'HEAD', [], async (dir) =>
      readFileSync(join(dir, 'notes.txt'), 'utf8'),
    );
    expect(text).toBe('alpha\nbeta\n');
    expect(ran()).toBe('');
  });

  it('short questions (check-ignore, config) read the index without the fsmonitor hook', () => {
    expect(gitOutput(['check-ignore', '-q', 'notes.txt'], repo.dir, env)).toBeUndefined();
    expect(gitOutput(['status', '--porcelain'], repo.dir, env)).toContain('notes.txt');
    expect(ran()).toBe('');
  });

  it('adds --no-ext-diff --no-textconv to the diff family only (before its first revision), and appends to a caller’s GIT_CONFIG_COUNT', () => {
    expect(gitArguments(['log', '-p'])).toEqual(['log', '-p', '--no-ext-diff', '--no-textconv']);
    expect(gitArguments(['diff', '--stat', 'A..B', '--', 'x'])).toEqual([
      'diff',
      '--stat',
      '--no-ext-diff',
      '--no-textconv',
      'A..B',
      '--',
      'x',
    ]);
    expect(gitArguments(['rev-list', 'HEAD'])).toEqual(['rev-list', 'HEAD']);
    expect(filterOverrides(['a.b'], { GIT_CONFIG_COUNT: '1' })).toMatchObject({
      GIT_CONFIG_COUNT: '5',
      GIT_CONFIG_KEY_1: 'filter.a.b.clean',
      GIT_CONFIG_VALUE_1: '',
      GIT_CONFIG_KEY_4: 'filter.a.b.required',
      GIT_CONFIG_VALUE_4: 'false',
    });
  });
});
