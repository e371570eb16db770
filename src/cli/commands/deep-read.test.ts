import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('--json prints exactly the library result, from the offline provider when nothing else can read', async () => {
    const run = await runCli(['deep-read', transcript, '--json'], {
      cwd: repo,
      env: { ...BASE_ENV, PATH: '/usr/bin:/bin' },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('deep-read: reader: heuristic, offline; no provider configured');
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

  it('with no provider configured and Claude Code on PATH, reads with it and says so in one line', async () => {
    const { env, dir } = installFakeClaude({ PATH: '/usr/bin:/bin' });
    const log = join(dir, 'call.json');
    const run = await runCli(['deep-read', transcript], {
      cwd: repo,
      env: { ...BASE_ENV, PATH: env.PATH, FAKE_CLAUDE_LOG: log, FAKE_CLAUDE_RESULT: '{"proposals": []}' },
    });
    expect(run.code).toBe(0);
    const readerLines = run.stderr.split('\n').filter((line) => line.startsWith('deep-read: reader:'));
    expect(readerLines).toEqual([
      `deep-read: reader: claude-cli, Claude Code is on PATH (${join(dir, 'claude')}); each read is a request on your account; choose another with --provider openai|anthropic|claude-cli|codex-cli|gemini-cli|heuristic, or record one for this project with --provider NAME --save-reader`,
    ]);
    expect(run.stdout).toContain('— claude-cli');
    // The reader opens the transcript itself: its prompt names the file.
    expect(JSON.parse(readFileSync(log, 'utf8')).input).toContain(`SESSION_FILE: ${transcript}`);
  });

  it('--save-reader records the reader for the project; a later run with none named uses it', async () => {
    const project = tempDir('retrospect-deepread-saved-');
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: project });
    const save = await runCli(['deep-read', transcript, '--provider', 'heuristic', '--save-reader'], {
      cwd: project,
      env: BASE_ENV,
    });
    expect(save.code).toBe(0);
    expect(save.stderr).toContain('reader recorded for this project: heuristic in');
    expect(JSON.parse(readFileSync(join(project, '.claude', 'retro', 'settings.json'), 'utf8'))).toEqual({
      reader: { provider: 'heuristic' },
    });
    const { env } = installFakeClaude({ PATH: '/usr/bin:/bin' });
    const later = await runCli(['deep-read', transcript], {
      cwd: project,
      env: { ...BASE_ENV, PATH: env.PATH },
    });
    expect(later.stderr).toContain("deep-read: reader: heuristic, recorded in the project's settings");
    const refused = await runCli(['deep-read', transcript, '--save-reader'], { cwd: project, env: BASE_ENV });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--save-reader records the reader named with --provider');
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

  it("--answer FILE validates the answer as a provider's, asks no one and writes nothing", async () => {
    const answer = JSON.stringify({
      proposals: [
        {
          target: 'claude',
          proposed_text: 'Read the lines you will replace right before each Edit.',
          confidence: 0.7,
          citations: [{ message_id: ids.staleResult, excerpt: 'String to replace not found in file.' }],
          pattern_summary: 'stale edit',
        },
        {
          target: 'claude',
          proposed_text: 'Quote nothing you did not read.',
          confidence: 0.9,
          citations: [{ message_id: ids.reject, excerpt: 'words nobody wrote' }],
          pattern_summary: 'made up',
        },
      ],
      observations: [],
      fabrication_anchors: [
        {
          anchor_id: 'deadbeefdeadbeef',
          turn_id: ids.claim,
          fabricated_claim_text: 'All tests pass now and the build is clean.',
          evidence_for_fabrication: 'The preceding npm test run failed.',
        },
      ],
    });
    const file = join(repo, 'answer.json');
    writeFileSync(file, answer);
    const before = server.requests.length;
    const run = await runCli(['deep-read', transcript, '--answer', file, '--json'], {
      cwd: repo,
      env: { ...BASE_ENV, RETROSPECT_PROVIDER: 'openai', OPENAI_BASE_URL: server.openAiBaseUrl },
    });
    expect(run.code).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(run.stderr).toContain(`deep-read: reader: the answer in ${file}, validated as a model's`);
    const result = JSON.parse(run.stdout);
    expect(result.usage.provider).toBe('answer');
    expect(result.proposals.map((p: { proposed_text: string }) => p.proposed_text)).toEqual([
      'Read the lines you will replace right before each Edit.',
    ]);
    expect(result.dropped.map((d: { kind: string }) => d.kind)).toContain('citation');
    expect(result.fabrication_anchors).toHaveLength(1);
    // The anchors are found, not saved: retro saves them, in the session's own project.
    expect(existsSync(join(repo, '.claude'))).toBe(false);

    const fromStdin = await runCli(['deep-read', transcript, '--answer', '-', '--json'], {
      cwd: repo,
      env: BASE_ENV,
      input: answer,
    });
    expect(fromStdin.code).toBe(0);
    const { usage: _u1, ...stdinItems } = JSON.parse(fromStdin.stdout);
    const { usage: _u2, ...fileItems } = result;
    expect(stdinItems).toEqual(fileItems);
  });

  it('--answer refuses a missing or empty answer with what it expected', async () => {
    const missing = await runCli(['deep-read', transcript, '--answer', 'nope.json'], {
      cwd: repo,
      env: BASE_ENV,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--answer: no such file:');
    expect(missing.stderr).toContain(
      "expected a file holding the model's answer (one JSON object), or - for stdin",
    );
    const empty = await runCli(['deep-read', transcript, '--answer', '-'], {
      cwd: repo,
      env: BASE_ENV,
      input: ' \n',
    });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('--answer: stdin is empty');
  });

  it('--dry-run --json says who the prompt is for and how to give the answer back', async () => {
    const run = await runCli(['deep-read', transcript, '--dry-run', '--json'], { cwd: repo, env: BASE_ENV });
    expect(run.code).toBe(0);
    const plan = JSON.parse(run.stdout);
    expect(plan.audience).toBe('agent');
    expect(plan.purpose).toContain('a reader that can open the transcript file');
    expect(plan.how_to_answer).toContain(`retrospect deep-read ${SESSION} --answer FILE`);
    expect(plan.how_to_answer).toContain(`retrospect retro ${SESSION} --answers FILE`);
    const remote = await runCli(['deep-read', transcript, '--dry-run', '--json', '--audience', 'remote'], {
      cwd: repo,
      env: BASE_ENV,
    });
    expect(JSON.parse(remote.stdout).audience).toBe('remote');
    const byProvider = await runCli(
      ['deep-read', transcript, '--dry-run', '--json', '--provider', 'anthropic'],
      { cwd: repo, env: BASE_ENV },
    );
    expect(JSON.parse(byProvider.stdout).audience).toBe('remote');
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
    expect(provider.stderr).toContain(
      "--provider takes openai|anthropic|claude-cli|codex-cli|gemini-cli|heuristic, got 'gpt'",
    );
  });
});
