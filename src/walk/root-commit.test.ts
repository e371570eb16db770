import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { TranscriptBuilder } from '../test-support/transcript.js';
import { GitRunner } from './collect/git-run.js';
import { collectSessionCommits } from './collect/session-commits.js';
import type { WalkDocument } from './document.js';
import { emptyEvidence } from './evidence.js';
import { loadAgentEdits, readSessionFile } from './link/agent-edits.js';
import { createHunkLinker } from './link/link.js';
import { createTestRepo, type TestRepo } from './test-support/repo.js';
import { snapshot } from './test-support/snapshot.js';
import { type WalkOptions, walkChangeSet } from './walk.js';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const GREET = "export function greet(name: string): string {\n  return 'Hello, ' + name;\n}\n";
const SESSION = '0b9d6c1e-3f2a-4d8b-9e7c-5a1f2b3c4d5e';

let repo: TestRepo;
let env: NodeJS.ProcessEnv;
let noSessions: string;
const sha: Record<string, string> = {};

function options(extra: Partial<WalkOptions>): WalkOptions {
  return { mode: 'summary-only', cwd: repo.dir, env, sessionDirs: [noSessions], ...extra };
}

function recorded(document: WalkDocument, prefix: string) {
  return document.provenance_context.commands.find((c) => c.command.includes(prefix));
}

/** Re-runs a recorded command as a reader would (a shell, the walk's git environment). */
function rerun(command: string): { status: number; sha256: string } {
  try {
    const out = execFileSync('sh', ['-c', command], {
      cwd: repo.dir,
      env: { ...env, GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', LC_ALL: 'C' },
    });
    return { status: 0, sha256: createHash('sha256').update(out).digest('hex') };
  } catch (error) {
    const failed = error as { status: number; stdout: Buffer };
    return { status: failed.status, sha256: createHash('sha256').update(failed.stdout).digest('hex') };
  }
}

beforeAll(() => {
  noSessions = tempDir('retrospect-no-sessions-');
  // A user configuration that hides a root commit's patch from `git log -p` and `git show`.
  env = {
    ...process.env,
    HOME: '/home/dev',
    RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-'),
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'log.showRoot',
    GIT_CONFIG_VALUE_0: 'false',
  };
  repo = createTestRepo();
  // Inside the session's window (2026-10-01 09:00:05 to 09:00:15 UTC, widened by 10 minutes).
  sha.root = repo.commit(
    'Start with a greeting',
    { 'src/greet.ts': GREET, 'README.md': '# Greeter\n' },
    '2026-10-01T09:00:20Z',
  );
  sha.docs = repo.commit('Document the greeting', {
    'docs/greet.md': '# greet\n\nSays hello.\n',
    'src/greet.ts': GREET.replace('Hello', 'Hi'),
  });
  sha.head = repo.commit('Add a farewell', { 'src/bye.ts': 'export const bye = "Bye";\n' });
  // Uncommitted work that a working-tree diff would show: staged, unstaged and untracked.
  repo.write('README.md', '# Greeter\n\nWork in progress.\n');
  repo.write('src/greet.ts', `${GREET}export const shout = true;\n`);
  repo.git('add', 'src/greet.ts');
  repo.write('notes.txt', 'scratch\n');
});

describe('walking a root commit', () => {
  it("shows exactly the files and hunks the root commit introduced, never the working tree's", async () => {
    const before = snapshot(repo.dir);
    const status = repo.git('--no-optional-locks', 'status', '--porcelain=v2', '--untracked-files=all');
    // With git's default configuration and with one that hides root commits' patches from `git log -p`.
    const defaults = { ...env, GIT_CONFIG_COUNT: '0' };
    for (const [target, walkEnv] of [
      [sha.root!, env],
      [`${sha.root}^!`, env],
      [sha.root!, defaults],
    ] as const) {
      const { document } = await walkChangeSet(options({ target, env: walkEnv }));
      expect(document.scope).toBe('commit-range');
      expect(document.provenance_context.commits.map((c) => c.sha)).toEqual([sha.root]);
      expect(document.change_units.flatMap((u) => u.files).sort()).toEqual(['README.md', 'src/greet.ts']);
      const what = document.change_units.map((u) => u.what).join(' ');
      expect(what).toContain('src/greet.ts (+3 −0)');
      expect(what).not.toContain('notes.txt');
      const evidence = document.change_units.flatMap((u) => u.evidence);
      expect(evidence).toContain('src/greet.ts:1-3');
      expect(evidence).toContain('README.md:1-1');

      // The stat and name-status compare the commit with the empty tree: only its own additions.
      const stat = recorded(document, 'diff --stat');
      expect(stat?.command).toContain(` ${EMPTY_TREE} ${sha.root} --`);
      expect(stat?.output).toMatch(
        /README\.md +\| 1 \+\n src\/greet\.ts +\| 3 \+\+\+\n 2 files changed, 4 insertions\(\+\)/,
      );
      const names = recorded(document, 'diff --name-status');
      expect(names?.output).toBe('A\0README.md\0A\0src/greet.ts\0');
      expect(recorded(document, 'hash-object -t tree --stdin')?.output).toBe(`${EMPTY_TREE}\n`);
      expect(recorded(document, 'rev-list --no-walk --parents')?.output).toBe(`${sha.root}\n`);
    }
    expect(snapshot(repo.dir)).toEqual(before);
    expect(repo.git('--no-optional-locks', 'status', '--porcelain=v2', '--untracked-files=all')).toBe(status);
  });

  it('records the commands it ran: each re-runs to the same exit status and output digest', async () => {
    const { document } = await walkChangeSet(options({ target: sha.root }));
    const commands = document.provenance_context.commands;
    expect(commands.length).toBeGreaterThanOrEqual(6);
    for (const record of commands) {
      expect(record.command).toMatch(/^git --no-optional-locks /);
      expect(rerun(record.command), record.command).toEqual({
        status: record.exit_status,
        sha256: record.output_sha256,
      });
    }
  });

  it("hands a reviewer the root commit's own patch", async () => {
    const patches: string[] = [];
    const reviewer = {
      identifier: 'patch-reader',
      modelKey: 'test',
      async review(_unit: unknown, _changes: unknown, context: { patch(): Promise<string> }) {
        patches.push(await context.patch());
        return [];
      },
    };
    await walkChangeSet(options({ target: sha.root, mode: 'agent-driven', reviewer }));
    const patch = patches.join('\n');
    expect(patch).toContain('new file mode 100644');
    expect(patch).toContain('+export function greet(name: string): string {');
    expect(patch).toContain('+# Greeter');
    expect(patch).not.toContain('shout');
  });

  it('finds a root commit a coding-agent session made and walks its own changes', async () => {
    const t = new TranscriptBuilder(SESSION);
    t.user('Write a greeting function');
    t.tool('Write', { file_path: `${repo.dir}/src/greet.ts`, content: GREET });
    t.result('File written');
    const transcript = join(tempDir('retrospect-session-'), `${SESSION}.jsonl`);
    writeFileSync(transcript, t.text());
    const session = readSessionFile(transcript);
    const { edits } = loadAgentEdits([transcript]);
    const evidence = emptyEvidence('commit-range', 'session');
    const git = new GitRunner(repo.dir, env);
    const commits = await collectSessionCommits(git, transcript, session, createHunkLinker(edits), evidence);
    expect(commits).toEqual([sha.root]);
    expect(evidence.changes.map((c) => c.path).sort()).toEqual(['README.md', 'src/greet.ts']);
    expect(evidence.changes.find((c) => c.path === 'src/greet.ts')?.agentLinks[0]?.sessionId).toBe(SESSION);
    const stat = git.records.find((r) => r.command.includes('diff --stat'));
    expect(stat?.command).toContain(` ${EMPTY_TREE} ${sha.root} --`);
  });
});

describe('ranges that start at the root commit', () => {
  it("keeps git's meaning of ROOT..HEAD: the commits after the root, without its own changes", async () => {
    const { document } = await walkChangeSet(options({ target: `${sha.root}..HEAD` }));
    expect(document.provenance_context.commits.map((c) => c.sha)).toEqual([sha.docs, sha.head]);
    expect(document.change_units.flatMap((u) => u.files).sort()).toEqual([
      'docs/greet.md',
      'src/bye.ts',
      'src/greet.ts',
    ]);
    expect(recorded(document, 'diff --name-status')?.output).toBe(
      'A\0docs/greet.md\0A\0src/bye.ts\0M\0src/greet.ts\0',
    );
    expect(recorded(document, 'hash-object')).toBeUndefined();
  });

  it('refuses a missing parent of the root commit with a message that says so, before any diff runs', async () => {
    const before = snapshot(repo.dir);
    const root = sha.root!.slice(0, 7);
    const past = `a root commit \\(the first commit of its history\\), which has no parent\\. Walk that commit's own changes with '${root}' alone; '${root}\\.\\.B' walks the commits after it\\.$`;
    const cases: [string, string][] = [
      [
        `${sha.root}^..HEAD`,
        `^'${sha.root}\\^' in '${sha.root}\\^\\.\\.HEAD' goes past ${sha.root} \\(${root}\\), `,
      ],
      [`${sha.root}~1..${sha.head}`, `goes past ${sha.root} \\(${root}\\), `],
      [
        sha.root!.concat('^'),
        `^'${sha.root}\\^' in '${sha.root}\\^\\^!' goes past ${sha.root} \\(${root}\\), `,
      ],
      [`${sha.docs}~2..HEAD`, `goes past ${root}, `],
      ['HEAD~5..HEAD', `^'HEAD~5' in 'HEAD~5\\.\\.HEAD' goes past ${root}, `],
      ['HEAD^^^..HEAD', `goes past ${root}, `],
    ];
    for (const [target, message] of cases) {
      const walk = walkChangeSet(options({ target }));
      await expect(walk, target).rejects.toThrow(InputError);
      await expect(walk, target).rejects.toThrow(new RegExp(message + past));
    }
    await expect(walkChangeSet(options({ target: `${sha.docs}^2..HEAD` }))).rejects.toThrow(
      new RegExp(`names parent 2 of ${sha.docs} \\(${sha.docs!.slice(0, 7)}\\), which has 1 parent\\.$`),
    );
    await expect(walkChangeSet(options({ target: 'nope..HEAD' }))).rejects.toThrow(/unknown revision 'nope'/);
    expect(snapshot(repo.dir)).toEqual(before);
  });
});
