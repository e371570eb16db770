import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { recordJob } from '../jobs/store.js';
import { createLinePrompter } from '../prompt/line-prompter.js';
import { tempDir } from '../test-support/temp-dir.js';
import { createTestRepo, type TestRepo } from './test-support/repo.js';
import { snapshot } from './test-support/snapshot.js';
import { defaultSessionDirs, type WalkOptions, walkChangeSet } from './walk.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'walk');
const greeting = readFileSync(join(FIXTURES, 'greeting.ts'), 'utf8');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let repo: TestRepo;
const sha: Record<string, string> = {};
let env: NodeJS.ProcessEnv;
let dataDir: string;
let noSessions: string;

function options(extra: Partial<WalkOptions>): WalkOptions {
  return { mode: 'summary-only', cwd: repo.dir, env, sessionDirs: [noSessions], ...extra };
}

beforeAll(() => {
  dataDir = tempDir('retrospect-walk-data-');
  env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: dataDir };
  noSessions = tempDir('retrospect-no-sessions-');
  repo = createTestRepo();
  sha.base = repo.commit('Initial skeleton', {
    'src/app.ts': "import { start } from './start';\nstart();\n",
    'src/util.ts':
      'export function pad(text: string, width: number): string {\n  return text.padStart(width);\n}\n',
    'src/start.ts': 'export function start(): void {\n  console.log("started");\n}\n',
    'README.md': '# Demo\n',
    'package.json': '{ "name": "demo" }\n',
  });
  sha.feature = repo.commit(
    'Add a greeting for new users (#12)\n\nNew users asked to be greeted by name, also in German.',
    {
      'src/greeting.ts': greeting,
      'src/greeting.test.ts':
        "import { greet } from './greeting';\ntest('greets', () => expect(greet({ name: 'Ada' })).toBe('Hello, Ada!'));\n",
      'docs/greeting.md': '# Greeting\n\nCall `greet({ name })` to greet a new user.\n',
      'src/app.ts':
        "import { start } from './start';\nimport { greet } from './greeting';\nconsole.log(greet({ name: process.argv[2] ?? '' }));\nstart();\n",
    },
    '2026-11-02T10:00:00Z',
  );
  sha.config = repo.commit('Add the orders table', {
    'config/app.yaml': 'orders:\n  enabled: true\n',
    'db/migrations/0002_orders.sql':
      'CREATE TABLE orders (id INTEGER PRIMARY KEY, total INTEGER NOT NULL);\n',
  });
  repo.git('mv', 'src/util.ts', 'src/strings.ts');
  sha.rename = repo.commit('Rename util to strings, drop the old start', { 'src/start.ts': null });
  sha.binary = repo.commit('Add the logo', { 'assets/logo.png': PNG });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.commit('Say hi in the docs', {
    'docs/greeting.md': '# Greeting\n\nCall `greet({ name })` to say hi.\n',
  });
  repo.git('checkout', '-q', 'main');
  repo.commit('Say welcome in the docs', {
    'docs/greeting.md': '# Greeting\n\nCall `greet({ name })` to say welcome.\n',
  });
  try {
    repo.git('merge', '-q', '--no-edit', 'feature');
  } catch {
    // The conflict is the point: resolve it by hand, as people do.
  }
  sha.merge = repo.commit('Merge feature: docs wording', {
    'docs/greeting.md': '# Greeting\n\nCall `greet({ name })` to say hi and welcome.\n',
  });
});

describe('walkChangeSet on a commit range', () => {
  it('keeps code with its tests and docs in one unit, with what, why and who from git', async () => {
    const { document } = await walkChangeSet(options({ target: `${sha.base}..${sha.feature}` }));
    expect(document.scope).toBe('commit-range');
    expect(document.change_units).toHaveLength(1);
    const unit = document.change_units[0]!;
    expect(unit.change_unit_id).toBe('cu_001');
    expect(unit.title).toBe('Add a greeting for new users (#12)');
    expect(unit.files.sort()).toEqual([
      'docs/greeting.md',
      'src/app.ts',
      'src/greeting.test.ts',
      'src/greeting.ts',
    ]);
    expect(unit.what).toContain('adds test src/greeting.test.ts');
    expect(unit.what).toMatch(/^Adds doc docs\/greeting\.md \(\+3 −0\)/);
    expect(unit.what).toContain('greet');
    expect(unit.why).toContain('New users asked to be greeted by name');
    expect(unit.why).toContain('References #12');
    expect(unit.who_when).toEqual([
      {
        actor_type: 'git-author',
        identifier: 'Ada Lovelace <ada@example.com>',
        timestamp: '2026-11-02T10:00:00+00:00',
        provenance: `commit ${sha.feature!.slice(0, 7)} (author)`,
      },
    ]);
    expect(unit.evidence).toContain(`commit ${sha.feature}`);
    expect(unit.evidence).toContain('src/greeting.ts:1-10');
    const commands = document.provenance_context.commands.map((c) => c.command);
    expect(commands.some((c) => c.includes(`diff --stat`) && c.includes(`${sha.base}..${sha.feature}`))).toBe(
      true,
    );
    expect(commands.some((c) => c.includes('diff --name-status -z'))).toBe(true);
    expect(document.validation_receipt.status).toBe('unavailable');
  });

  it('groups configuration with its migration, and describes renames and binary files', async () => {
    const { document } = await walkChangeSet(options({ target: `${sha.feature}..${sha.binary}` }));
    const [config, rename, binary] = document.change_units;
    expect(config?.files).toEqual(['config/app.yaml', 'db/migrations/0002_orders.sql']);
    expect(config?.why).toContain('inferred: configuration, schema and migration changes are grouped');
    expect(rename?.what).toMatch(
      /^Deletes src\/start\.ts \(\+0 −3\); renames src\/util\.ts → src\/strings\.ts \(\+0 −0, 100% similar\)/,
    );
    expect(rename?.evidence).toContain('src/start.ts:1-3 (removed)');
    expect(binary?.what).toBe(
      'Adds binary file assets/logo.png (content not shown). In total 1 file change, +0 −0.',
    );
    expect(document.open_questions.some((q) => q.includes('assets/logo.png is binary'))).toBe(true);
  });

  it('says what a merge did and flags a conflict resolution', async () => {
    const { document } = await walkChangeSet(options({ target: `${sha.binary}..${sha.merge}` }));
    expect(document.provenance_context.commits).toHaveLength(3);
    expect(document.narrative).toMatch(
      /Merge commit [0-9a-f]{7} \("Merge feature: docs wording"\) joins 2 parents/,
    );
    expect(document.open_questions.some((q) => q.includes('docs/greeting.md beyond its parents'))).toBe(true);
    expect(document.change_units.map((u) => u.title)).toEqual([
      'Say hi in the docs',
      'Say welcome in the docs',
    ]);
  });

  it('handles an empty range with a clear warning and no units', async () => {
    const { document, warnings } = await walkChangeSet(options({ target: `${sha.merge}..${sha.merge}` }));
    expect(document.change_units).toEqual([]);
    expect(warnings).toEqual([
      `no session files in ${noSessions}; agent provenance is not linked`,
      `the range ${sha.merge}..${sha.merge} contains no commits; nothing to walk`,
    ]);
  });

  it('gives the same units, ids and text on a second run', async () => {
    const first = await walkChangeSet(options({ target: `${sha.base}..${sha.merge}` }));
    const second = await walkChangeSet(options({ target: `${sha.base}..${sha.merge}` }));
    expect(second.document.change_units).toEqual(first.document.change_units);
    expect(second.document.narrative).toBe(first.document.narrative);
    expect(second.document.retrospective_id).not.toBe(first.document.retrospective_id);
    expect(first.document.change_units.map((u) => u.change_unit_id)).toEqual([
      'cu_001',
      'cu_002',
      'cu_003',
      'cu_004',
      'cu_005',
      'cu_006',
    ]);
  });

  it('rejects unknown revisions and directories outside git with messages that say what was expected', async () => {
    await expect(walkChangeSet(options({ target: 'nope..HEAD' }))).rejects.toThrow(/unknown revision 'nope'/);
    const plain = tempDir('retrospect-plain-');
    await expect(walkChangeSet(options({ cwd: plain }))).rejects.toThrow(InputError);
    await expect(walkChangeSet(options({ cwd: plain }))).rejects.toThrow(/not inside a git repository/);
  });
});

describe('agent provenance', () => {
  it("finds Claude Code's project folders of the repository and of folders below it", () => {
    const config = tempDir('retrospect-claude-');
    for (const name of ['-home-dev-shop', '-home-dev-shop-packages-api', '-home-dev-shopping', '-other']) {
      mkdirSync(join(config, 'projects', name), { recursive: true });
    }
    const roots = {
      worktree: '/home/dev/shop',
      mainCheckout: '/home/dev/shop',
      commonDir: '/home/dev/shop/.git',
    };
    expect(defaultSessionDirs({ CLAUDE_CONFIG_DIR: config }, roots)).toEqual([
      join(config, 'projects', '-home-dev-shop'),
      join(config, 'projects', '-home-dev-shop-packages-api'),
    ]);
  });

  it('links the hunk an agent session wrote, with the request, model and session id', async () => {
    const sessions = tempDir('retrospect-sessions-');
    copyFileSync(
      join(FIXTURES, 'session-greeting.jsonl'),
      join(sessions, '5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70.jsonl'),
    );
    const { document } = await walkChangeSet(
      options({ target: `${sha.base}..${sha.feature}`, sessionDirs: [sessions] }),
    );
    const unit = document.change_units[0]!;
    expect(unit.who_when).toContainEqual({
      actor_type: 'agent',
      identifier: 'claude-sonnet-4-5-20250929',
      timestamp: '2026-11-02T09:41:00.000Z',
      provenance: 'session 5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70 (Write toolu_01WriteGreeting)',
    });
    expect(unit.why).toContain('Please add a greeting for new users that handles German too');
    expect(unit.why).not.toContain('sk-ant-api03');
    expect(unit.evidence).toContain(
      'session 5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70 tool_use toolu_01WriteGreeting',
    );
    // The failed Edit of src/app.ts never reached the file: only the greeting hunk is linked.
    expect(document.provenance_context.sessions).toEqual([
      {
        session_id: '5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70',
        models: ['claude-sonnet-4-5-20250929'],
        linked_hunks: 1,
      },
    ]);
  });

  it('does not link a session whose edit came after the commit', async () => {
    const sessions = tempDir('retrospect-sessions-');
    const late = readFileSync(join(FIXTURES, 'session-greeting.jsonl'), 'utf8').replaceAll(
      '2026-11-02T09:4',
      '2026-11-03T09:4',
    );
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, 'late.jsonl'), late);
    const { document } = await walkChangeSet(
      options({ target: `${sha.base}..${sha.feature}`, sessionDirs: [sessions] }),
    );
    expect(document.provenance_context.sessions).toEqual([]);
  });
});

describe('walkChangeSet on the working tree', () => {
  it('walks staged, unstaged and untracked changes and leaves every byte and git status as they were', async () => {
    const work = createTestRepo();
    work.commit('Start', {
      'src/cart.ts': 'export const items: string[] = [];\n',
      'src/total.ts': 'export const total = 0;\n',
    });
    work.write(
      'src/cart.ts',
      'export const items: string[] = [];\nexport function add(item: string) {\n  items.push(item);\n}\n',
    );
    work.git('add', 'src/cart.ts');
    work.write(
      'src/cart.ts',
      'export const items: string[] = [];\nexport function add(item: string) {\n  items.push(item.trim());\n}\n',
    );
    work.write('src/cart.test.ts', "test('adds', () => {});\n");
    // Touched but unchanged: a status that refreshed the index would rewrite .git/index now.
    utimesSync(join(work.dir, 'src/total.ts'), new Date(), new Date(Date.now() + 5000));
    const status = () => work.git('--no-optional-locks', 'status', '--porcelain=v2', '--untracked-files=all');
    const statusBefore = status();
    const before = snapshot(work.dir);
    const { document } = await walkChangeSet({ ...options({}), cwd: work.dir });
    expect(snapshot(work.dir)).toEqual(before);
    expect(status()).toBe(statusBefore);
    expect(document.scope).toBe('worktree');
    expect(document.change_units).toHaveLength(1);
    const unit = document.change_units[0]!;
    expect(unit.files).toEqual(['src/cart.ts', 'src/cart.test.ts']);
    expect(unit.what).toMatch(/^Staged: modifies src\/cart\.ts \(\+3 −0\);/);
    expect(unit.what).toContain('unstaged: modifies src/cart.ts (+1 −1)');
    expect(unit.what).toContain('untracked: adds test src/cart.test.ts (+1 −0)');
    expect(unit.why).toMatch(/^inferred: uncommitted work in progress/);
    expect(unit.who_when[0]?.actor_type).toBe('unknown');
    expect(document.open_questions[0]).toMatch(/^cu_001: why did/);
  });
});

describe('grouping evidence', () => {
  it('keeps a verification report apart from the code of the same commit', async () => {
    const work = createTestRepo();
    work.commit('Start', { 'src/cart.ts': 'export const items: string[] = [];\n' });
    work.commit('Limit the cart to nine items', {
      'src/cart.ts': 'export const items: string[] = [];\nexport const limit = 9;\n',
      'reports/verification-cart-limit.md': '# Verification\n\nAll 12 cart tests pass with the limit.\n',
    });
    const { document } = await walkChangeSet({ ...options({ target: 'HEAD~1..HEAD' }), cwd: work.dir });
    expect(document.change_units.map((u) => [u.title, u.files])).toEqual([
      ['Limit the cart to nine items', ['src/cart.ts']],
      ['Limit the cart to nine items (evidence)', ['reports/verification-cart-limit.md']],
    ]);
    expect(document.change_units[1]?.why).toContain('inferred: evidence-only change');
  });
});

describe('grouping without commits', () => {
  it('joins a caller with the new function it uses, and keeps unrelated code apart', async () => {
    const work = createTestRepo();
    work.commit('Start', {
      'src/app/main.ts': 'export function main() {}\n',
      'lib/report/format.ts': 'export const width = 80;\n',
    });
    work.write(
      'src/parse/line.ts',
      'export function parseLine(text: string) {\n  return text.split(",");\n}\n',
    );
    work.write(
      'src/app/main.ts',
      "import { parseLine } from '../parse/line';\nexport function main() {\n  parseLine('a,b');\n}\n",
    );
    work.write('lib/report/format.ts', 'export const width = 100;\n');
    const { document } = await walkChangeSet({ ...options({}), cwd: work.dir });
    expect(document.change_units.map((u) => u.files)).toEqual([
      ['lib/report/format.ts'],
      ['src/app/main.ts', 'src/parse/line.ts'],
    ]);
    const app = await walkChangeSet({ ...options({ target: 'src/app' }), cwd: work.dir });
    expect(app.document.change_units.map((u) => u.files)).toEqual([['src/app/main.ts']]);
  });
});

describe('writing reviewers', () => {
  it('review in a throwaway worktree holding the walked state, never in the checkout', async () => {
    const work = createTestRepo();
    work.commit('Start', { 'src/cart.ts': 'export const items: string[] = [];\n' });
    work.write('src/cart.ts', 'export const items: string[] = [];\nexport const limit = 9;\n');
    work.write('src/cart.test.ts', "test('limit', () => {});\n");
    const before = snapshot(work.dir);
    const seen: string[] = [];
    const reviewer = {
      identifier: 'tool-using-model',
      modelKey: 'test-model',
      mayWrite: true,
      async review(
        _unit: unknown,
        _changes: unknown,
        context: { workspace?: string; patch(): Promise<string> },
      ) {
        const dir = context.workspace ?? '';
        seen.push(await context.patch());
        seen.push(
          readFileSync(join(dir, 'src/cart.ts'), 'utf8'),
          readFileSync(join(dir, 'src/cart.test.ts'), 'utf8'),
        );
        writeFileSync(join(dir, 'src/cart.ts'), 'scribbled over\n');
        return [
          { type: 'note' as const, text: `reviewed in ${dir === work.dir ? 'the checkout' : 'a copy'}` },
        ];
      },
    };
    const { document } = await walkChangeSet({
      ...options({ mode: 'agent-driven', reviewer }),
      cwd: work.dir,
    });
    expect(seen[0]).toContain('+export const limit = 9;');
    expect(seen[0]).toContain("untracked src/cart.test.ts:\ntest('limit', () => {});");
    expect(seen.slice(1)).toEqual([
      'export const items: string[] = [];\nexport const limit = 9;\n',
      "test('limit', () => {});\n",
    ]);
    expect(document.comments.map((c) => c.text)).toEqual(['reviewed in a copy']);
    expect(snapshot(work.dir)).toEqual(before);
    expect(work.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  });
});

describe('comments', () => {
  it('captures guided comments from an injected prompt stream, one unit at a time', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const shown: string[] = [];
    output.on('data', (b: Buffer) => shown.push(b.toString()));
    input.end(
      [
        'c: greet() trims the name but the test does not cover blank names',
        '@src/greeting.ts:9 suggestion: use Intl for the locales',
        '',
        'skip',
        'approval: the migration and its config ship together, token ghp_0123456789abcdefghij0123',
        '',
      ].join('\n'),
    );
    const prompter = createLinePrompter(input, output);
    const { document } = await walkChangeSet(
      options({ target: `${sha.base}..${sha.config}`, mode: 'guided', prompter, reviewerName: 'werner' }),
    );
    prompter.close();
    expect(document.comments.map((c) => [c.change_unit_id, c.type, c.text])).toEqual([
      ['cu_001', 'concern', 'greet() trims the name but the test does not cover blank names'],
      ['cu_001', 'suggestion', 'use Intl for the locales'],
    ]);
    const second = document.comments[1]!;
    expect(second.location).toEqual({
      file: 'src/greeting.ts',
      line_start: 9,
      line_end: 9,
      hunk_range: '@@ -0,0 +1,10 @@',
    });
    expect(second.author).toEqual({ author_type: 'human', identifier: 'werner' });
    expect(second.comment_id).toMatch(/^cmt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(second.retrospective_id).toBe(document.retrospective_id);
    expect(document.change_units[0]?.comments).toEqual(document.comments);
    expect(shown.join('')).toContain('### cu_001 - Add a greeting for new users (#12)');
    expect(shown.join('')).toContain('### cu_002 - Add the orders table');
  });

  it('redacts secrets in comments and adds agent-driven comments only where they add evidence', async () => {
    const input = new PassThrough();
    input.end('skip\napproval: looks right, token ghp_0123456789abcdefghij0123\n');
    const prompter = createLinePrompter(input, new PassThrough());
    const guided = await walkChangeSet(
      options({ target: `${sha.base}..${sha.config}`, mode: 'guided', prompter }),
    );
    prompter.close();
    expect(guided.document.comments.map((c) => c.text)).toEqual(['looks right, token [redacted]']);

    const agent = await walkChangeSet(
      options({ target: `${sha.feature}..${sha.binary}`, mode: 'agent-driven' }),
    );
    // Config, a rename and a binary logo: nothing for the reviewer to add.
    expect(agent.document.comments).toEqual([]);
    const work = createTestRepo();
    work.commit('Start', { 'src/a.ts': 'export const a = 1;\n' });
    work.commit('Grow a', { 'src/a.ts': 'export const a = 1;\nexport const b = 2;\n' });
    const grown = await walkChangeSet({
      ...options({ target: 'HEAD~1..HEAD', mode: 'agent-driven' }),
      cwd: work.dir,
    });
    const approving = {
      identifier: 'eager-model',
      modelKey: 'test-model',
      review: async () => [{ type: 'approval' as const, text: 'Looks good to merge.' }],
    };
    const eager = await walkChangeSet({
      ...options({ target: 'HEAD~1..HEAD', mode: 'agent-driven', reviewer: approving }),
      cwd: work.dir,
    });
    expect(eager.document.comments[0]).toMatchObject({
      type: 'note',
      metadata: { 'retrospect.proposed_type': 'approval' },
    });
    expect(grown.document.comments).toHaveLength(1);
    expect(grown.document.comments[0]).toMatchObject({
      type: 'concern',
      text: 'src/a.ts gains 1 line and no test changes in this unit.',
      author: { author_type: 'model', identifier: 'retrospect-heuristic', model_key: 'heuristic' },
    });
  });
});

describe('job-id and episode-ref scopes', () => {
  it('resolves a recorded job and records anything else as unresolved', async () => {
    const job = recordJob(
      {
        command: 'walk HEAD~1..HEAD',
        started_at: '2026-11-02T11:00:00Z',
        finished_at: '2026-11-02T11:00:01Z',
        exit_status: 0,
        output_digest: null,
      },
      dataDir,
    );
    const resolved = await walkChangeSet(options({ target: job.id }));
    expect(resolved.document.scope).toBe('job-id');
    expect(resolved.document.provenance_context.jobs).toEqual([
      { id: job.id, status: 'resolved', record: job },
    ]);
    expect(resolved.document.narrative).toContain(`Job ${job.id} ran \`walk HEAD~1..HEAD\``);
    // A data folder given as a value is the one read, not the environment's.
    const elsewhere = await walkChangeSet(
      options({ target: job.id, dataDir: tempDir('retrospect-walk-none-') }),
    );
    expect(elsewhere.document.provenance_context.jobs[0]).toMatchObject({ id: job.id, status: 'unresolved' });
    const other = await walkChangeSet(options({ target: 'llm-job-42', scope: 'job-id' }));
    expect(other.document.provenance_context.jobs[0]).toMatchObject({
      id: 'llm-job-42',
      status: 'unresolved',
    });
    expect(other.warnings[0]).toMatch(/job llm-job-42 is unresolved/);
  });

  it('reads an episode file and walks its range; an unknown reference stays unresolved', async () => {
    const file = join(tempDir('retrospect-episode-'), 'episode.json');
    writeFileSync(
      file,
      JSON.stringify({ episode: 'ep-7', commit_range: `${sha.base}..${sha.feature}`, receipts: ['rcpt-1'] }),
    );
    const { document } = await walkChangeSet(options({ target: file, scope: 'episode-ref' }));
    expect(document.provenance_context.episodes).toEqual([
      { ref: 'ep-7', status: 'resolved', linked_range: `${sha.base}..${sha.feature}` },
    ]);
    expect(document.provenance_context.receipts).toEqual(['rcpt-1']);
    expect(document.validation_receipt).toEqual({
      status: 'unavailable',
      reason: expect.stringMatching(/^receipts rcpt-1 were supplied but no validation surface is available/),
    });
    expect(document.change_units).toHaveLength(1);
    const unresolved = await walkChangeSet(
      options({ target: 'episode://sprint-4/retro', scope: 'episode-ref' }),
    );
    expect(unresolved.document.provenance_context.episodes[0]?.status).toBe('unresolved');
  });
});
