import type { ScheduledReportInput } from './report-model.js';

/** How a scheduled run ended, as far as its report is concerned. */
export type ScheduledEnding =
  | { kind: 'completed' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'interrupted'; signal: NodeJS.Signals }
  | { kind: 'exited' };

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function join(...notes: (string | undefined)[]): string | undefined {
  const kept = notes.filter((note): note is string => note !== undefined && note.trim() !== '');
  return kept.length > 0 ? kept.join('\n\n') : undefined;
}

/**
 * The note and summary of a scheduled report. The run's own note and summary win; otherwise they follow
 * from the counts, with the kept wording (docs/design/compatibility.md) for an empty candidate set, an all-smooth gate and a run
 * without actionable findings. A failed or interrupted run says so in the note, whatever else it says.
 */
export function describeOutcome(
  outcome: ScheduledReportInput,
  ending: ScheduledEnding,
): { note: string | undefined; summary: string | undefined } {
  if (ending.kind === 'failed') {
    return {
      note: join(`The run failed: ${firstLine(ending.error)}`, outcome.note),
      summary: outcome.summary,
    };
  }
  if (ending.kind === 'interrupted') {
    const why = `Interrupted by ${ending.signal} before the run finished; the counts show the work done until then.`;
    return { note: join(why, outcome.note), summary: outcome.summary };
  }
  if (ending.kind === 'exited') {
    return {
      note: join('The process exited before the run finished.', outcome.note),
      summary: outcome.summary,
    };
  }
  const { scanned, gated } = outcome.counts;
  const nothingFound =
    outcome.applied.length === 0 &&
    outcome.manualFollowUps.length === 0 &&
    outcome.duplicates.length === 0 &&
    outcome.observations.length === 0;
  let note: string | undefined;
  let summary: string | undefined;
  if (scanned === 0) {
    note = 'No sessions to retro.';
    summary = 'Applied: 0 | empty candidate set';
  } else if (gated === 0) {
    note = 'No friction detected — nothing to retro (all smooth).';
    summary = `Applied: 0 | all-smooth | scanned=${scanned} gated=0`;
  } else if (nothingFound) {
    note = 'No actionable findings.';
    summary = 'Applied: 0 | no actionable findings';
  }
  return { note: outcome.note ?? note, summary: outcome.summary ?? summary };
}
