import { pyFloatRepr } from '../transcript/pyjson.js';
import type { HitReason } from './calibrated/machine.js';
import type { GateVerdict } from './score.js';
import { SIGNAL_LABELS, SIGNAL_NAMES } from './signals.js';

/**
 * The verdict as one line of compact JSON, numbers printed as the original gate printed them
 * (`5.0`, `11.5`), so that the seed profile's line is byte-identical to the first gate's (docs/design/compatibility.md). Other profiles
 * add `"profile"` at the end.
 */
export function formatVerdictJson(verdict: GateVerdict): string {
  const signals = verdict.signals.map(
    (s) => `{"name":${JSON.stringify(s.name)},"count":${s.count},"ids":${JSON.stringify(s.ids)}}`,
  );
  const error = verdict.error === undefined ? '' : `,"error":${JSON.stringify(verdict.error)}`;
  const profile = verdict.profile === undefined ? '' : `,"profile":${JSON.stringify(verdict.profile)}`;
  return `{"score":${pyFloatRepr(verdict.score)},"passed":${verdict.passed},"threshold":${pyFloatRepr(
    verdict.threshold,
  )},"signals":[${signals.join(',')}]${error}${profile}}`;
}

/**
 * A message id as people read it. A message without a uuid is named `line:<n>`, counting physical lines from
 * 0 as the seed profile does (that id stays exact everywhere it is data); an editor counts from 1, so text for
 * people gives that line too: `line:41 (line 42 in an editor)`.
 */
export function shownMessageId(id: string): string {
  const line = /^line:(\d+)$/.exec(id);
  return line ? `${id} (line ${Number(line[1]) + 1} in an editor)` : id;
}

/**
 * The `--why` calibration table (docs/design/session-retro.md §2). With reasons (calibrated profile),
 * each counted hit is listed under its signal with why it counted. The JSON's `passed` means the score
 * reached the threshold; read by a person, "passed" sounds like the opposite, so the table says "flagged".
 * A verdict that is an error (no such file, a usage error) is the session and the error alone: a table of
 * zeros beside it would read as a smooth session.
 */
export function renderWhy(sessionId: string, verdict: GateVerdict, reasons?: HitReason[]): string {
  const lines = [`Session: ${sessionId}`];
  if (verdict.error !== undefined) return [...lines, `Error: ${verdict.error}`].join('\n');
  if (verdict.profile !== undefined) lines.push(`Profile: ${verdict.profile}`);
  lines.push(
    `Score: ${pyFloatRepr(verdict.score)} / ${pyFloatRepr(verdict.threshold)} (${verdict.passed ? 'flagged' : 'not flagged'})`,
  );
  lines.push('Signals matched:');
  if (verdict.signals.length === 0) lines.push('(none)');
  for (const signal of verdict.signals) {
    lines.push(
      `${signal.name} (${SIGNAL_LABELS[signal.name]}) x${signal.count} — ${signal.ids.map(shownMessageId).join(', ')}`,
    );
    if (!reasons) continue;
    const counted = reasons.filter((r) => r.signal === signal.name).slice(0, signal.count);
    for (const hit of counted) lines.push(`  - ${shownMessageId(hit.id)}: ${hit.reason}`);
  }
  const matched = new Set(verdict.signals.map((s) => s.name));
  const missing = SIGNAL_NAMES.filter((name) => !matched.has(name));
  lines.push(`Signals NOT matched: ${missing.length > 0 ? missing.join(', ') : '(none)'}`);
  return lines.join('\n');
}
