import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codexCliProvider } from './codex-cli.js';
import { LlmError } from './errors.js';
import { geminiCliProvider } from './gemini-cli.js';
import { installFakeAgentCli } from './test-support/fake-agent-cli.js';

const schema = { name: 'answer', parser: z.object({ ok: z.boolean() }), wire: {} };
const request = {
  system: 'You analyse sessions.',
  prompt: 'Read the transcript at /x.jsonl',
  purpose: 'deep-read',
};

describe.each([
  [
    'codex',
    codexCliProvider,
    ['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '--model', 'm-1', '-'],
  ],
  ['gemini', geminiCliProvider, ['-p', expect.any(String), '--output-format', 'json', '--model', 'm-1']],
] as const)('the %s CLI provider (a stand-in printing its headless format)', (kind, provider, argv) => {
  it('sends the prompt on stdin after the own-run marker, and reads the answer and usage it prints', async () => {
    const fake = installFakeAgentCli(kind);
    const log = join(fake.dir, 'call.json');
    const port = provider({
      command: fake.command,
      model: 'm-1',
      env: { PATH: '/usr/bin:/bin', FAKE_AGENT_ANSWER: 'Here it is:\n{"ok": true}', FAKE_AGENT_LOG: log },
    });
    expect(port.readsFiles).toBe(true);
    const done = await port.completeJson(request, schema);
    const call = JSON.parse(readFileSync(log, 'utf8'));
    expect(call.argv).toEqual(argv);
    expect(call.input).toBe(
      '<!-- retrospect:own-run deep-read -->\nYou analyse sessions.\n\nRead the transcript at /x.jsonl',
    );
    expect(done.usage).toEqual({ requests: 1, input_tokens: 2400, output_tokens: 120 });
    // The answer text goes through the shared JSON parsing, as every provider's does.
    const direct = await provider({
      command: fake.command,
      env: { PATH: '/usr/bin:/bin', FAKE_AGENT_ANSWER: '{"ok": true}' },
    }).completeJson(request, schema);
    expect(direct).toMatchObject({ ok: true, value: { ok: true } });
  });

  it('turns a failed run into an authentication error that says what to do', async () => {
    const fake = installFakeAgentCli(kind);
    const port = provider({
      command: fake.command,
      env: { PATH: '/usr/bin:/bin', FAKE_AGENT_MODE: 'error' },
    });
    const error = await port.completeJson(request, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe('E_LLM_AUTH');
    expect((error as LlmError).message).toMatch(new RegExp(`^${kind}-cli: authentication failed`));
  });

  it('says the CLI is not installed when it is not on PATH', async () => {
    const port = provider({ command: `${kind}-not-installed-here`, env: { PATH: '' } });
    const error = await port.completeJson(request, schema).catch((e: unknown) => e);
    expect((error as LlmError).code).toBe('E_LLM_CONFIG');
    expect((error as LlmError).message).toContain('was not found on PATH');
  });
});
