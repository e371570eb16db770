import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../test-support/cli.js';
import { connectMcp, offlineMcpEnv } from '../test-support/mcp-client.js';
import { tempDir } from '../test-support/temp-dir.js';

const DEMO = join(REPO_ROOT, 'examples', 'projects');
const FLAGGED_ID = '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24';
const CORRECTION_ID = '6e9626d6-b530-4179-8eda-d0e48f989f07';
const CORRECTION =
  "No, that's wrong. Don't touch the schema, revert that change. Only the rounding in total().";

/** What the host agent answered to the prompt: one rule on the person's own words, one on words nobody wrote. */
const ANSWER = JSON.stringify({
  proposals: [
    {
      target: 'claude',
      proposed_text: 'Change only what was asked; ask before touching the schema or other files.',
      confidence: 0.8,
      citations: [{ message_id: CORRECTION_ID, excerpt: CORRECTION }],
      pattern_summary: 'scope creep',
    },
    {
      target: 'claude',
      proposed_text: 'Always run the linter.',
      confidence: 0.9,
      citations: [{ message_id: CORRECTION_ID, excerpt: 'please run the linter' }],
      pattern_summary: 'lint',
    },
  ],
  observations: [],
  fabrication_anchors: [],
});

const texts = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : ''));

describe('deep_read_prompt and deep_read_answer (the built server over stdio)', () => {
  let home: string;
  let project: string;
  let env: Record<string, string>;
  let client: Client;
  const call = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    home = tempDir('retrospect-mcp-deepread-');
    cpSync(DEMO, join(home, 'projects'), { recursive: true });
    project = join(home, 'project');
    execFileSync('git', ['init', '-q', project]);
    // No provider and no agent CLI: the tools never ask a model, and the test proves it by having none.
    env = offlineMcpEnv(home);
    client = await connectMcp(project, env);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('are listed, each taking the session as gate_session does', async () => {
    const { tools } = await client.listTools();
    const prompt = tools.find((t) => t.name === 'deep_read_prompt');
    const answer = tools.find((t) => t.name === 'deep_read_answer');
    expect(prompt?.inputSchema.required).toEqual(['session']);
    expect(answer?.inputSchema.required).toEqual(['session', 'answer']);
    expect(prompt?.annotations?.readOnlyHint).toBe(true);
    expect(answer?.annotations?.readOnlyHint).toBe(true);
  });

  it('deep_read_prompt gives the prompt `deep-read --dry-run` prints, and says what it is for and how to answer', async () => {
    const result = await call('deep_read_prompt', { session: '1f7a9c3e' });
    expect(result.isError).toBeFalsy();
    const [prompt, about] = texts(result);
    const cli = await runCli(['deep-read', '1f7a9c3e', '--dry-run'], { cwd: project, env });
    expect(cli.code).toBe(0);
    expect(prompt).toBe(cli.stdout.trimEnd());
    expect(about).toContain(`The deep-read prompt for session ${FLAGGED_ID}`);
    expect(about).toContain('deep_read_answer');
    expect(about).toContain(`retrospect retro ${FLAGGED_ID} --answers FILE`);
  });

  it('deep_read_answer validates the answer as `deep-read --answer` does, and writes nothing', async () => {
    const result = await call('deep_read_answer', { session: '1f7a9c3e', answer: ANSWER });
    expect(result.isError).toBeFalsy();
    const validated = JSON.parse(texts(result)[0] ?? '');
    expect(validated.session_id).toBe(FLAGGED_ID);
    expect(validated.proposals.map((p: { proposed_text: string }) => p.proposed_text)).toEqual([
      'Change only what was asked; ask before touching the schema or other files.',
    ]);
    expect(validated.dropped.some((d: { kind: string }) => d.kind === 'citation')).toBe(true);
    writeFileSync(join(home, 'answer.json'), ANSWER);
    const cli = await runCli(['deep-read', '1f7a9c3e', '--answer', join(home, 'answer.json'), '--json'], {
      cwd: project,
      env,
    });
    const { usage: _usage, ...fromCli } = JSON.parse(cli.stdout);
    expect(validated).toEqual(fromCli);
    expect(readdirSync(project)).toEqual(['.git']);
  });

  it('an answer that is no JSON gives zero proposals with the reason; an unknown session is an error', async () => {
    const prose = await call('deep_read_answer', { session: '1f7a9c3e', answer: 'I think it went fine.' });
    expect(prose.isError).toBeFalsy();
    const validated = JSON.parse(texts(prose)[0] ?? '');
    expect(validated.proposals).toEqual([]);
    expect(validated.dropped[0]).toMatchObject({ kind: 'answer' });
    const unknown = await call('deep_read_prompt', { session: 'ffffffff' });
    expect(unknown.isError).toBe(true);
    expect(texts(unknown)[0]).toMatch(/^deep_read_prompt: /);
    const empty = await call('deep_read_answer', { session: '1f7a9c3e', answer: '' });
    expect(empty.isError).toBe(true);
    expect(texts(empty).join(' ')).toContain("answer: expected the model's answer");
  });
});
