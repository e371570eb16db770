import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../../test-support/temp-dir.js';

/** A real git repository in a temp folder, with fixed identities and dates so that runs are repeatable. */
export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  /** Writes (string/Buffer) or deletes (null) files, stages everything and commits; returns the sha. */
  commit(message: string, files: Record<string, string | Buffer | null>, date?: string): string;
  write(path: string, content: string | Buffer): void;
}

const BASE_DATE = Date.parse('2026-11-02T09:00:00Z');

export function createTestRepo(prefix = 'retrospect-walk-'): TestRepo {
  const dir = tempDir(prefix);
  let tick = 0;
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Ada Lovelace',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada Lovelace',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  git('init', '-q', '-b', 'main');
  git('config', 'commit.gpgsign', 'false');
  return {
    dir,
    git,
    write,
    commit(message, files, date) {
      for (const [path, content] of Object.entries(files)) {
        if (content === null) rmSync(join(dir, path));
        else write(path, content);
      }
      git('add', '-A');
      const when = date ?? new Date(BASE_DATE + tick++ * 60_000).toISOString();
      execFileSync('git', ['commit', '-q', '--allow-empty', '-m', message], {
        cwd: dir,
        env: { ...env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
      });
      return git('rev-parse', 'HEAD').trim();
    },
  };
}
