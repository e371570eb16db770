import { redactSecrets } from '../safety/redact.js';
import type { ScheduledReportInput } from './report-model.js';

/** Longest line a report keeps; findings are one short sentence, anything longer is cut. */
const MAX_LINE = 500;

/** The report's time stamp and file-name stamp: `2026-05-01T030000Z` (UTC). */
export function reportStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '');
}

const TRANSCRIPT_KEYS = ['parentUuid', 'message', 'toolUseResult', 'uuid', 'sessionId', 'type'];

/** A line that is a JSON object with transcript fields: a piece of a session, not a finding. */
function looksLikeTranscriptRecord(line: string): boolean {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && TRANSCRIPT_KEYS.some((key) => key in value);
  } catch {
    return false;
  }
}

interface LineFilter {
  keep(line: string): string | undefined;
  dropped: number;
}

/** Controls, format (bidi, zero-width) and separator characters, except the tab. */
const HIDDEN_BUT_TAB = /(?!\t)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

function lineFilter(secrets: readonly string[]): LineFilter {
  const filter: LineFilter = {
    dropped: 0,
    keep(line) {
      // Hidden characters could rewrite a terminal that shows the report or reorder what a reader sees;
      // secrets (a server's echo of the API key in an error) never reach the file. Tabs and text stay.
      const clean = redactSecrets(line.replace(HIDDEN_BUT_TAB, ''), secrets);
      if (clean.trim() === '') return undefined;
      if (looksLikeTranscriptRecord(clean)) {
        filter.dropped += 1;
        return undefined;
      }
      const points = [...clean];
      return points.length > MAX_LINE ? `${points.slice(0, MAX_LINE - 1).join('')}…` : clean;
    },
  };
  return filter;
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n|\r/);
}

export interface RenderedReport {
  text: string;
  /** Lines left out because they looked like transcript records. */
  droppedLines: number;
}

/**
 * Renders the scheduled report with the section layout of docs/design/session-retro.md §7: header bullets, optional
 * `## Note`, then Applied, Manual follow-up, Duplicates (advisory), Observations and Summary, each
 * `(none)` when empty. Lines that look like transcript records are left out and counted; secrets (the
 * configured ones in `secrets`, key-shaped tokens, URL credentials) are redacted from every line.
 */
export function renderScheduledReport(
  input: ScheduledReportInput,
  stamp: string,
  secrets: readonly string[] = [],
): RenderedReport {
  const filter = lineFilter(secrets);
  const keepAll = (lines: string[]) => lines.flatMap(splitLines).flatMap((line) => filter.keep(line) ?? []);
  const { scanned, skipped, gated, deepRead } = input.counts;
  const sessions = `scanned=${scanned} skipped=${skipped} gated=${gated} deep-read=${deepRead}`;
  const out = [
    '# Scheduled retro report',
    `- timestamp: ${stamp}`,
    '- mode: --all --auto',
    `- sessions: ${sessions}`,
    '',
  ];
  // The note keeps its paragraph breaks; only its outer blank lines go.
  const note = splitLines(input.note ?? '').map((line) => (line.trim() === '' ? '' : filter.keep(line)));
  const noteText = note
    .filter((line) => line !== undefined)
    .join('\n')
    .trim();
  if (noteText !== '') out.push('## Note', '', noteText, '');

  const bullets = (title: string, lines: string[]) => {
    out.push(title, ...(lines.length > 0 ? lines.map((line) => `- ${line}`) : ['(none)']), '');
  };
  const applied = input.applied.flatMap((row) => {
    const line = filter.keep(`target=${row.target} action=${row.action}: ${row.summary}`);
    return line === undefined ? [] : [line];
  });
  bullets('## Applied', applied);
  bullets('## Manual follow-up', keepAll(input.manualFollowUps));
  // The shell helper printed this file as given; lines that are not list items yet become ones, so a
  // caller passing bare findings gets the same list as in the other sections.
  const duplicates = keepAll(input.duplicates).map((line) => (/^[-*] /.test(line) ? line : `- ${line}`));
  out.push('## Duplicates (advisory)', ...(duplicates.length > 0 ? duplicates : ['(none)']), '');
  bullets('## Observations', keepAll(input.observations));

  const appliedCount = input.appliedCount ?? input.applied.length;
  const followUpCount = input.followUpCount ?? input.manualFollowUps.length;
  const summary = keepAll(input.summary ? [input.summary] : []);
  out.push(
    '## Summary',
    ...(summary.length > 0
      ? summary
      : [`Applied: ${appliedCount} | Manual follow-up: ${followUpCount} | ${sessions}`]),
    '',
  );
  return { text: `${out.join('\n')}\n`, droppedLines: filter.dropped };
}
