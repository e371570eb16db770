import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFakeClaude } from '../../llm/test-support/fake-claude.js';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';
import { isThinMessage } from './thin-message.js';
import { pickWhyReaders } from './why-readers.js';

let server: LlmTestServer;
let gitOnly: string;
const KEY = 'sk-test-why-0123456789';

beforeAll(async () => {
  server = await startLlmServer({ apiKey: KEY });
  // A PATH with git and nothing else: no agent CLI can be found on it, whatever this machine has.
  gitOnly = tempDir('retrospect-git-only-');
  symlinkSync(
    execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(),
    join(gitOnly, 'git'),
  );
});

afterAll(async () => {
  await server.close();
});

function thinRepo() {
  const repo = createTestRepo();
  repo.commit('Start the cart module for orders', { 'src/cart.ts': 'export const items: string[] = [];\n' });
  repo.commit('wip', {
    'src/cart.ts': 'export const items: string[] = [];\nexport const MAX_ITEMS = 9;\n',
  });
  return repo;
}

describe('thin commit messages', () => {
  it('are placeholders alone or under four words; a sentence is not thin', () => {
    expect(isThinMessage({ subject: 'wip', body: '' })).toBe(true);
    expect(isThinMessage({ subject: 'Fix.', body: '' })).toBe(true);
    expect(isThinMessage({ subject: 'fix typo', body: '' })).toBe(true);
    expect(isThinMessage({ subject: 'fix', body: 'The cart overflowed past nine items on reload.' })).toBe(
      false,
    );
    expect(isThinMessage({ subject: 'Limit the cart to nine items', body: '' })).toBe(false);
  });
});

describe('models_for_why', () => {
  it("asks the reader for the why of a thin unit from its diff, marks it synthesised, never the author's", async () => {
    const repo = thinRepo();
    server.enqueue({
      text: JSON.stringify({
        why: 'Caps the cart at nine items, likely ahead of a limit check.',
        uncertain: 'whether anything enforces the cap yet',
      }),
    });
    const env = { OPENAI_API_KEY: KEY, PATH: gitOnly };
    const readers = pickWhyReaders({
      models: ['openai:why-model'],
      baseUrl: server.openAiBaseUrl,
      env,
      cwd: repo.dir,
    });
    const before = server.requests.length;
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [],
      modelsForWhy: readers,
    });
    const unit = document.change_units[0]!;
    expect(unit.why).toContain(
      `inferred: synthesised by openai (why-model) from diff, commit ${document.provenance_context.commits[0]?.sha.slice(0, 7)}, not the author's words: "Caps the cart at nine items, likely ahead of a limit check."`,
    );
    expect(unit.why_synthesis).toEqual([
      {
        reader: 'openai',
        model_key: 'why-model',
        why: 'Caps the cart at nine items, likely ahead of a limit check.',
        uncertain: 'whether anything enforces the cap yet',
        sources: ['diff', expect.stringMatching(/^commit [0-9a-f]{7}$/)],
      },
    ]);
    // One request, carrying the diff as data.
    expect(server.requests.length).toBe(before + 1);
    const sent = JSON.stringify(server.requests.at(-1)?.body ?? {});
    expect(sent).toContain('MAX_ITEMS = 9');
    expect(sent).toContain('DIFF DATA');
  });

  it("gives the reader the linked session's request, redacted, and names the session as a source", async () => {
    const fixtures = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'walk');
    const repo = createTestRepo();
    repo.commit('Initial skeleton of the demo app', {
      'src/app.ts': "import { start } from './start';\nstart();\n",
      'src/start.ts': 'export function start(): void {}\n',
    });
    repo.commit(
      'wip',
      { 'src/greeting.ts': readFileSync(join(fixtures, 'greeting.ts'), 'utf8') },
      '2026-11-02T10:00:00Z',
    );
    const sessions = tempDir('retrospect-sessions-');
    copyFileSync(
      join(fixtures, 'session-greeting.jsonl'),
      join(sessions, '5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70.jsonl'),
    );
    server.enqueue({ text: JSON.stringify({ why: 'Greets new users by name, in German too.' }) });
    const env = { OPENAI_API_KEY: KEY, PATH: gitOnly, HOME: '/home/dev' };
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [sessions],
      modelsForWhy: pickWhyReaders({ models: ['openai'], baseUrl: server.openAiBaseUrl, env, cwd: repo.dir }),
    });
    const sent = JSON.stringify(server.requests.at(-1)?.body ?? {});
    expect(sent).toContain('Please add a greeting for new users that handles German too');
    expect(sent).not.toContain('sk-ant-api03');
    expect(document.change_units[0]?.why_synthesis?.[0]?.sources).toContain(
      'session 5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70 requests',
    );
  });

  it('leaves a unit with a stated message alone, and refuses an answer with hidden characters', async () => {
    const repo = thinRepo();
    repo.commit('Enforce the nine item cap when adding to the cart', {
      'src/add.ts': 'export const add = () => {};\n',
    });
    server.enqueue({ text: JSON.stringify({ why: 'looks\u202e fine' }) });
    const env = { OPENAI_API_KEY: KEY, PATH: gitOnly };
    const { document, warnings } = await walkChangeSet({
      target: 'HEAD~2..HEAD~1',
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [],
      modelsForWhy: pickWhyReaders({ models: ['openai'], baseUrl: server.openAiBaseUrl, env, cwd: repo.dir }),
    });
    expect(document.change_units[0]?.why).toContain('no reader gave a usable reason');
    expect(document.change_units[0]?.why_synthesis).toBeUndefined();
    expect(warnings.join('\n')).toContain('control, zero-width or bidi characters');
    const stated = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [],
      modelsForWhy: pickWhyReaders({ models: ['openai'], baseUrl: server.openAiBaseUrl, env, cwd: repo.dir }),
    });
    expect(stated.document.change_units[0]?.why).not.toContain('synthesised');
  });

  it('finds an agent CLI on PATH as the deep read does, and runs it outside the checkout', async () => {
    const repo = thinRepo();
    const config = tempDir('retrospect-claude-config-');
    const fake = installFakeClaude({ PATH: gitOnly });
    const env = {
      ...fake.env,
      CLAUDE_CONFIG_DIR: config,
      FAKE_CLAUDE_SESSIONS: '1',
      FAKE_CLAUDE_RESULT: JSON.stringify({ why: 'Caps the cart at nine items.' }),
    };
    const readers = pickWhyReaders({ models: ['auto'], env, cwd: repo.dir });
    expect(readers.notice).toContain('reader: claude-cli');
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [],
      modelsForWhy: readers,
    });
    expect(document.change_units[0]?.why_synthesis?.[0]).toMatchObject({
      reader: 'claude-cli',
      why: 'Caps the cart at nine items.',
    });
    const ran = readdirSync(join(config, 'projects'));
    expect(ran).toEqual([tmpdir().replace(/[^A-Za-z0-9]/g, '-')]);
  });

  it('with no reader on the chain the unit stays without a reason and says so', async () => {
    const repo = thinRepo();
    const env = { PATH: gitOnly };
    const readers = pickWhyReaders({ models: ['auto'], env, cwd: repo.dir });
    expect(readers.readers).toEqual([]);
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      sessionDirs: [],
      modelsForWhy: readers,
    });
    const unit = document.change_units[0]!;
    expect(unit.why).toContain('inferred: a thin commit message, and no reason was synthesised (no reader:');
    expect(unit.why).toContain('this unit stays without a stated reason');
    expect(document.open_questions.join('\n')).toContain('cu_001: why was it made?');
    expect(pickWhyReaders({ models: ['none'], env, cwd: repo.dir }).none).toBe('models_for_why is none');
  });
});
