import { renderWhy, shownMessageId } from '../gate/index.js';
import { quoteForReview } from '../safety/quote.js';
import { terminalSafe } from '../safety/terminal.js';
import type { SkipReason } from './candidates.js';
import type { RetroRefusedProposal } from './deep-read-port.js';
import { projectRelative } from './rule-file.js';
import type { FabricationFinding, RetroOutcome } from './types.js';

/** The summary line: `Applied: N | Rejected: N | Duplicates: N | Manual follow-up: N | Observations: N`. */
export function summaryLine(outcome: RetroOutcome): string {
  return [
    `${outcome.dryRun ? 'Would apply' : 'Applied'}: ${outcome.applied.length}`,
    `Rejected: ${outcome.rejected}`,
    `Duplicates: ${outcome.duplicates.length}`,
    `Manual follow-up: ${outcome.manualFollowUps.length}`,
    `Observations: ${outcome.observations.length}`,
  ].join(' | ');
}

/**
 * The hint without the claim's text, for the scheduled report: reports never carry transcript text,
 * the anchor file holds the excerpt.
 */
export function fabricationReference(anchor: FabricationFinding): string {
  return `Fabrication anchor ${anchor.anchor_id} (session ${anchor.session_id}, turn ${shownMessageId(anchor.turn_id)}) — ${whereSaved(anchor, 'see')}`;
}

/** Where an anchor's record is and how to follow it up: here, in the session's own project, or nowhere. */
function whereSaved(anchor: FabricationFinding, verb: string): string {
  const file = `.claude/retro/anchors/${anchor.anchor_id}.json`;
  const walk = `retrospect walk --from-retro ${anchor.anchor_id}`;
  if (anchor.kept_out !== undefined) return `not saved: ${anchor.kept_out}`;
  if (anchor.saved_in !== undefined)
    return `${verb} ${anchor.saved_in}/${file} (the session's own project); follow up there with: ${walk}`;
  return `${verb} ${file}; follow up with: ${walk}`;
}

/** One hint per fabrication anchor: the claim, where it is saved, and the command that follows it up. */
function fabricationHint(anchor: FabricationFinding, dryRun = false): string {
  return `Fabrication anchor ${anchor.anchor_id} (session ${anchor.session_id}, turn ${shownMessageId(anchor.turn_id)}): "${anchor.fabricated_claim_text}" — ${whereSaved(anchor, dryRun ? 'would be saved as' : 'saved as')}`;
}

/**
 * A proposal refused for its text, as a manual follow-up: the text is quoted for review (escaped, in a
 * code span), never in a form a terminal, a Markdown viewer or an agent would act on.
 */
export function refusedProposalLine(refused: RetroRefusedProposal): string {
  return `${refused.target} rule refused and applied nowhere (${refused.reason}): ${quoteForReview(refused.text)} (session ${refused.session_id})`;
}

/** A rule text that a writer refused, quoted for review the same way. */
export function notAppliedLine(what: string, reason: string, text: string): string {
  return `${what} not applied (${reason}): ${quoteForReview(text)}`;
}

/** Why a session was abandoned at the gating cap, as stderr, `--why` and a scheduled report say it. */
export function gateTimeoutText(capMs: number | null): string {
  return `skipped for time: gating took longer than ${capMs ?? '?'} ms (treated as not flagged)`;
}

/** The reason a session was set aside, in words. */
function skipReasonText(reason: SkipReason, gateCapMs: number | null): string {
  if (reason === 'in-progress') return 'in progress (modified less than 60 s ago)';
  if (reason === 'own-run')
    return "Retrospect's own analysis run (its prompt opens with the retrospect:own-run marker)";
  if (reason === 'retro-invocation') return 'contains a retro invocation';
  return gateTimeoutText(gateCapMs);
}

/** `N patterns seen in one session only were held back (`--why` lists them)`, or nothing. */
function heldBackLine(outcome: RetroOutcome): string | undefined {
  const n = outcome.heldBack.length;
  if (n === 0) return undefined;
  return n === 1
    ? '1 pattern seen in one session only was held back (`--why` lists it)'
    : `${n} patterns seen in one session only were held back (\`--why\` lists them)`;
}

/**
 * `--why`: each skipped session with its reason, each gated session's signal table, and the patterns
 * held back for being seen in one session only.
 */
export function renderWhyReport(outcome: RetroOutcome): string[] {
  const lines = [`Looked for sessions in: ${outcome.lookedIn.join(', ') || '(nowhere)'}`];
  for (const { session, reason } of outcome.skipped)
    lines.push(`Skipped ${terminalSafe(session.sessionId)}: ${skipReasonText(reason, outcome.gateCapMs)}`);
  for (const { session, verdict } of outcome.gated)
    lines.push('', renderWhy(terminalSafe(session.sessionId), verdict));
  if (outcome.heldBack.length > 0) {
    lines.push('', 'Held back (seen in one session only; --all keeps patterns seen in two or more):');
    for (const h of outcome.heldBack)
      for (const p of h.proposals)
        lines.push(terminalSafe(`- pattern "${h.pattern_summary}" (session ${h.session_id}): ${p}`));
  }
  return lines;
}

/**
 * The messages a rule cites, under it, grouped by session: who said each and the line before it.
 * Transcript text, shown escaped and one line each.
 */
function citationLines(a: RetroOutcome['applied'][number]): string[] {
  if (!a.citations || a.citations.length === 0) return [];
  const bySession = new Map<string, NonNullable<typeof a.citations>>();
  for (const c of a.citations) {
    const session = c.session_id ?? a.session_id ?? '?';
    bySession.set(session, [...(bySession.get(session) ?? []), c]);
  }
  const lines: string[] = [];
  for (const [session, citations] of bySession) {
    lines.push(`    session ${terminalSafe(session)}:`);
    for (const c of citations) {
      const who = c.speaker ? ` (${c.speaker})` : '';
      lines.push(
        `      cites ${terminalSafe(shownMessageId(c.message_id))}${who}: "${terminalSafe(c.excerpt)}"`,
      );
      if (c.before) lines.push(`        after (${c.before.speaker}): "${terminalSafe(c.before.text)}"`);
    }
  }
  return lines;
}

/** How to apply what a run could not ask about. */
function skippedHint(outcome: RetroOutcome): string {
  const ids = [...new Set(outcome.skippedProposals.map((p) => p.session_id))];
  const session = ids.length === 1 ? ` ${ids[0]}` : '';
  return `To apply them: answer at a terminal (retrospect retro${session}), or decide without asking (retrospect retro${session} --auto; each new rule starts as a trial).`;
}

/** A flagged session the given answers did not cover, and how to supply its answer. */
function unreadLine(unread: RetroOutcome['unread'][number]): string {
  return `${unread.session_id}: give its answer as ${unread.answer_path} (the prompt: retrospect deep-read ${unread.session_id} --dry-run --json)`;
}

function section(title: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : ['', `${title}:`, ...items.map((item) => `- ${item}`)];
}

/** The end of a retro as people read it: what changed, what to look at, and the summary. */
export function renderOutcome(outcome: RetroOutcome): string[] {
  const { counts } = outcome;
  const lines = [
    `Sessions: scanned=${counts.scanned} skipped=${counts.skipped} gated=${counts.gated} deep-read=${counts.deepRead}${outcome.dryRun ? '  (dry run: nothing written)' : ''}`,
  ];
  if (outcome.counts.scanned === 0 && outcome.skipped.length === 0)
    lines.push(
      `No sessions found in ${outcome.lookedIn.join(', ') || '(nowhere)'} (Claude Code keeps a project's sessions in <config dir>/projects/<the checkout's path with every non-alphanumeric character as ->; another agent's session is the project's when it ran in the checkout); name one (retrospect retro <session id>), use --all, or --projects-root DIR`,
    );
  const file = (path: string | undefined) =>
    path === undefined ? '' : ` → ${outcome.project ? projectRelative(outcome.project, path) : path}`;
  const applied = outcome.applied.map((a) => {
    const how = a.trial === undefined ? '' : a.trial ? ' (trial)' : ' (permanent)';
    const line = `target=${a.target} action=${a.action}${how}: ${a.summary}${file(a.path)}`;
    return [line, ...citationLines(a)].join('\n');
  });
  lines.push(...section(outcome.dryRun ? 'Would apply' : 'Applied', applied));
  lines.push(
    ...section(
      'Not applied (nobody answered)',
      outcome.skippedProposals.map(
        (p) => `target=${p.target}: ${p.text}${file(p.path)} (session ${p.session_id})`,
      ),
    ),
  );
  if (outcome.skippedProposals.length > 0) lines.push(skippedHint(outcome));
  lines.push(...section('Not read (no answer given)', outcome.unread.map(unreadLine)));
  lines.push(...section('Duplicates (not applied)', outcome.duplicates));
  lines.push(...section('Manual follow-up', outcome.manualFollowUps));
  lines.push(...section('Observations', outcome.observations));
  lines.push(
    ...section(
      'Fabrication anchors',
      outcome.fabricationAnchors.map((a) => fabricationHint(a, outcome.dryRun)),
    ),
  );
  if (outcome.claudeMd !== undefined) {
    lines.push(
      '',
      `CLAUDE.md lessons section: ${outcome.claudeMd}${outcome.dryRun && outcome.claudeMd === 'updated' ? ' (would be)' : ''}`,
    );
  }
  const agentFiles = (outcome.agentFiles ?? []).map(
    ({ file, state }) =>
      `${file} lessons section: ${state}${outcome.dryRun && state === 'updated' ? ' (would be)' : ''}`,
  );
  if (agentFiles.length > 0) lines.push(...(outcome.claudeMd === undefined ? [''] : []), ...agentFiles);
  const heldBack = heldBackLine(outcome);
  if (heldBack) lines.push('', heldBack);
  lines.push('', `Summary: ${summaryLine(outcome)}`);
  return lines;
}
