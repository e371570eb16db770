import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandSession } from '../second-look/test-support/band-session.js';
import { runCli } from '../test-support/cli.js';
import { connectMcp, offlineMcpEnv } from '../test-support/mcp-client.js';
import { tempDir } from '../test-support/temp-dir.js';

const SESSION = '5b1e7c2a-9d4f-4e3b-8a6c-2f0d1e9b7a35';
const texts = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : ''));

describe('second_look_prompt and second_look_answer (the built server over stdio)', () => {
  let project: string;
  let env: Record<string, string>;
  let client: Client;
  const call = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    const home = tempDir('retrospect-mcp-second-look-');
    project = join(home, 'project');
    mkdirSync(project);
    bandSession(SESSION).builder.write(join(project, 'band.jsonl'));
    // No provider and no agent CLI: the tools never ask a model.
    env = offlineMcpEnv(home, { RETRO_GATE_PROFILE: '', RETRO_THRESHOLD: '' });
    client = await connectMcp(project, env);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
  });

  it('second_look_prompt gives the prompt `second-look --prompt` prints, and says whether the answer decides', async () => {
    const result = await call('second_look_prompt', { session: 'band.jsonl' });
    expect(result.isError).toBeFalsy();
    const [prompt, about] = texts(result);
    const cli = await runCli(['second-look', 'band.jsonl', '--prompt'], { cwd: project, env });
    expect(prompt).toBe(cli.stdout.trimEnd());
    expect(about).toContain(`session ${SESSION}: gate score 3 / 5 (not flagged), in the band`);
    expect(about).toContain('second_look_answer');
  });

  it('second_look_answer validates in the library: a cited rough flags, a quote nobody typed does not', async () => {
    const valid = await call('second_look_answer', {
      session: 'band.jsonl',
      answer: '{"verdict":"rough","turn":2,"quote":"só corrija o formatador","kind":"refusal"}',
    });
    expect(JSON.parse(texts(valid)[0] ?? '')).toMatchObject({
      status: 'read',
      gate_flagged: false,
      flagged: true,
    });
    const invented = await call('second_look_answer', {
      session: 'band.jsonl',
      answer: '{"verdict":"rough","turn":3,"quote":"worst agent ever","kind":"frustration"}',
    });
    expect(JSON.parse(texts(invented)[0] ?? '')).toMatchObject({
      status: 'invalid',
      flagged: false,
      why: 'a "rough" answer needs a valid citation: the quote "worst agent ever" is not in turn 3',
    });
    expect(readdirSync(project)).toEqual(['band.jsonl']);
  });

  it('an unknown session and an empty answer are errors that say what was expected', async () => {
    const unknown = await call('second_look_prompt', { session: 'ffffffff' });
    expect(unknown.isError).toBe(true);
    expect(texts(unknown)[0]).toMatch(/^second_look_prompt: /);
    const empty = await call('second_look_answer', { session: 'band.jsonl', answer: '' });
    expect(empty.isError).toBe(true);
    expect(texts(empty).join(' ')).toContain("answer: expected the model's answer");
  });
});
