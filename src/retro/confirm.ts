import { OutsideProjectError } from '../errors/errors.js';
import type { GateSettings } from '../gate/settings.js';
import { quoteForReview } from '../safety/quote.js';
import type { StoreSettings } from '../store/settings.js';
import { applyTrialDecision } from '../trial/apply.js';
import { reviewTrials, type TrialReviewOptions } from '../trial/project-review.js';
import { deferLine, trialLabel } from '../trial/review.js';
import { recordRuleMeta } from '../trial/rule-meta.js';
import { projectScoreSource } from '../trial/sources.js';
import type { UnscoredSession } from '../trial/unscored.js';
import { type ApplyResult, applyClassification, newTrialMeta } from './apply.js';
import {
  type Classification,
  classifyProposal,
  classifyProposals,
  type ExistingRule,
  loadExistingRules,
} from './classify.js';
import type { RetroDecider } from './decide.js';
import { proposeGuards } from './escalate.js';
import { notAppliedLine } from './render.js';
import { ruleEvidence } from './rule-evidence.js';
import { projectRelative, ruleFileFor } from './rule-file.js';
import type { RetroCandidate, RetroOutcome } from './types.js';

interface ConfirmContext {
  mainCheckout: string;
  today: string;
  decider: RetroDecider;
  dryRun: boolean;
  /** Once aborted, nothing more is asked or applied. */
  signal?: AbortSignal | undefined;
  /** Called after each decision carried out (a scheduled report follows it). */
  progress?: () => void;
}

/** The stderr note for a session the trial review left unscored: it is in neither side's mean or count. */
function unscoredLine(session: UnscoredSession, capMs: number | undefined): string {
  const cap = capMs === undefined || !Number.isFinite(capMs) ? '' : ` cap_ms=${capMs}`;
  return `# trial-review: unscored session=${session.sessionId} reason=${session.reason}${cap} (left out of baseline and in-trial)`;
}

/**
 * Reviews the project's elapsed trials on its sessions' gate scores and carries out each KEEP (the trial
 * comment goes) or REVERT (the rule goes) the decider accepts, recording it in the directive history.
 * Trials still running are listed as deferred, and so are the sessions left unscored because gating them
 * ran past the run's cap: they count towards no side.
 */
export async function reviewElapsedTrials(
  outcome: RetroOutcome,
  context: ConfirmContext & {
    env: NodeJS.ProcessEnv;
    gate: GateSettings;
    store: StoreSettings;
    projectsRoot?: string | undefined;
    nowMs?: number | undefined;
    /** The run's gating cap, for the sessions the scores need gated (the run's cap holds throughout). */
    gateCapMs?: number | undefined;
    /** Sessions the run already abandoned at the cap: not gated again. */
    slowPaths?: ReadonlySet<string> | undefined;
    /** The decision rule (default: the effect with its interval). */
    trialReview?: TrialReviewOptions | undefined;
    /** Under `--auto`, install the guard hooks proposed for rules broken again and again. */
    installHooks?: boolean | undefined;
  },
): Promise<void> {
  const { mainCheckout, decider, dryRun } = context;
  const unscored = new Map<string, UnscoredSession>();
  const source = projectScoreSource({
    mainCheckout,
    scope: 'current',
    projectsRoot: context.projectsRoot,
    env: context.env,
    gate: context.gate,
    storeSettings: context.store,
    fileCapMs: context.gateCapMs,
    skipPaths: context.slowPaths,
    onUnscored: (session) => unscored.set(session.path, session),
  });
  const { profile } = context.gate;
  const evaluations = reviewTrials(mainCheckout, await source.scores(), context.today, {
    ...context.trialReview,
    profile,
  });
  // Only worth saying when there is a trial whose sample it narrows.
  if (evaluations.length > 0)
    for (const session of unscored.values()) outcome.deferred.push(unscoredLine(session, context.gateCapMs));
  let skipping = false;
  for (const evaluation of evaluations) {
    const defer = deferLine(evaluation);
    if (defer !== undefined) {
      outcome.deferred.push(defer);
      continue;
    }
    const { trial } = evaluation;
    if (context.signal?.aborted) skipping = true;
    const choice = skipping ? 'skip-remaining' : await decider.decideTrial(evaluation);
    if (choice === 'skip-remaining') {
      skipping = true;
      continue;
    }
    if (choice === 'reject') {
      outcome.rejected += 1;
      continue;
    }
    const applied = applyTrialDecision(mainCheckout, evaluation, decider.decidedBy, { dryRun });
    const action = evaluation.outcome.action === 'DEFER' ? 'REVERT' : evaluation.outcome.action;
    if (applied.ok) {
      outcome.applied.push({ target: trial.agent, action, summary: trial.ruleText, path: trial.path });
    } else {
      outcome.manualFollowUps.push(
        `${trialLabel(trial)} ${action} not applied (${applied.reason}): ${trial.ruleText}`,
      );
    }
    context.progress?.();
  }
  if (!skipping && !context.signal?.aborted)
    await proposeGuards(outcome, evaluations, { ...context, installHooks: context.installHooks });
}

/**
 * applyClassification, with a write that a symlink would carry out of the project turned into a reason:
 * that rule becomes a manual follow-up and the run goes on.
 */
function applyOrRefuse(...args: Parameters<typeof applyClassification<RetroCandidate>>): ApplyResult {
  try {
    return applyClassification(...args);
  } catch (error) {
    if (error instanceof OutsideProjectError) return { ok: false, reason: error.message };
    throw error;
  }
}

function duplicateLine(c: Classification<RetroCandidate>): string {
  const existing = c.existing;
  const where = existing?.number === undefined ? '' : ` #${existing.number}`;
  return `${c.proposal.target}: "${c.proposal.proposedText}" is already covered by${where} "${existing?.text ?? ''}" (similarity ${c.bestJaccard.toFixed(2)})`;
}

/**
 * Classifies the proposals against the rules as they are now (after trial decisions), lists DUPLICATEs
 * (never applied), and applies each NEW and TIGHTEN the decider accepts: every NEW rule (a team agent's
 * directive or a lesson) as a trial, a TIGHTEN in place, backlog entries appended (they are to-dos for the
 * tooling, not rules, so nothing puts them on trial).
 */
export async function confirmProposals(
  outcome: RetroOutcome,
  candidates: readonly RetroCandidate[],
  context: ConfirmContext,
): Promise<void> {
  const { mainCheckout, decider } = context;
  const { kept, dropped } = classifyProposals(candidates, (target) =>
    loadExistingRules(mainCheckout, target),
  );
  for (const c of dropped) {
    outcome.dropped.push(
      `NEW ${c.proposal.target} "${c.proposal.proposedText}" left out: its pattern "${c.proposal.patternSummary}" is being tightened`,
    );
  }
  const actionable = kept.filter((c) => c.action !== 'DUPLICATE');
  for (const c of kept) if (c.action === 'DUPLICATE') outcome.duplicates.push(duplicateLine(c));
  // Rules this run has added so far: a second session proposing the same rule is then a duplicate, in a
  // dry run as well as in a real one.
  const added: { target: string; rule: ExistingRule }[] = [];
  let skipping = false;
  for (const [index, c] of actionable.entries()) {
    if (skipping || context.signal?.aborted) break;
    const sameRun = added.filter((a) => a.target === c.proposal.target).map((a) => a.rule);
    const again = classifyProposal(c.proposal, sameRun);
    if (again.action === 'DUPLICATE') {
      outcome.duplicates.push(`${duplicateLine(again)}, added earlier in this run`);
      continue;
    }
    const choice = await decider.decideProposal(c, {
      index,
      total: actionable.length,
      file: projectRelative(mainCheckout, ruleFileFor(mainCheckout, c)),
    });
    if (choice.kind === 'skip-remaining') {
      skipping = true;
      // Said at the end, with how to apply them: a run that could not ask must not look like a rejection.
      for (const left of actionable.slice(index))
        outcome.skippedProposals.push({
          target: left.proposal.target,
          path: ruleFileFor(mainCheckout, left),
          text: left.text,
          session_id: left.proposal.sessionId,
        });
      continue;
    }
    if (choice.kind === 'reject') {
      outcome.rejected += 1;
      continue;
    }
    const p = c.proposal;
    if (choice.kind === 'follow-up') {
      outcome.manualFollowUps.push(`${p.target} ${c.action}: ${choice.reason}: ${quoteForReview(c.text)}`);
      continue;
    }
    applyAccepted(outcome, c, choice.text, added, context);
    context.progress?.();
  }
}

/** Applies one accepted proposal with the text the decider gave (a NEW one as a trial), or says why not. */
function applyAccepted(
  outcome: RetroOutcome,
  c: Classification<RetroCandidate>,
  text: string,
  added: { target: string; rule: ExistingRule }[],
  context: ConfirmContext,
): void {
  const { mainCheckout, today, dryRun } = context;
  const p = c.proposal;
  const firstCitation = p.citations[0]?.message_id;
  const asTrial = c.action === 'NEW' && p.target !== 'plugin';
  const result = applyOrRefuse(
    mainCheckout,
    { ...c, text: text },
    {
      dryRun,
      day: today,
      source: `${p.sessionId}#${firstCitation ?? 'na'}`,
      ...(asTrial ? { trial: newTrialMeta(p.sessionId, firstCitation, today) } : {}),
    },
  );
  if (result.ok) {
    added.push({ target: p.target, rule: { text: text, lineIndex: -1 } });
    // The rule's pattern is filed beside it, so its trial can count that pattern before and during.
    if (!dryRun && p.target !== 'plugin') {
      const verdict = outcome.gated.find((g) => g.session.sessionId === p.sessionId)?.verdict;
      recordRuleMeta(mainCheckout, ruleEvidence(p, text, verdict, new Date()));
    }
    outcome.applied.push({
      target: p.target,
      action: c.action === 'TIGHTEN' ? 'TIGHTEN' : 'NEW',
      summary: text,
      path: result.path,
      ...(asTrial ? { trial: true } : {}),
      session_id: p.sessionId,
      citations: p.citations,
    });
  } else {
    outcome.manualFollowUps.push(notAppliedLine(`${p.target} ${c.action}`, result.reason, text));
  }
}
