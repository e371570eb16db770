import { secretsFromEnv } from '../safety/redact.js';
import { agentCliInput, type ClaudeCliOptions, runChild, tail } from './claude-cli.js';
import { LlmError } from './errors.js';
import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';

/** What one `codex exec --json` run printed: the last agent message, the usage, any failure. */
interface CodexRun {
  message?: string;
  inputTokens: number;
  outputTokens: number;
  failure?: string;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Reads the JSON Lines `codex exec --json` prints: `thread.started`, `turn.started`, `item.completed`
 * (an item of type `agent_message` holds the answer's `text`), `turn.completed` (with `usage`),
 * `turn.failed` / `error` (with a message). Lines that are not JSON (a warning) are passed over.
 */
function readCodexEvents(stdout: string): CodexRun {
  const run: CodexRun = { inputTokens: 0, outputTokens: 0 };
  for (const line of stdout.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    let event: Record<string, unknown> | undefined;
    try {
      event = record(JSON.parse(line));
    } catch {
      continue;
    }
    if (!event) continue;
    const item = record(event.item);
    if (event.type === 'item.completed' && item?.type === 'agent_message' && typeof item.text === 'string')
      run.message = item.text;
    const usage = record(event.usage);
    if (event.type === 'turn.completed' && usage) {
      run.inputTokens += typeof usage.input_tokens === 'number' ? usage.input_tokens : 0;
      run.outputTokens += typeof usage.output_tokens === 'number' ? usage.output_tokens : 0;
    }
    const error = record(event.error);
    if (event.type === 'turn.failed' || event.type === 'error') {
      const message = typeof error?.message === 'string' ? error.message : event.message;
      run.failure = typeof message === 'string' ? message : 'the run failed';
    }
  }
  return run;
}

/**
 * OpenAI's Codex CLI in its headless mode: `codex exec --json --sandbox read-only --skip-git-repo-check -`
 * with the prompt on stdin (the sandbox lets it read the transcript, never change a file), the answer
 * being the last `agent_message` of the JSON Lines it prints. Stopped on timeout or abort like claude-cli.
 */
export function codexCliProvider(options: ClaudeCliOptions = {}): LlmPort {
  const command = options.command ?? 'codex';
  const model = options.model ?? '';
  const secrets = secretsFromEnv(options.env ?? process.env);
  return {
    name: 'codex-cli',
    readsFiles: true,
    model,
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      const args = [
        'exec',
        '--json',
        '--sandbox',
        'read-only',
        '--skip-git-repo-check',
        ...(model ? ['--model', model] : []),
        '-',
      ];
      const outcome = await runChild(
        command,
        args,
        agentCliInput(request),
        options,
        request.signal,
        'codex-cli',
        'install the Codex CLI',
      );
      const run = readCodexEvents(outcome.stdout);
      if (run.failure !== undefined || outcome.code !== 0 || run.message === undefined) {
        const detail = run.failure ?? tail(outcome.stderr || outcome.stdout);
        const auth = /api key|log ?in|authenticat|unauthori[sz]ed|401/i.test(detail);
        throw new LlmError(
          auth ? 'E_LLM_AUTH' : 'E_LLM_HTTP',
          auth
            ? `codex-cli: authentication failed: ${detail}; run 'codex login' once`
            : `codex-cli: ${command} ${outcome.code === 0 ? 'gave no answer' : `exited with status ${outcome.code}`}: ${detail}`,
          { secrets },
        );
      }
      const usage = { requests: 1, input_tokens: run.inputTokens, output_tokens: run.outputTokens };
      return parseJsonAnswer(run.message, schema, usage);
    },
  };
}
