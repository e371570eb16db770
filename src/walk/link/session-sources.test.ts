import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors/errors.js';
import { projectFolderName } from '../../paths/data-dir.js';
import { HOSTS_HOME } from '../../test-support/hosts.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { resolveSessionSources } from './session-sources.js';

const LINE = '{"type":"user","sessionId":"s","message":{"role":"user","content":"hi"}}\n';

function session(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, LINE);
  return path;
}

describe('resolveSessionSources (--sessions)', () => {
  const repo = realpathSync(tempDir('retrospect-sources-repo-'));
  const roots = { worktree: repo, mainCheckout: repo, commonDir: join(repo, '.git') };

  it('takes a single transcript file, as repositories that commit their session do', () => {
    const file = session(tempDir('retrospect-one-'), 'claude-session.jsonl');
    expect(resolveSessionSources([file], repo, roots)).toEqual({ files: [file], notes: [], warnings: [] });
  });

  it("takes a folder of transcripts, with its subagents' files", () => {
    const dir = tempDir('retrospect-folder-');
    const main = session(dir, 'a.jsonl');
    const sub = session(join(dir, 'a', 'subagents'), 'agent-1.jsonl');
    expect(resolveSessionSources([dir], repo, roots).files.sort()).toEqual([main, sub].sort());
  });

  it("finds this repository's folders in a projects root (or the config folder above it)", () => {
    const config = tempDir('retrospect-config-');
    const projects = join(config, 'projects');
    const own = session(join(projects, projectFolderName(repo)), 'x.jsonl');
    const below = session(join(projects, `${projectFolderName(repo)}-web`), 'y.jsonl');
    session(join(projects, '-home-dev-other'), 'z.jsonl');
    expect(resolveSessionSources([projects], repo, roots).files).toEqual([own, below]);
    expect(resolveSessionSources([config], repo, roots).files).toEqual([own, below]);
  });

  it('falls back to folders named after the checkout folder when the sessions ran in a copy elsewhere', () => {
    const projects = tempDir('retrospect-projects-');
    const name = projectFolderName(repo.slice(repo.lastIndexOf('/') + 1));
    const elsewhere = session(join(projects, `-Users-ada-src-${name}`), 'x.jsonl');
    session(join(projects, '-Users-ada-src-unrelated'), 'y.jsonl');
    const sources = resolveSessionSources([projects], repo, roots);
    expect(sources.files).toEqual([elsewhere]);
    expect(sources.notes[0]).toContain(`named after its folder`);
  });

  it('reads every folder of a root none of whose folders is named after the checkout, and says so', () => {
    const projects = tempDir('retrospect-projects-');
    const other = session(join(projects, '-home-dev-other'), 'z.jsonl');
    const sources = resolveSessionSources([projects], repo, roots);
    expect(sources.files).toEqual([other]);
    expect(sources.notes).toEqual([
      `No project folder in ${projects} is named after this checkout (${projectFolderName(repo)}); read all 1 of them.`,
    ]);
  });

  it('says when a folder holds no sessions, and refuses a path that does not exist', () => {
    const empty = tempDir('retrospect-empty-');
    expect(resolveSessionSources([empty], repo, roots).warnings).toEqual([`no session files in ${empty}`]);
    expect(() => resolveSessionSources([join(empty, 'nope')], repo, roots)).toThrow(InputError);
  });

  it("takes another agent's sessions folder (a Codex home), found by that agent's layout", () => {
    const codex = join(HOSTS_HOME, '.codex');
    const files = resolveSessionSources([codex], repo, roots).files;
    expect(files.length).toBeGreaterThan(3);
    expect(files.every((file) => /\/rollout-[^/]+\.json(?:l(?:\.zst)?)?$/.test(file))).toBe(true);
  });
});
