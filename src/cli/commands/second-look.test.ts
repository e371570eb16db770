import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { bandSession } from '../../second-look/test-support/band-session.js';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

const SESSION = '5b1e7c2a-9d4f-4e3b-8a6c-2f0d1e9b7a35';
const folder = tempDir('retrospect-second-look-cli-');
const BASE_ENV = {
  RETROSPECT_DATA_DIR: folder,
  RETROSPECT_PROVIDER: '',
  RETROSPECT_MODEL: '',
  OPENAI_API_KEY: '',
  OPENAI_BASE_URL: '',
  ANTHROPIC_API_KEY: '',
  FRICTION_LEDGER: '',
  RETRO_GATE_PROFILE: '',
  RETRO_THRESHOLD: '',
  PATH: '/nonexistent',
};
let server: LlmTestServer;
let transcript: string;

beforeAll(async () => {
  server = await startLlmServer({ apiKey: 'sk-local' });
  transcript = bandSession(SESSION).builder.write(join(folder, `${SESSION}.jsonl`));
});
afterAll(() => server.close());

describe('retrospect second-look', () => {
  it('--prompt prints the prompt and sends nothing', async () => {
    const run = await runCli(['second-look', transcript, '--prompt'], { cwd: folder, env: BASE_ENV });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[turn 3] person:\n  obrigado, ficou ótimo\n');
    expect(run.stderr).toContain('prompt only, nothing sent');
    expect(server.requests).toHaveLength(0);
  });

  it("--answer FILE validates the host agent's answer and flags by it", async () => {
    const answer = join(folder, 'answer.json');
    writeFileSync(answer, '{"verdict":"rough","turn":2,"quote":"não  faça push","kind":"refusal"}');
    const run = await runCli(['second-look', transcript, '--answer', answer, '--json'], {
      cwd: folder,
      env: BASE_ENV,
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      session_id: SESSION,
      score: 3,
      threshold: 5,
      gate_flagged: false,
      in_band: true,
      status: 'read',
      flagged: true,
      reader: 'the given answer',
      verdict: 'rough',
      kind: 'refusal',
      turn: 2,
      quote: 'não faça push',
    });
  });

  it('asks the named provider over HTTP, and an answer that fails validation leaves the gate verdict, saying why', async () => {
    server.enqueue({ text: '{"verdict":"rough","turn":0,"quote":"you broke it","kind":"complaint"}' });
    const env = { ...BASE_ENV, OPENAI_API_KEY: 'sk-local', OPENAI_BASE_URL: server.openAiBaseUrl };
    const run = await runCli(['second-look', transcript, '--provider', 'openai'], { cwd: folder, env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Session ${SESSION}: score 3.0 / 5.0, not flagged by the gate; in the second look's band (3.0 under to 1.0 over the threshold)\n` +
        `openai (gpt-4o-mini)'s answer does not count (a "rough" answer needs a valid citation: the quote "you broke it" is not in turn 0); the gate's verdict stands: not flagged\n`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('offline, reports the band and keeps the gate verdict', async () => {
    const run = await runCli(['second-look', transcript], { cwd: folder, env: BASE_ENV });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("no reader: the gate's verdict stands (not flagged)");
    expect(run.stderr).toContain('offline');
  });

  it('--always reads a session outside the band, reports the answer and keeps the gate verdict', async () => {
    const far = bandSession('6c2f8d3b-0e5a-4f4c-9b7d-3a1e2f0c8b46');
    far.builder.user("that's wrong, stop and revert it");
    far.builder.user("no that's not it, undo everything");
    const path = far.builder.write(join(folder, 'far.jsonl'));
    const answer = join(folder, 'smooth.json');
    writeFileSync(answer, '{"verdict":"smooth","turn":null,"quote":"","kind":"none"}');
    const run = await runCli(['second-look', path, '--always', '--answer', answer], {
      cwd: folder,
      env: BASE_ENV,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "the gate's verdict stands: flagged (the given answer said smooth; outside the band that does not count)",
    );
  });

  it('a missing transcript is one line and exit 1', async () => {
    const run = await runCli(['second-look', join(folder, 'gone.jsonl')], { cwd: folder, env: BASE_ENV });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
