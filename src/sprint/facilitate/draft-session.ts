import { selectProvider } from '../../llm/select.js';
import { type ReaderSettings, resolveReaderSettings } from '../../llm/settings.js';
import type { SprintReport } from '../facts/report.js';
import { type RetroDrafts, requestRetroDrafts } from './drafts.js';

export interface DraftOptions {
  /** `--provider`; else `RETROSPECT_PROVIDER`. Without either nothing is sent. */
  provider?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  /** The configured reader (`RETROSPECT_PROVIDER`, …), resolved at the caller's edge; default: from `env`. */
  reader?: ReaderSettings | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `--dry-run`: the request is not sent. */
  dryRun: boolean;
  /** Lines for the facilitator (stderr). */
  say: (line: string) => void;
}

function configured(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/**
 * Drafts for the retro, only when a network provider was chosen explicitly (an API key alone never sends
 * the sprint's facts anywhere). The deep read's offline `heuristic` provider has nothing to draft here.
 * Dropped drafts are listed with their reason; a failed request leaves one warning and no drafts.
 */
export async function draftsForRetro(
  report: SprintReport,
  o: DraftOptions,
): Promise<RetroDrafts | undefined> {
  const reader = o.reader ?? resolveReaderSettings(o.env);
  const provider = configured(o.provider) ?? reader.provider;
  if (provider === undefined) return undefined;
  if (provider === 'heuristic') {
    o.say(
      'drafts: the offline heuristic provider drafts nothing for a sprint retro; continuing without drafts',
    );
    return undefined;
  }
  const { port } = selectProvider({
    provider,
    ...(o.model !== undefined ? { model: o.model } : {}),
    ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
    reader,
    env: o.env,
    cwd: o.cwd,
    heuristic: () => ({}),
  });
  if (o.dryRun) {
    o.say(`drafts: --dry-run sends nothing to ${port.name}; no drafts`);
    return undefined;
  }
  const drafts = await requestRetroDrafts(port, report, o.say);
  for (const line of drafts?.dropped ?? []) o.say(`drafts: dropped ${line}`);
  return drafts;
}

/** The drafts as a list, for runs where they are shown but never added (`--answers`, `--yolo-defaults`). */
export function renderDraftList(drafts: RetroDrafts): string[] {
  const sections: [string, string[]][] = [
    ['What Went Well', drafts.wentWell],
    ['What Could Improve', drafts.couldImprove],
    ['Action Items', drafts.actionItems.map((a) => `${a.text} (${a.owner}, ${a.classification})`)],
  ];
  return [
    `Drafts from ${drafts.source} (listed only: answers and defaults decide this retro, drafts are never added by themselves):`,
    ...sections.flatMap(([title, items]) =>
      items.length === 0 ? [] : [`  ${title}:`, ...items.map((item) => `    (draft) ${item}`)],
    ),
  ];
}
