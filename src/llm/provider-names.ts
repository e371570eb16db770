/** The deep read's model providers (a leaf module: the CLI's option table names them without loading any). */
export const PROVIDER_NAMES = [
  'openai',
  'anthropic',
  'claude-cli',
  'codex-cli',
  'gemini-cli',
  'heuristic',
] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
