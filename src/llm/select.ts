import { anthropicProvider } from './anthropic.js';
import { claudeCliProvider } from './claude-cli.js';
import { codexCliProvider } from './codex-cli.js';
import { LlmError } from './errors.js';
import { geminiCliProvider } from './gemini-cli.js';
import { type HeuristicAnalysis, heuristicProvider } from './heuristic.js';
import { findOnPath } from './on-path.js';
import { OPENAI_DEFAULT_BASE_URL, openAiProvider } from './openai.js';
import type { LlmPort } from './port.js';
import { PROVIDER_NAMES, type ProviderName } from './provider-names.js';
import type { RecordedReader } from './reader-settings.js';
import type { RetryPolicy } from './retry.js';
import { type ReaderSettings, resolveReaderSettings } from './settings.js';

export { PROVIDER_NAMES, type ProviderName };

export interface ProviderChoice {
  /** `--provider`; else `RETROSPECT_PROVIDER`; else the offline heuristic. */
  provider?: string;
  /** `--model`; else `RETROSPECT_MODEL`; else the provider's default. */
  model?: string;
  /** `--base-url`; else `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`. */
  baseUrl?: string;
  /**
   * The configured reader under the flags (`RETROSPECT_PROVIDER`, `_MODEL`, `_LLM_TIMEOUT_MS`), resolved at
   * the caller's edge; default: resolved from `env`.
   */
  reader?: ReaderSettings | undefined;
  /** Provider keys and base URLs, and the PATH an agent CLI is looked for on. */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** What the offline provider answers with. */
  heuristic: HeuristicAnalysis;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /**
   * Look for a reader when none is named (the deep read): the recorded one, an API key, an agent CLI on
   * PATH. Without it, an unnamed provider is the offline heuristic.
   */
  detect?: boolean | undefined;
  /** The reader recorded in the project's settings (`--save-reader`), used when none is named. */
  recorded?: RecordedReader | undefined;
  /**
   * An unattended run (the schedule): only a reader the person chose (named, `RETROSPECT_PROVIDER`, or
   * recorded) reads; nothing is detected, so nothing is sent that nobody chose to send.
   */
  unattended?: boolean | undefined;
}

interface SelectedProvider {
  port: LlmPort;
  /**
   * The one stderr line: which reader reads, why, and how to choose another (always, for a caller that
   * looks for a reader; for others only when none was named).
   */
  notice?: string;
}

/** How to choose another reader, said after every choice. */
const CHOOSE_READER = `choose another with --provider ${PROVIDER_NAMES.join('|')}, or record one for this project with --provider NAME --save-reader`;

/** Agent CLIs whose headless mode can answer, in the order they are looked for on PATH. */
const AGENT_CLIS = [
  { command: 'claude', provider: 'claude-cli', what: 'Claude Code' },
  { command: 'codex', provider: 'codex-cli', what: 'the Codex CLI' },
  { command: 'gemini', provider: 'gemini-cli', what: 'Gemini CLI' },
] as const;

/** The reader of a run with none named, and why: the recorded one, an API key, an agent CLI, or none. */
function detectReader(choice: ProviderChoice): { provider: ProviderName; why: string; model?: string } {
  const { env, recorded } = choice;
  if (recorded)
    return {
      provider: recorded.provider,
      why: "recorded in the project's settings",
      ...(recorded.model ? { model: recorded.model } : {}),
    };
  if (choice.unattended)
    return { provider: 'heuristic', why: 'offline; an unattended run uses only a reader chosen for it' };
  if (nonEmpty(env.ANTHROPIC_API_KEY)) return { provider: 'anthropic', why: 'ANTHROPIC_API_KEY is set' };
  if (nonEmpty(env.OPENAI_API_KEY)) return { provider: 'openai', why: 'OPENAI_API_KEY is set' };
  for (const cli of AGENT_CLIS) {
    const found = findOnPath(cli.command, env);
    if (found)
      return {
        provider: cli.provider,
        why: `${cli.what} is on PATH (${found}); each read is a request on your account`,
      };
  }
  return { provider: 'heuristic', why: 'offline; no provider configured, no API key, no agent CLI on PATH' };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim().length > 0 ? value.trim() : undefined;
}

function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/**
 * Picks the reader: the one named (`--provider`, else `RETROSPECT_PROVIDER`), else the one recorded for the
 * project, else an API key in the environment (Anthropic, then OpenAI), else an agent CLI on PATH (claude,
 * codex, gemini), else the offline heuristic. An unattended run stops after the recorded one. The notice
 * says which reader reads and how to choose another.
 */
export function selectProvider(choice: ProviderChoice): SelectedProvider {
  const reader = choice.reader ?? resolveReaderSettings(choice.env);
  const named = nonEmpty(choice.provider) ?? reader.provider;
  if (named === undefined && choice.detect !== true) return offlineUnasked(choice);
  const detected = named === undefined ? detectReader(choice) : undefined;
  const requested = named ?? detected?.provider ?? 'heuristic';
  const model = nonEmpty(choice.model) ?? reader.model ?? detected?.model;
  const why = detected?.why ?? (nonEmpty(choice.provider) ? 'named with --provider' : 'RETROSPECT_PROVIDER');
  const port = portFor(requested, choice, model, reader.timeoutMs);
  if (choice.detect !== true) return { port };
  const label = `${port.name}${port.model ? ` (${port.model})` : ''}`;
  return { port, notice: `reader: ${label}, ${why}; ${CHOOSE_READER}` };
}

/**
 * A caller that does not look for a reader (a walk's comments, a sprint's drafts): the offline heuristic,
 * and a notice that names the agent CLI it could use.
 */
function offlineUnasked(choice: ProviderChoice): SelectedProvider {
  const claude = findOnPath('claude', choice.env);
  const hint = claude
    ? `; Claude Code is on PATH (${claude}): --provider claude-cli would use it, each read a request on your Claude account`
    : '';
  return {
    port: heuristicProvider(choice.heuristic),
    notice: `no LLM provider configured (--provider or RETROSPECT_PROVIDER: ${PROVIDER_NAMES.filter((n) => n !== 'heuristic').join(', ')}); using the offline heuristic provider${hint}`,
  };
}

function portFor(
  requested: string,
  choice: ProviderChoice,
  model: string | undefined,
  configuredTimeoutMs: number | undefined,
): LlmPort {
  const { env } = choice;
  const timeoutMs = choice.timeoutMs ?? configuredTimeoutMs;
  const transport = { ...(timeoutMs ? { timeoutMs } : {}), ...(choice.retry ? { retry: choice.retry } : {}) };
  if (!isProviderName(requested)) {
    throw new LlmError(
      'E_LLM_CONFIG',
      `unknown provider '${requested}'; expected one of ${PROVIDER_NAMES.join(', ')}`,
    );
  }
  switch (requested) {
    case 'heuristic':
      return heuristicProvider(choice.heuristic);
    case 'openai': {
      const baseUrl = nonEmpty(choice.baseUrl) ?? nonEmpty(env.OPENAI_BASE_URL);
      const apiKey = nonEmpty(env.OPENAI_API_KEY);
      if (!apiKey && (baseUrl === undefined || baseUrl.replace(/\/+$/, '') === OPENAI_DEFAULT_BASE_URL)) {
        throw new LlmError(
          'E_LLM_CONFIG',
          'openai: OPENAI_API_KEY is not set; set it, or give the base URL of a local OpenAI-compatible server (OPENAI_BASE_URL)',
        );
      }
      return openAiProvider({
        ...(baseUrl ? { baseUrl } : {}),
        ...(apiKey ? { apiKey } : {}),
        ...(model ? { model } : {}),
        ...transport,
      });
    }
    case 'anthropic': {
      const apiKey = nonEmpty(env.ANTHROPIC_API_KEY);
      if (!apiKey) throw new LlmError('E_LLM_CONFIG', 'anthropic: ANTHROPIC_API_KEY is not set');
      const baseUrl = nonEmpty(choice.baseUrl) ?? nonEmpty(env.ANTHROPIC_BASE_URL);
      return anthropicProvider({
        apiKey,
        ...(baseUrl ? { baseUrl } : {}),
        ...(model ? { model } : {}),
        ...transport,
      });
    }
    case 'claude-cli':
    case 'codex-cli':
    case 'gemini-cli': {
      const cli = {
        env,
        ...(choice.cwd ? { cwd: choice.cwd } : {}),
        ...(model ? { model } : {}),
        ...(timeoutMs ? { timeoutMs } : {}),
      };
      if (requested === 'codex-cli') return codexCliProvider(cli);
      if (requested === 'gemini-cli') return geminiCliProvider(cli);
      return claudeCliProvider(cli);
    }
  }
}
