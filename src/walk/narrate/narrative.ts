import type { ChangeUnit } from '../document.js';
import type { CommitInfo, Evidence } from '../evidence.js';
import { counts } from './narrate.js';

function dateRange(commits: CommitInfo[]): string {
  const dates = commits.map((c) => c.committerDate).sort();
  const first = dates[0]?.slice(0, 10);
  const last = dates[dates.length - 1]?.slice(0, 10);
  return first === last ? `on ${first}` : `from ${first} to ${last}`;
}

/** The overall story: what the evidence holds, who wrote it, and what stays uncertain. */
export function narrateWhole(evidence: Evidence, units: ChangeUnit[], openQuestions: number): string {
  const added = evidence.changes.reduce((n, c) => n + c.added, 0);
  const deleted = evidence.changes.reduce((n, c) => n + c.deleted, 0);
  const files = new Set(evidence.changes.map((c) => c.path)).size;
  const parts: string[] = [];
  if (evidence.commits.length > 0) {
    const merges = evidence.commits.filter((c) => c.parents.length > 1).length;
    const authors = new Set(evidence.commits.map((c) => c.authorEmail)).size;
    parts.push(
      `${evidence.target} holds ${evidence.commits.length} commit${evidence.commits.length === 1 ? '' : 's'}${merges ? ` (${merges} merge${merges === 1 ? '' : 's'})` : ''} by ${authors} author${authors === 1 ? '' : 's'} ${dateRange(evidence.commits)}, changing ${files} file${files === 1 ? '' : 's'} (${counts(added, deleted)}).`,
    );
  } else if (evidence.changes.length > 0) {
    const byOrigin = (kind: string) => evidence.changes.filter((c) => c.origin.kind === kind).length;
    parts.push(
      evidence.scope === 'diff' && byOrigin('supplied') > 0
        ? `The supplied diff changes ${files} file${files === 1 ? '' : 's'} (${counts(added, deleted)}).`
        : `The working tree has ${byOrigin('staged')} staged, ${byOrigin('unstaged')} unstaged and ${byOrigin('untracked')} untracked file changes (${counts(added, deleted)}).`,
    );
  }
  parts.push(...evidence.notes);
  for (const job of evidence.jobs) {
    parts.push(
      job.record
        ? `Job ${job.id} ran \`${job.record.command}\` from ${job.record.started_at} to ${job.record.finished_at} and exited ${job.record.exit_status}${job.record.output_digest ? ` (output ${job.record.output_digest})` : ' without output'}.`
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
  if (units.length > 0) {
    const titles = units.slice(0, 8).map((u) => `${u.change_unit_id} ${u.title}`);
    parts.push(
      `${units.length} change unit${units.length === 1 ? '' : 's'}: ${titles.join('; ')}${units.length > 8 ? '; …' : ''}.`,
    );
  }
  const linked = evidence.sessions.filter((s) => s.linked_hunks > 0);
  if (linked.length > 0) {
    const hunks = linked.reduce((n, s) => n + s.linked_hunks, 0);
    parts.push(
      `Coding-agent sessions wrote ${hunks} hunk${hunks === 1 ? '' : 's'} (${linked.map((s) => s.session_id).join(', ')}).`,
    );
  } else if (evidence.changes.length > 0) {
    parts.push('No coding-agent session was linked to these changes.');
  }
  parts.push(
    openQuestions > 0
      ? `${openQuestions} open question${openQuestions === 1 ? '' : 's'} remain${openQuestions === 1 ? 's' : ''}; no validation receipt backs this walk.`
      : 'No open questions remain; no validation receipt backs this walk.',
  );
  return parts.join(' ');
}
