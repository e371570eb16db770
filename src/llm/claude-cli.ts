import { spawn } from 'node:child_process';
import { z } from 'zod';
import { secretsFromEnv } from '../safety/redact.js';
import { ownRunMarker } from '../transcript/own-run.js';
import { LlmError } from './errors.js';
import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';

export interface ClaudeCliOptions {
  /** Passed as `--model` when set; the CLI's own default otherwise. */
  model?: string;
  /** Environment of the child (its PATH finds `claude`). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  /** The executable, `claude` by default (looked up on PATH). */
  command?: string;
}

/** The envelope `claude -p --output-format json` prints: the answer is the `result` string. */
const envelopeSchema = z.looseObject({
  type: z.literal('result'),
  subtype: z.string().optional(),
  is_error: z.boolean().optional(),
  result: z.string().optional(),
  usage: z
    .looseObject({ input_tokens: z.number().optional(), output_tokens: z.number().optional() })
    .optional(),
});

const KILL_GRACE_MS = 2_000;

interface ChildOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an agent CLI once: the prompt on stdin, stdout and stderr collected; stopped (SIGTERM, then SIGKILL)
 * on timeout or abort. `label` names the provider in every error.
 */
export function runChild(
  command: string,
  args: string[],
  input: string,
  options: ClaudeCliOptions,
  signal: AbortSignal | undefined,
  label = 'claude-cli',
  install = 'install Claude Code',
): Promise<ChildOutcome> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new LlmError('E_LLM_ABORTED', `${label}: request aborted`));
      return;
    }
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let failure: LlmError | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: LlmError) => {
      failure ??= why;
      child.kill('SIGTERM');
      // A CLI that ignores SIGTERM must not outlive us.
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(
      () =>
        stop(
          new LlmError(
            'E_LLM_TIMEOUT',
            `${label}: no answer within ${timeoutMs} ms; the process was stopped`,
          ),
        ),
      timeoutMs,
    );
    const onAbort = () =>
      stop(new LlmError('E_LLM_ABORTED', `${label}: request aborted; the process was stopped`));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => {
      // The child may exit before reading all of stdin; its exit status tells the story.
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(
        error.code === 'ENOENT'
          ? new LlmError(
              'E_LLM_CONFIG',
              `${label}: '${command}' was not found on PATH; ${install} or choose another provider`,
            )
          : new LlmError('E_LLM_NETWORK', `${label}: cannot start '${command}': ${error.message}`, {
              cause: error,
            }),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else
        resolve({
          code,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
        });
    });
    child.stdin.end(input);
  });
}

/**
 * What an agent CLI gets on stdin: the own-run marker line, then the system text and the prompt unchanged.
 * The agent keeps a transcript of the run among the user's sessions; the marker lets scan and retro
 * recognise it as Retrospect's own and leave it out.
 */
export function agentCliInput(request: LlmRequest): string {
  const body = request.system ? `${request.system}\n\n${request.prompt}` : request.prompt;
  return `${ownRunMarker(request.purpose ?? 'analysis')}\n${body}`;
}

export function tail(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `…${flat.slice(-300)}` : flat || '(no output)';
}

/**
 * Claude Code in print mode: spawns `claude -p --output-format json` with the prompt on stdin, reads the
 * JSON envelope it prints, and parses the envelope's `result` as the answer. The process is stopped on
 * timeout or abort. The prompt opens with the own-run marker line (`<!-- retrospect:own-run <purpose> -->`);
 * no flag is passed to keep the session off disk, since not every Claude Code version knows one and an
 * unknown flag would fail the run.
 */
export function claudeCliProvider(options: ClaudeCliOptions = {}): LlmPort {
  const command = options.command ?? 'claude';
  const model = options.model ?? '';
  // What the CLI prints on failure is quoted in the error; it must not quote the keys it was given.
  const secrets = secretsFromEnv(options.env ?? process.env);
  return {
    name: 'claude-cli',
    readsFiles: true,
    model,
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      const args = ['-p', '--output-format', 'json', ...(model ? ['--model', model] : [])];
      const outcome = await runChild(command, args, agentCliInput(request), options, request.signal);
      let envelope: z.infer<typeof envelopeSchema> | undefined;
      try {
        const parsed = envelopeSchema.safeParse(JSON.parse(outcome.stdout));
        if (parsed.success) envelope = parsed.data;
      } catch {
        envelope = undefined;
      }
      if (!envelope) {
        const why =
          outcome.code === 0 ? 'printed no JSON result envelope' : `exited with status ${outcome.code}`;
        throw new LlmError(
          'E_LLM_HTTP',
          `claude-cli: ${command} ${why}: ${tail(outcome.stderr || outcome.stdout)}`,
          { secrets },
        );
      }
      if (envelope.is_error || outcome.code !== 0) {
        const detail = envelope.result ?? envelope.subtype ?? tail(outcome.stderr);
        const auth = /api key|log ?in|authenticat|unauthori[sz]ed|oauth/i.test(detail);
        throw new LlmError(
          auth ? 'E_LLM_AUTH' : 'E_LLM_HTTP',
          auth
            ? `claude-cli: authentication failed: ${detail}; run 'claude' once to log in`
            : `claude-cli: ${detail}`,
          { secrets },
        );
      }
      const usage = {
        requests: 1,
        input_tokens: envelope.usage?.input_tokens ?? 0,
        output_tokens: envelope.usage?.output_tokens ?? 0,
      };
      return parseJsonAnswer(envelope.result ?? '', schema, usage);
    },
  };
}
