import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROMPT_TEMPLATE } from '../../deepread/template.js';
import { frictionSession } from '../../deepread/test-support/session-builder.js';
import { installFakeClaude } from '../../llm/test-support/fake-claude.js';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { REPO_ROOT, runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

const SESSION = '0a8f3b2c-6d4e-4f1a-9b7c-2e5d8f1a3c6b';
let repo: string;
let transcript: string;
let server: LlmTestServer;
const { builder, ids } = frictionSession(SESSION);
const DATA_DIR = tempDir('retrospect-deepread-data-');
const BASE_ENV = {
  RETROSPECT_DATA_DIR: DATA_DIR,
  RETROSPECT_PROVIDER: '',
  RETROSPECT_MODEL: '',
  OPENAI_API_KEY: '',
  OPENAI_BASE_URL: '',
  FRICTION_LEDGER: '',
};

beforeAll(async () => {
  server = await startLlmServer();
  repo = tempDir('retrospect-deepread-cli-');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  mkdirSync(join(repo, 'sessions'));
  transcript = builder.write(join(repo, 'sessions', `${SESSION}.jsonl`));
});
afterAll(async () => {
  await server.close();
});

describe('retrospect deep-read', () => {
  it('--dry-run prints the standard prompt with the anchors filled in, and sends nothing', async () => {
    const run = await runCli(
      ['deep-read', transcript, '--dry-run', '--provider', 'openai', '--base-url', server.openAiBaseUrl],
      {
        cwd: repo,
        env: BASE_ENV,
      },
    );
    expect(run.code).toBe(0);
    // A remote model is the default reader: it is told the session's id, never this machine's path.
    expect(run.stdout).toContain(`SESSION: ${SESSION}\n`);
    expect(run.stdout).not.toContain(transcript);
    // The seed's self-contradiction ("Read SESSION_JSONL with the Read tool" to a model that cannot) is gone.
    expect(SEED_PROMPT_TEMPLATE).toContain('Read SESSION_JSONL with the Read tool');
    expect(run.stdout).not.toContain('Read SESSION_JSONL with the Read tool');
    expect(run.stdout).toMatch(/^GATE_ANCHORS: \[".*"\]$/m);
    expect(run.stdout).toContain(`"${ids.reject}"`);
    expect(run.stdout).toContain('  claude: empty\n');
    expect(run.stdout).toContain('WHAT THE PERSON SAID');
    expect(run.stdout).toContain(
      `[${ids.staleResult}] user: ← tool_result (error): <tool_use_error>String to replace not found in file.`,
    );
    expect(run.stderr).toContain('dry run, nothing sent');
    expect(server.requests).toHaveLength(0);
  });

  it('--anchors replaces the gate anchors', async () => {
    const run = await runCli(
      ['deep-read', transcript, '--dry-run', '--anchors', `${ids.claim}, ${ids.ask}`],
      { cwd: repo, env: BASE_ENV },
    );
    expect(run.stdout).toContain(`GATE_ANCHORS: ["${ids.claim}","${ids.ask}"]\n`);
  });

  it('--json prints exactly the library result, from the offline provider when none is configured', async () => {
    const run = await runCli(['deep-read', transcript, '--json'], { cwd: repo, env: BASE_ENV });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('using the offline heuristic provider');
    const result = JSON.parse(run.stdout);
    expect(Object.keys(result)).toEqual([
      'session_id',
      'proposals',
      'observations',
      'fabrication_anchors',
      'dropped',
      'usage',
    ]);
    expect(result.session_id).toBe(SESSION);
    expect(result.proposals.length).toBeGreaterThan(0);
    expect(result.fabrication_anchors[0].turn_id).toBe(ids.claim);
    const jobs = readFileSync(join(DATA_DIR, 'jobs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(jobs.at(-1)).toMatchObject({ command: `deep-read ${transcript} --json`, exit_status: 0 });
    expect(jobs.at(-1).output_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('with no provider configured and Claude Code installed, says that claude-cli would use it, and does not', async () => {
    const { env, dir } = installFakeClaude({ PATH: '/nonexistent' });
    const log = join(dir, 'call.json');
    const run = await runCli(['deep-read', transcript], {
      cwd: repo,
      env: { ...BASE_ENV, PATH: env.PATH, FAKE_CLAUDE_LOG: log },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `Claude Code is on PATH (${join(dir, 'claude')}): --provider claude-cli would use it`,
    );
    expect(run.stdout).toContain('— heuristic');
    expect(existsSync(log)).toBe(false);
  });

  it("offline, finds the demo overreach session's faults and prints them with their citations", async () => {
    const demo = join(
      REPO_ROOT,
      'examples',
      'projects',
      '-home-ada-code-shop',
      '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24.jsonl',
    );
    const run = await runCli(['deep-read', demo, '--provider', 'heuristic'], { cwd: repo, env: BASE_ENV });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 proposal(s)');
    expect(run.stdout).toContain(
      "[claude] Don't touch the schema, revert that change. (The user's words after you edited a file.)",
    );
    expect(run.stdout).toContain(
      `- 6e9626d6-b530-4179-8eda-d0e48f989f07: "No, that's wrong. Don't touch the schema, revert that change. Only the rounding in total()."`,
    );
    expect(run.stdout).toContain('stated standing · confidence 0.5 · 1 citation(s)');
    expect(run.stderr).not.toContain('dropped');
  });

  it('exits 0 with a logged line when the model answers with prose', async () => {
    server.enqueue({ text: 'Here are my thoughts about the session...' });
    const run = await runCli(
      ['deep-read', transcript, '--provider', 'openai', '--base-url', server.openAiBaseUrl],
      { cwd: repo, env: BASE_ENV },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`deep-read ${SESSION}: invalid JSON from openai`);
    expect(run.stdout).toContain('0 proposal(s)');
  });

  it('names what was expected for a missing file or an unknown provider', async () => {
    const missing = await runCli(['deep-read', join(repo, 'nope.jsonl')], { cwd: repo, env: BASE_ENV });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('file not found');
    const provider = await runCli(['deep-read', transcript, '--provider', 'gpt'], {
      cwd: repo,
      env: BASE_ENV,
    });
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain("--provider takes openai|anthropic|claude-cli|heuristic, got 'gpt'");
  });
});
