import type { ChangeUnit } from '../document.js';
import type { CommitInfo, Evidence } from '../evidence.js';
import { codeSpan } from '../render/code-span.js';
import { byInstant, utcDay } from '../render/utc-day.js';
import { counts } from './narrate.js';

const MAX_SESSIONS_NAMED = 3;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function dateRange(commits: CommitInfo[]): string {
  // Days in UTC, as the sessions' times are: one zone for every date the walk shows.
  const dates = byInstant(commits.map((c) => c.committerDate)).map(utcDay);
  const first = dates[0];
  const last = dates[dates.length - 1];
  return first === last ? `on ${first} (UTC)` : `from ${first} to ${last} (UTC)`;
}

/** Unit ids as a short list: `cu_003, cu_005–cu_008`. */
function unitList(ids: string[]): string {
  const numbers = ids.map((id) => Number(id.slice(3))).sort((a, b) => a - b);
  const name = (n: number) => `cu_${String(n).padStart(3, '0')}`;
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const start = numbers[i] ?? 0;
    let end = start;
    while (numbers[i + 1] === end + 1) end = numbers[++i] ?? end;
    ranges.push(
      end > start + 1
        ? `${name(start)}–${name(end)}`
        : end > start
          ? `${name(start)}, ${name(end)}`
          : name(start),
    );
  }
  return ranges.join(', ');
}

/** What the change set is, in one sentence; every total comes from the same hunks the units show. */
function scopeSentence(evidence: Evidence, units: ChangeUnit[]): string | undefined {
  const added = evidence.changes.reduce((n, c) => n + c.added, 0);
  const deleted = evidence.changes.reduce((n, c) => n + c.deleted, 0);
  const files = new Set(evidence.changes.map((c) => c.path)).size;
  const size = `${plural(files, 'file')} changed, ${counts(added, deleted)}, in ${plural(units.length, 'change unit')}`;
  if (evidence.commits.length > 0) {
    const merges = evidence.commits.filter((c) => c.parents.length > 1).length;
    const authors = new Set(evidence.commits.map((c) => c.authorEmail)).size;
    const net =
      evidence.net && (evidence.net.added !== added || evidence.net.deleted !== deleted)
        ? ` Across the whole range git counts ${counts(evidence.net.added, evidence.net.deleted)}: later commits rework lines earlier ones wrote.`
        : '';
    return `The walk of ${evidence.target} covers ${plural(evidence.commits.length, 'commit')}${merges ? ` (${plural(merges, 'merge')})` : ''} by ${plural(authors, 'author')} ${dateRange(evidence.commits)}: ${size}.${net}`;
  }
  if (evidence.changes.length === 0) return undefined;
  const byOrigin = (kind: string) => evidence.changes.filter((c) => c.origin.kind === kind).length;
  if (evidence.scope === 'diff' && byOrigin('supplied') > 0) return `The supplied diff has ${size}.`;
  return `The working tree has ${byOrigin('staged')} staged, ${byOrigin('unstaged')} unstaged and ${byOrigin('untracked')} untracked file changes: ${size}.`;
}

/** Who of the coding-agent sessions wrote what: hunks and units per session. */
function sessionSentences(evidence: Evidence, units: ChangeUnit[]): string[] {
  const linked = evidence.sessions.filter((s) => s.linked_hunks > 0);
  if (linked.length === 0)
    return evidence.changes.length > 0 ? ['No coding-agent session was linked to these changes.'] : [];
  const total = units.reduce((n, u) => n + (u.hunks?.length ?? 0), 0);
  const sentences = linked.slice(0, MAX_SESSIONS_NAMED).map((session) => {
    const ids = units
      .filter((u) => u.hunks?.some((h) => h.session_id === session.session_id))
      .map((u) => u.change_unit_id);
    const models = session.models.length > 0 ? ` (${session.models.join(', ')})` : '';
    return `Coding-agent session ${session.session_id}${models} wrote ${session.linked_hunks} of ${plural(total, 'hunk')}, in ${unitList(ids)}.`;
  });
  if (linked.length > MAX_SESSIONS_NAMED)
    sentences.push(`${linked.length - MAX_SESSIONS_NAMED} more sessions wrote hunks too.`);
  return sentences;
}

/** The overall story: what the evidence holds, who wrote it, and what stays uncertain. */
export function narrateWhole(evidence: Evidence, units: ChangeUnit[], openQuestions: number): string {
  const parts: string[] = [];
  const scope = scopeSentence(evidence, units);
  if (scope) parts.push(scope);
  parts.push(...sessionSentences(evidence, units));
  parts.push(...evidence.notes);
  for (const job of evidence.jobs) {
    parts.push(
      job.record
        ? `Job ${job.id} ran ${codeSpan(job.record.command)} from ${job.record.started_at} to ${job.record.finished_at} and exited ${job.record.exit_status}${job.record.output_digest ? ` (output ${job.record.output_digest})` : ' without output'}.`
        : `Job ${job.id} is unresolved: ${job.reason ?? 'unknown'}.`,
    );
  }
  for (const episode of evidence.episodes) {
    parts.push(
      episode.status === 'resolved'
        ? `Episode ${episode.ref} was read from the episode file.`
        : `Episode ${episode.ref} is unresolved: ${episode.reason ?? 'unknown'}.`,
    );
  }
  parts.push(
    openQuestions > 0
      ? `${plural(openQuestions, 'open question')} remain${openQuestions === 1 ? 's' : ''}; no validation receipt backs this walk.`
      : 'No open questions remain; no validation receipt backs this walk.',
  );
  return parts.join(' ');
}
