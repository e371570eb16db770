import { anthropicProvider } from './anthropic.js';
import { claudeCliProvider } from './claude-cli.js';
import { LlmError } from './errors.js';
import { type HeuristicAnalysis, heuristicProvider } from './heuristic.js';
import { findOnPath } from './on-path.js';
import { OPENAI_DEFAULT_BASE_URL, openAiProvider } from './openai.js';
import type { LlmPort } from './port.js';
import { PROVIDER_NAMES, type ProviderName } from './provider-names.js';
import type { RetryPolicy } from './retry.js';

export { PROVIDER_NAMES, type ProviderName };

export interface ProviderChoice {
  /** `--provider`; else `RETROSPECT_PROVIDER`; else the offline heuristic. */
  provider?: string;
  /** `--model`; else `RETROSPECT_MODEL`; else the provider's default. */
  model?: string;
  /** `--base-url`; else `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`. */
  baseUrl?: string;
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** What the offline provider answers with. */
  heuristic: HeuristicAnalysis;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

export interface SelectedProvider {
  port: LlmPort;
  /** A line for stderr when the choice was made for the user (no provider configured). */
  notice?: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim().length > 0 ? value.trim() : undefined;
}

function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/**
 * Picks the provider. Nothing is sent anywhere unless the user chose a provider: transcripts can hold
 * secrets, so an API key in the environment alone does not opt a user into sending them out.
 */
export function selectProvider(choice: ProviderChoice): SelectedProvider {
  const { env } = choice;
  const requested = nonEmpty(choice.provider) ?? nonEmpty(env.RETROSPECT_PROVIDER);
  const model = nonEmpty(choice.model) ?? nonEmpty(env.RETROSPECT_MODEL);
  const timeoutMs = choice.timeoutMs ?? timeoutFromEnv(env);
  const transport = { ...(timeoutMs ? { timeoutMs } : {}), ...(choice.retry ? { retry: choice.retry } : {}) };
  if (requested === undefined) {
    const claude = findOnPath('claude', env);
    // Claude Code being installed is not consent either: say that it could be used, never use it unasked.
    const hint = claude
      ? `; Claude Code is on PATH (${claude}): --provider claude-cli would use it, each read a request on your Claude account`
      : '';
    return {
      port: heuristicProvider(choice.heuristic),
      notice: `no LLM provider configured (--provider or RETROSPECT_PROVIDER: openai, anthropic, claude-cli); using the offline heuristic provider${hint}`,
    };
  }
  if (!isProviderName(requested)) {
    throw new LlmError(
      'E_LLM_CONFIG',
      `unknown provider '${requested}'; expected one of ${PROVIDER_NAMES.join(', ')}`,
    );
  }
  switch (requested) {
    case 'heuristic':
      return { port: heuristicProvider(choice.heuristic) };
    case 'openai': {
      const baseUrl = nonEmpty(choice.baseUrl) ?? nonEmpty(env.OPENAI_BASE_URL);
      const apiKey = nonEmpty(env.OPENAI_API_KEY);
      if (!apiKey && (baseUrl === undefined || baseUrl.replace(/\/+$/, '') === OPENAI_DEFAULT_BASE_URL)) {
        throw new LlmError(
          'E_LLM_CONFIG',
          'openai: OPENAI_API_KEY is not set; set it, or give the base URL of a local OpenAI-compatible server (OPENAI_BASE_URL)',
        );
      }
      return {
        port: openAiProvider({
          ...(baseUrl ? { baseUrl } : {}),
          ...(apiKey ? { apiKey } : {}),
          ...(model ? { model } : {}),
          ...transport,
        }),
      };
    }
    case 'anthropic': {
      const apiKey = nonEmpty(env.ANTHROPIC_API_KEY);
      if (!apiKey) throw new LlmError('E_LLM_CONFIG', 'anthropic: ANTHROPIC_API_KEY is not set');
      const baseUrl = nonEmpty(choice.baseUrl) ?? nonEmpty(env.ANTHROPIC_BASE_URL);
      return {
        port: anthropicProvider({
          apiKey,
          ...(baseUrl ? { baseUrl } : {}),
          ...(model ? { model } : {}),
          ...transport,
        }),
      };
    }
    case 'claude-cli':
      return {
        port: claudeCliProvider({
          env,
          ...(choice.cwd ? { cwd: choice.cwd } : {}),
          ...(model ? { model } : {}),
          ...(timeoutMs ? { timeoutMs } : {}),
        }),
      };
  }
}

/** `RETROSPECT_LLM_TIMEOUT_MS`, when it is a positive whole number. */
function timeoutFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = nonEmpty(env.RETROSPECT_LLM_TIMEOUT_MS);
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}
