import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer } from '../../llm/test-support/llm-server.js';
import { projectFolderName } from '../../paths/data-dir.js';
import { runCli } from '../../test-support/cli.js';
import { memoryIo } from '../../test-support/memory-io.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { renderMarkdown } from '../../walk/render/render.js';
import { createTestRepo, type TestRepo } from '../../walk/test-support/repo.js';
import { main } from '../main.js';

let repo: TestRepo;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  repo = createTestRepo();
  repo.commit('Start', { 'src/a.ts': 'export const a = 1;\n' });
  repo.commit('Add b next to a (#4)', {
    'src/a.ts': 'export const a = 1;\nexport const b = 2;\n',
    'src/a.test.ts': "test('b', () => {});\n",
  });
  const data = tempDir('retrospect-walk-cli-');
  // The reader is named: the why of thin commits ("Start") is then not synthesised, and no agent CLI runs.
  env = {
    RETROSPECT_DATA_DIR: data,
    CLAUDE_CONFIG_DIR: join(data, 'no-claude'),
    RETROSPECT_PROVIDER: 'heuristic',
  };
});

describe('retrospect walk', () => {
  it('words a bad --session or --survival-at in its flags, on one line', async () => {
    const session = await runCli(['walk', '--session', '../x'], { cwd: repo.dir, env });
    expect(session.code).toBe(1);
    expect(session.stderr).toContain(
      `--session takes a session id (letters, digits, '.', '_', '-'), not "../x"`,
    );
    const form = await runCli(['walk', 'HEAD~1..HEAD', '--survival-at=--output=x'], {
      cwd: repo.dir,
      env,
    });
    expect(form.stderr).toContain(
      '--survival-at takes a revision (HEAD, main, a commit id), not "--output=x"',
    );
  });

  it('prints the Markdown walk on stdout without a terminal, and records the run as a job', async () => {
    const run = await runCli(['walk', 'HEAD~1..HEAD'], { cwd: repo.dir, env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^# Retrospective Walk: HEAD~1\.\.HEAD\n\nRetrospective ID: retro_[0-9A-Z]{26}\nScope: commit-range\nMode: summary-only\n/,
    );
    expect(run.stdout).toContain('### cu_001 - Add b next to a (#4)');
    expect(run.stdout).toContain('## Open Questions');
    expect(run.stdout).toContain('- validation_receipt: unavailable: ');
    // The JSON is for files: inside the Markdown only when asked.
    expect(run.stdout).not.toContain('```json');
    const withJson = await runCli(['walk', 'HEAD~1..HEAD', '--include-json'], { cwd: repo.dir, env });
    const machine = /```json\n(.*)\n```/.exec(withJson.stdout)?.[1] ?? '';
    expect(JSON.parse(machine).retrospective_id).toMatch(/^retro_/);
    const jobId = /\(job (job_[0-9A-Z]{26})\)/.exec(run.stderr)?.[1];
    expect(jobId).toBeDefined();

    const job = await runCli(['walk', jobId ?? '', '--json', '-'], { cwd: repo.dir, env });
    expect(job.code).toBe(0);
    const document = JSON.parse(job.stdout);
    expect(document.scope).toBe('job-id');
    expect(document.provenance_context.jobs[0]).toMatchObject({
      id: jobId,
      status: 'resolved',
      record: { command: 'walk HEAD~1..HEAD', exit_status: 0 },
    });
    expect(document.provenance_context.jobs[0].record.output_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('writes --json and --md files and reads a diff from stdin', async () => {
    const out = tempDir('retrospect-walk-out-');
    const diff = execFileSync('git', ['diff', 'HEAD~1', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' });
    const run = await runCli(['walk', '-', '--json', join(out, 'walk.json'), '--md', join(out, 'walk.md')], {
      cwd: repo.dir,
      env,
      input: diff,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const document = JSON.parse(readFileSync(join(out, 'walk.json'), 'utf8'));
    expect(document.scope).toBe('diff');
    expect(document.change_units[0].files).toEqual(['src/a.test.ts', 'src/a.ts']);
    expect(document.provenance_context.commands[0].command).toBe('(supplied diff: stdin)');
    // The JSON is complete enough to re-render the Markdown byte for byte.
    expect(renderMarkdown(document, { includeJson: false })).toBe(readFileSync(join(out, 'walk.md'), 'utf8'));
  });

  it('tells the story at a terminal: plain text, no JSON, no Markdown escapes, every date in UTC', async () => {
    const story = createTestRepo();
    story.commit('Start', { 'src/rows.ts': 'export const rows = [];\n' });
    // Late evening west of UTC: the next day in UTC, as a session at that moment would write it.
    story.commit(
      'Rename _collapse_rows, keep **all** [rows] | columns',
      { 'src/rows.ts': 'export const rows = [];\nexport const _collapse_rows = true;\n' },
      '2026-11-02T23:30:00-07:00',
    );
    const out = tempDir('retrospect-walk-tty-');
    const walk = async (...args: string[]) => {
      const io = memoryIo({ env, cwd: story.dir, tty: true, columns: 100 });
      expect(await main(['walk', 'HEAD~1..HEAD', '--mode', 'summary-only', ...args], io)).toBe(0);
      return io.out();
    };
    const text = await walk();
    expect(text).toContain('### cu_001 - Rename _collapse_rows, keep **all** [rows] | columns');
    expect(text).not.toMatch(/\\[_*[\]|~]/);
    expect(text).not.toContain('```json');
    expect(text).not.toMatch(/0 jobs|0 receipts/);
    expect(text).toContain('on 2026-11-03 (UTC)');
    expect(text).toContain('author of ');
    expect(text).not.toContain('2026-11-02');
    expect(text.trimEnd().endsWith('(the complete walk as JSON: --json FILE)')).toBe(true);
    // Files asked for at a terminal: the files get them, the terminal still gets the story.
    const both = await walk('--md', join(out, 'walk.md'), '--json', join(out, 'walk.json'));
    expect(both).toContain('## Narrative');
    const markdown = readFileSync(join(out, 'walk.md'), 'utf8');
    expect(markdown).toContain('\\_collapse_rows, keep \\*\\*all\\*\\* \\[rows\\] \\| columns');
    expect(markdown).not.toContain('```json');
    expect(JSON.parse(readFileSync(join(out, 'walk.json'), 'utf8')).schema_version).toBe(
      'retrospective-walk.v0.1.0',
    );
  });

  it("reads agent sessions from Claude Code's project folder for the repository by default", async () => {
    const fixtures = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'walk');
    const agentRepo = createTestRepo();
    agentRepo.commit('Start', { 'README.md': '# Demo\n' });
    agentRepo.commit(
      'Add the greeting',
      { 'src/greeting.ts': readFileSync(join(fixtures, 'greeting.ts'), 'utf8') },
      '2026-11-02T10:00:00Z',
    );
    const config = tempDir('retrospect-claude-');
    const project = join(config, 'projects', projectFolderName(realpathSync(agentRepo.dir)));
    mkdirSync(project, { recursive: true });
    copyFileSync(
      join(fixtures, 'session-greeting.jsonl'),
      join(project, '5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70.jsonl'),
    );
    const run = await runCli(['walk', 'HEAD~1..HEAD', '--json', '-'], {
      cwd: agentRepo.dir,
      env: { ...env, CLAUDE_CONFIG_DIR: config },
    });
    expect(run.code).toBe(0);
    const unit = JSON.parse(run.stdout).change_units[0];
    expect(unit.who_when).toContainEqual(
      expect.objectContaining({ actor_type: 'agent', identifier: 'claude-sonnet-4-5-20250929' }),
    );
    expect(unit.why).toContain('[redacted]');
  });

  it('takes a single committed transcript file with --sessions and lists every hunk with its session', async () => {
    const fixtures = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'walk');
    const agentRepo = createTestRepo();
    agentRepo.commit('Start', { 'README.md': '# Demo\n' });
    agentRepo.commit(
      'Add the greeting',
      {
        'src/greeting.ts': readFileSync(join(fixtures, 'greeting.ts'), 'utf8'),
        'README.md': '# Demo\n\nGreets people by hand-written name.\n',
      },
      '2026-11-02T10:00:00Z',
    );
    agentRepo.commit('Commit the session', {
      'claude-session.jsonl': readFileSync(join(fixtures, 'session-greeting.jsonl'), 'utf8'),
    });
    const run = await runCli(
      ['walk', 'HEAD~2..HEAD~1', '--json', '-', '--sessions', 'claude-session.jsonl'],
      {
        cwd: agentRepo.dir,
        env,
      },
    );
    expect(run.stderr).not.toContain('ENOTDIR');
    expect(run.code).toBe(0);
    const hunks = JSON.parse(run.stdout).change_units.flatMap((u: { hunks: unknown[] }) => u.hunks);
    expect(hunks).toEqual([
      expect.objectContaining({ path: 'README.md', session_id: null, share: null, tool_call: null }),
      expect.objectContaining({
        path: 'src/greeting.ts',
        header: '@@ -0,0 +1,10 @@',
        added_lines: 10,
        session_id: '5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70',
        share: 1,
        tool_call: 'toolu_01WriteGreeting',
      }),
    ]);
  });

  it('takes guided comments from stdin when asked for guided mode', async () => {
    const run = await runCli(['walk', 'HEAD~1..HEAD', '--mode', 'guided', '--json', '-'], {
      cwd: repo.dir,
      env,
      input: 'concern: b has no real test yet\n\n',
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('### cu_001 - Add b next to a (#4)');
    const document = JSON.parse(run.stdout);
    expect(document.comments).toHaveLength(1);
    expect(document.comments[0]).toMatchObject({
      type: 'concern',
      text: 'b has no real test yet',
      author: { author_type: 'human' },
    });
  });

  it('takes comments given up front in summary-only mode (--comments, JSON lines) and refuses a bad one in one line', async () => {
    const dir = tempDir('retrospect-walk-comments-');
    const file = join(dir, 'comments.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ file: 'src/a.ts', line_start: 2, type: 'concern', text: 'b is never read' }),
        '',
        JSON.stringify({ unit: 'cu_001', type: 'approval', text: 'the test covers b' }),
      ].join('\n'),
    );
    const run = await runCli(
      ['walk', 'HEAD~1..HEAD', '--mode', 'summary-only', '--comments', file, '--json', '-'],
      {
        cwd: repo.dir,
        env,
      },
    );
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.mode).toBe('summary-only');
    expect(document.comments.map((c: { type: string; location?: unknown }) => [c.type, c.location])).toEqual([
      ['concern', { file: 'src/a.ts', line_start: 2, line_end: 2, hunk_range: '@@ -1 +1,2 @@' }],
      ['approval', undefined],
    ]);
    expect(document.comments[1].author.author_type).toBe('human');
    writeFileSync(file, `${JSON.stringify({ file: 'src/nope.ts', type: 'note', text: 'x' })}\n`);
    const bad = await runCli(['walk', 'HEAD~1..HEAD', '--comments', file], { cwd: repo.dir, env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('comment 1: src/nope.ts is in no change unit of this walk');
    writeFileSync(file, '{"unit":"cu_001","type":"praise","text":"x"}\n');
    const badType = await runCli(['walk', 'HEAD~1..HEAD', '--comments', file], { cwd: repo.dir, env });
    expect(badType.stderr).toContain(
      'line 1: type: expected one of note, concern, approval, suggestion, intent_clarification',
    );
  });

  it('synthesises the why of a thin commit with the reader the environment names, marked as synthesised', async () => {
    const server = await startLlmServer({ apiKey: 'sk-test-walk-why-0123' });
    try {
      server.enqueue({ text: JSON.stringify({ why: 'Adds c for the next step of the counter.' }) });
      const thin = createTestRepo();
      thin.commit('Start the counter module here', { 'src/c.ts': 'export const a = 1;\n' });
      thin.commit('wip', { 'src/c.ts': 'export const a = 1;\nexport const c = 3;\n' });
      const run = await runCli(['walk', 'HEAD~1..HEAD', '--json', '-'], {
        cwd: thin.dir,
        env: {
          ...env,
          RETROSPECT_PROVIDER: 'openai',
          OPENAI_API_KEY: 'sk-test-walk-why-0123',
          OPENAI_BASE_URL: server.openAiBaseUrl,
        },
      });
      expect(run.code).toBe(0);
      const unit = JSON.parse(run.stdout).change_units[0];
      expect(unit.why).toContain('not the author\'s words: "Adds c for the next step of the counter."');
      expect(unit.why_synthesis[0]).toMatchObject({
        reader: 'openai',
        why: 'Adds c for the next step of the counter.',
      });
      expect(run.stderr).toContain('why: reader: openai');
      const off = await runCli(['walk', 'HEAD~1..HEAD', '--models-for-why', 'none', '--json', '-'], {
        cwd: thin.dir,
        env,
      });
      expect(JSON.parse(off.stdout).change_units[0].why).toContain('(models_for_why is none)');
    } finally {
      await server.close();
    }
  });

  it('comments agent-driven with the offline reviewer when no provider is configured, and says so', async () => {
    const run = await runCli(
      ['walk', 'HEAD~1..HEAD', '--mode', 'agent-driven', '--models-for-why', 'none', '--json', '-'],
      {
        cwd: repo.dir,
        env: { ...env, RETROSPECT_PROVIDER: '' },
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('no LLM provider configured');
    const document = JSON.parse(run.stdout);
    expect(document.mode).toBe('agent-driven');
    expect(
      document.comments.every((c: { author: { author_type: string } }) => c.author.author_type === 'model'),
    ).toBe(true);
    const bad = await runCli(['walk', 'HEAD~1..HEAD', '--mode', 'agent-driven', '--provider', 'oracle'], {
      cwd: repo.dir,
      env,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "--provider takes openai|anthropic|claude-cli|codex-cli|gemini-cli|heuristic, got 'oracle'",
    );
  });

  it("walks a repository's first commit as its own changes, and names a missing parent as such", async () => {
    const fresh = createTestRepo();
    const root = fresh.commit('Start', { 'src/a.ts': 'export const a = 1;\n' });
    fresh.write('src/a.ts', 'export const a = 2;\n');
    fresh.write('scratch.txt', 'not committed\n');
    const run = await runCli(['walk', 'HEAD', '--json', '-'], { cwd: fresh.dir, env });
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.change_units.map((u: { files: string[] }) => u.files)).toEqual([['src/a.ts']]);
    const names = document.provenance_context.commands.find((c: { command: string }) =>
      c.command.includes('diff --name-status'),
    );
    expect(names.command).toMatch(/ 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD --$/);
    expect(names.output).toBe('A\0src/a.ts\0');
    const parent = await runCli(['walk', 'HEAD^..HEAD'], { cwd: fresh.dir, env });
    expect(parent.code).toBe(1);
    expect(parent.stderr).toContain(
      `'HEAD^' in 'HEAD^..HEAD' goes past HEAD (${root.slice(0, 7)}), a root commit (the first commit of its history), which has no parent.`,
    );
  });

  it('emits the DAG plan, and fails clearly outside git and on bad options', async () => {
    const plan = await runCli(['walk', '--plan'], { cwd: repo.dir, env });
    expect(plan.stdout).toMatch(/^\[plan\]\nname = "retrospective-walk"\nversion = "0.1.0"/);
    expect(plan.stdout.match(/\[\[node\]\]/g)).toHaveLength(5);
    const plain = await runCli(['walk'], { cwd: tempDir('retrospect-plain-'), env });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^retrospect walk: .* is not inside a git repository/);
    const bad = await runCli(['walk', '--mode', 'loud'], { cwd: repo.dir, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--mode takes guided|agent-driven|summary-only');
  });
});
