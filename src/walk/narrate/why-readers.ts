import { tmpdir } from 'node:os';
import { findGitRoots } from '../../git/roots.js';
import type { LlmPort } from '../../llm/port.js';
import { readRecordedReader } from '../../llm/reader-settings.js';
import { type ProviderChoice, selectProvider } from '../../llm/select.js';
import { type ReaderSettings, resolveReaderSettings } from '../../llm/settings.js';

/** The readers that synthesise a thin unit's why, or why there is none (said on each such unit). */
export interface WhyReaders {
  readers: LlmPort[];
  /** Why no reader synthesises: `models_for_why is none`, `no reader: no provider …`. */
  none?: string;
  /** The one stderr line of the automatic choice: which reader reads and how to choose another. */
  notice?: string;
}

export interface WhyReaderChoice extends Pick<ProviderChoice, 'baseUrl' | 'timeoutMs' | 'retry'> {
  /**
   * `models_for_why`: `auto` (the deep read's order: the reader named with --provider or
   * RETROSPECT_PROVIDER, the one recorded for the project, an API key, an agent CLI on PATH), `none`, or
   * readers by name, `PROVIDER` or `PROVIDER:MODEL` (each one synthesises).
   */
  models: readonly string[];
  /** `--provider` / `--model` for `auto`. */
  provider?: string;
  model?: string;
  /** The configured reader (`RETROSPECT_PROVIDER`, …), resolved at the caller's edge; default: from `env`. */
  reader?: ReaderSettings | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const unused = () => ({});

/** Picks the why readers; the offline heuristic writes no reasons, so choosing it means none. */
export function pickWhyReaders(choice: WhyReaderChoice): WhyReaders {
  const models = choice.models.map((m) => m.trim()).filter((m) => m !== '');
  if (models.length === 0 || models.includes('none')) return { readers: [], none: 'models_for_why is none' };
  const reader = choice.reader ?? resolveReaderSettings(choice.env);
  const common = {
    reader,
    env: choice.env,
    // The reader gets the diff and requests in its prompt and needs no files: an agent CLI runs outside
    // the checkout, so that whatever tools it has can never touch the walked work tree.
    cwd: tmpdir(),
    heuristic: unused,
    ...(choice.baseUrl !== undefined ? { baseUrl: choice.baseUrl } : {}),
    ...(choice.timeoutMs !== undefined ? { timeoutMs: choice.timeoutMs } : {}),
    ...(choice.retry !== undefined ? { retry: choice.retry } : {}),
  };
  const readers: LlmPort[] = [];
  let notice: string | undefined;
  let none: string | undefined;
  for (const entry of models) {
    if (entry === 'auto') {
      const named = (choice.provider ?? reader.provider ?? '').trim() !== '';
      const recorded = named
        ? undefined
        : readRecordedReader(findGitRoots(choice.cwd)?.mainCheckout ?? choice.cwd);
      const selected = selectProvider({
        ...common,
        detect: true,
        recorded,
        ...(choice.provider !== undefined ? { provider: choice.provider } : {}),
        ...(choice.model !== undefined ? { model: choice.model } : {}),
      });
      notice = selected.notice;
      if (selected.port.name === 'heuristic')
        none = `no reader: ${selected.notice?.replace(/^reader: heuristic, /, '').replace(/; choose .*$/, '') ?? 'none configured'}`;
      else readers.push(selected.port);
      continue;
    }
    const [provider = '', model] = entry.split(':', 2);
    const selected = selectProvider({ ...common, provider, ...(model ? { model } : {}) });
    if (selected.port.name !== 'heuristic') readers.push(selected.port);
  }
  if (readers.length > 0) return { readers, ...(notice ? { notice } : {}) };
  return {
    readers,
    none: none ?? 'models_for_why names only the offline heuristic, which writes no reasons',
    ...(notice ? { notice } : {}),
  };
}
