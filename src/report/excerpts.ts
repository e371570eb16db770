import { messageBody } from '../deepread/message.js';
import { SIGNAL_LABELS } from '../gate/signals.js';
import type { SessionRecord } from '../store/types.js';
import { adapterFor } from '../transcript/host.js';
import type { SignalDrill } from './types.js';

/** Longest excerpt shown per message (head and tail kept). */
export const EXCERPT_CHARS = 400;

/** The citable text of the wanted messages of one transcript, cut to EXCERPT_CHARS; empty when unreadable. */
function messageTexts(path: string, wanted: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  if (wanted.size === 0) return found;
  try {
    // The session's host reads it (Claude Code's streamed line by line), so any agent's messages quote.
    for (const message of adapterFor(path).messages(path)) {
      if (!wanted.has(message.id)) continue;
      const body = messageBody(message, EXCERPT_CHARS).text;
      found.set(message.id, found.has(message.id) ? `${found.get(message.id)}\n${body}` : body);
    }
  } catch {
    return new Map();
  }
  return found;
}

/**
 * A flagged session signal by signal: each signal that fired, its count, and the messages it fired on
 * with what they say, read from the transcript while it is still on disk (a deleted one keeps its ids).
 * The text is untrusted: it is only ever put on the page escaped.
 */
export function signalDrill(record: SessionRecord): SignalDrill[] {
  const fired = record.verdict.signals.filter((s) => s.count > 0);
  // Another machine's transcript (a shared store's row) is not on this disk either.
  const texts =
    record.gone || record.remote === true
      ? new Map<string, string>()
      : messageTexts(record.path, new Set(fired.flatMap((s) => s.ids)));
  return fired.map((s) => ({
    signal: s.name,
    label: SIGNAL_LABELS[s.name],
    count: s.count,
    excerpts: s.ids.map((id) => ({ messageId: id, text: texts.get(id) ?? null })),
  }));
}
