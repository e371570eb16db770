import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectFolderName } from '../paths/data-dir.js';
import { tempDir } from '../test-support/temp-dir.js';
import { isOwnRunTranscript } from '../transcript/own-run.js';
import { claudeCliProvider } from './claude-cli.js';
import { LlmError } from './errors.js';
import type { JsonSchemaSpec } from './port.js';
import { installFakeClaude } from './test-support/fake-claude.js';

const schema = z.object({ verdict: z.string() });
const SPEC: JsonSchemaSpec<z.infer<typeof schema>> = { name: 'verdict', parser: schema, wire: {} };

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('claude-cli provider', () => {
  it('spawns claude -p --output-format json with the prompt on stdin and parses the envelope result', async () => {
    const { env, dir } = installFakeClaude();
    const log = join(dir, 'call.json');
    const provider = claudeCliProvider({
      model: 'sonnet',
      env: { ...env, FAKE_CLAUDE_RESULT: '```json\n{"verdict":"cli"}\n```', FAKE_CLAUDE_LOG: log },
    });
    const result = await provider.completeJson({ system: 'sys', prompt: 'the prompt' }, SPEC);
    expect(result).toMatchObject({ ok: true, value: { verdict: 'cli' } });
    expect(result.usage).toEqual({ requests: 1, input_tokens: 321, output_tokens: 45 });
    const call = JSON.parse(readFileSync(log, 'utf8')) as { argv: string[]; input: string };
    expect(call.argv).toEqual(['-p', '--output-format', 'json', '--model', 'sonnet']);
    expect(call.input).toBe('<!-- retrospect:own-run analysis -->\nsys\n\nthe prompt');
  });

  it("opens the prompt with the own-run marker, so that Claude Code's transcript of the run is recognisably ours", async () => {
    const { env, dir } = installFakeClaude();
    const cwd = realpathSync(tempDir('retrospect-cli-cwd-'));
    const config = join(dir, 'config');
    const provider = claudeCliProvider({
      cwd,
      env: {
        ...env,
        CLAUDE_CONFIG_DIR: config,
        FAKE_CLAUDE_SESSIONS: '1',
        FAKE_CLAUDE_RESULT: '{"verdict":"x"}',
      },
    });
    const prompt =
      'The seed prompt, byte for byte.\n<!-- retrospect:own-run deep-read --> inside is not a marker';
    await provider.completeJson({ system: 'sys', prompt, purpose: 'deep-read' }, SPEC);
    const folder = join(config, 'projects', projectFolderName(cwd));
    const [session] = readdirSync(folder);
    const transcript = join(folder, session!);
    const lines = readFileSync(transcript, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[2].message.content).toBe(`<!-- retrospect:own-run deep-read -->\nsys\n\n${prompt}`);
    expect(isOwnRunTranscript(transcript)).toBe(true);
  });

  it('turns an is_error envelope about the login into an authentication error', async () => {
    const { env } = installFakeClaude();
    const provider = claudeCliProvider({ env: { ...env, FAKE_CLAUDE_MODE: 'error' } });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_AUTH');
    expect(error.message).toContain('Invalid API key');
  });

  it('reports a crash with the exit status and the output tail', async () => {
    const { env } = installFakeClaude();
    const provider = claudeCliProvider({ env: { ...env, FAKE_CLAUDE_MODE: 'garbage' } });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.message).toContain('exited with status 139: Segmentation fault');
  });

  it('kills a CLI that does not answer within the timeout', async () => {
    const { env, dir } = installFakeClaude();
    const log = join(dir, 'call.json');
    const provider = claudeCliProvider({
      env: { ...env, FAKE_CLAUDE_MODE: 'hang', FAKE_CLAUDE_LOG: log },
      timeoutMs: 400,
    });
    const started = Date.now();
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(log)).toBe(true);
  });

  it('kills the CLI when the caller aborts', async () => {
    const { env } = installFakeClaude();
    const provider = claudeCliProvider({ env: { ...env, FAKE_CLAUDE_MODE: 'hang' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await failure(provider.completeJson({ prompt: 'p', signal: controller.signal }, SPEC));
    expect(error.code).toBe('E_LLM_ABORTED');
  });

  it('says how to fix a missing claude executable', async () => {
    const provider = claudeCliProvider({ command: 'claude-not-installed-here', env: { PATH: '' } });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_CONFIG');
    expect(error.message).toContain('was not found on PATH');
  });
});
