import { findGitRoots } from '../git/roots.js';
import type { LlmPort } from '../llm/port.js';
import { readRecordedReader } from '../llm/reader-settings.js';
import type { RetryPolicy } from '../llm/retry.js';
import { selectProvider } from '../llm/select.js';
import type { ReaderSettings } from '../llm/settings.js';

/** Which model reads: chosen as the deep read chooses (same flags, settings and recorded reader). */
export interface SecondLookReaderOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** The configured reader (`RETROSPECT_PROVIDER`, `_MODEL`, `_LLM_TIMEOUT_MS`), resolved at the caller's edge. */
  reader: ReaderSettings;
  env: NodeJS.ProcessEnv;
  cwd: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

/** The reader chosen, or none (offline: the band is reported and the gate's verdicts stand), and why. */
export interface ChosenReader {
  port: LlmPort | undefined;
  notice: string | undefined;
}

/**
 * The deep read's reader for the second look: named, recorded for the project, an API key, an agent CLI on
 * PATH. The offline heuristic reads rules, not sessions' feelings: when it is all there is, nobody reads.
 */
export function chooseSecondLookReader(options: SecondLookReaderOptions): ChosenReader {
  const { reader } = options;
  const named = (options.provider ?? reader.provider ?? '').trim() !== '';
  const recorded = named
    ? undefined
    : readRecordedReader(findGitRoots(options.cwd)?.mainCheckout ?? options.cwd);
  const selected = selectProvider({
    detect: true,
    recorded,
    reader,
    env: options.env,
    cwd: options.cwd,
    heuristic: () => ({}),
    ...(options.provider !== undefined ? { provider: options.provider } : {}),
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
  });
  if (selected.port.name === 'heuristic')
    return {
      port: undefined,
      notice: "no model to read with (offline): the band is reported, the verdicts stay the gate's",
    };
  return { port: selected.port, notice: selected.notice };
}
