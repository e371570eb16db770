import { InputError, UsageError } from '../errors/errors.js';
import { findGitRoots } from '../git/roots.js';
import { ulid as defaultUlid } from '../ids/ulid.js';
import { dataDir } from '../paths/data-dir.js';
import { collectEvidence, type EvidenceOptions } from './collect/collect.js';
import { GitRunner } from './collect/git-run.js';
import { collectPriorEvidence } from './collect/prior-evidence.js';
import { type LoadedRetroAnchor, loadRetroAnchor } from './collect/retro-anchor.js';
import { type ResolvedScope, resolveScope } from './collect/scope.js';
import { findSessionTranscript } from './collect/session-by-id.js';
import { anchorComment, anchorQuestion } from './comments/anchor-comment.js';
import { type CaptureOptions, captureComments } from './comments/capture.js';
import {
  type ChangeUnit,
  type PriorEvidence,
  type SessionReference,
  WALK_SCHEMA_VERSION,
  type WalkDocument,
  type WalkScope,
  walkDocumentSchema,
} from './document.js';
import type { Evidence, FileChange } from './evidence.js';
import { narrateUnit } from './narrate/narrate.js';
import { narrateWhole } from './narrate/narrative.js';
import { groupChangeUnits } from './narrate/units.js';
import { applyWhySynthesis } from './narrate/why-apply.js';
import type { WhyReaders } from './narrate/why-readers.js';
import { redactText } from './redact.js';
import { measureSurvival, type SurvivalSummary } from './survival/survival.js';

export { defaultSessionDirs } from './link/session-sources.js';

/** What walkChangeSet walks and how (the evidence and comment options come from the phases it runs). */
export interface WalkOptions extends Omit<EvidenceOptions, 'dataDir'>, CaptureOptions {
  /**
   * Retrospect's data folder, where a job id's record is looked up (`StoreSettings.dataDir`; the front ends
   * give it). Default: resolved from `env` by the data folder's resolver, the one
   * `StoreSettings.dataDir` comes from.
   */
  dataDir?: string;
  /** `A..B`, a path, `-`, a job id or an episode reference; empty for the working tree. */
  target?: string;
  /** How to read the target (default: guessed from it; see docs/walk.md). */
  scope?: WalkScope;
  /**
   * Follow up a retro's fabrication anchor (its 16-hex id): walk the commits of the anchor's session, with
   * the claim as a comment, at the top of the Markdown and as an open question. Excludes target and scope.
   */
  fromRetro?: string;
  /**
   * Walk the commits of one coding-agent session (its id; the transcript is found among `sessions`), as
   * `--from-retro` does for an anchor's session. Excludes target, scope and fromRetro.
   */
  session?: string;
  /**
   * `models_for_why`: the readers that synthesise the why of units whose commit message is thin (see
   * pickWhyReaders). Undefined: none is asked and nothing is said about it.
   */
  modelsForWhy?: WhyReaders;
  /**
   * `include_prior_evidence` (default true): collect the review reports, approval records and validation
   * runs the repository keeps that are linked to the change, into `provenance_context.prior_evidence`.
   */
  includePriorEvidence?: boolean;
  /**
   * What became of the linked hunks of a commit-range walk (default true): their fate and the share of
   * their lines still alive at `survivalAt`.
   */
  survival?: boolean;
  /** The later revision survival is measured at (default HEAD). */
  survivalAt?: string;
  /** The clock of the document's time stamps (default: the system clock). */
  now?: () => Date;
  /** The id generator of units and comments (default: ULIDs from the clock). */
  ulid?: () => string;
}

export interface WalkResult {
  document: WalkDocument;
  /** Things to tell the user on stderr (empty ranges, unresolved references). */
  warnings: string[];
}

const RECEIPT_REASON =
  'no receipt-capable validation run is linked to this walk; Retrospect emits the retrospective and its evidence without minting receipts';

function sessionSummary(evidence: Evidence): SessionReference[] {
  const sessions = new Map<string, SessionReference>();
  for (const link of evidence.changes.flatMap((c) => c.agentLinks)) {
    const entry = sessions.get(link.sessionId) ?? { session_id: link.sessionId, models: [], linked_hunks: 0 };
    entry.linked_hunks++;
    if (link.model && !entry.models.includes(link.model)) entry.models.push(link.model);
    sessions.set(link.sessionId, entry);
  }
  return [...sessions.values()].sort((a, b) => a.session_id.localeCompare(b.session_id));
}

/** Survival for a commit-range walk with linked hunks, unless turned off; its git calls join the baseline. */
async function survivalOf(evidence: Evidence, options: WalkOptions): Promise<SurvivalSummary | undefined> {
  if (options.survival === false || evidence.scope !== 'commit-range' || !evidence.workspaceSource)
    return undefined;
  const git = new GitRunner(evidence.workspaceSource.root, options.env);
  try {
    return await measureSurvival(git, evidence, {
      ...(options.survivalAt !== undefined ? { at: options.survivalAt } : {}),
      ...(evidence.sessionEditors ? { editorsBetween: evidence.sessionEditors } : {}),
    });
  } catch (error) {
    if (options.survivalAt !== undefined)
      throw new InputError(`survival revision ${options.survivalAt} is not a commit of this repository`, {
        code: 'E_SURVIVAL_AT_INVALID',
        fields: { rev: options.survivalAt, notACommit: true },
      });
    evidence.warnings.push(`survival was not measured: ${(error as Error).message}`);
    return undefined;
  } finally {
    // Blames run a few at a time and finish in any order: the baseline lists them sorted, after the
    // calls that came before them, so that the same walk records the same baseline.
    const [first = [], rest = []] = [
      git.records.filter((r) => !r.command.includes(' blame ')),
      git.records.filter((r) => r.command.includes(' blame ')),
    ];
    evidence.commands.push(...first, ...rest.sort((a, b) => a.command.localeCompare(b.command)));
  }
}

/** A unit's agent-written lines and how many are alive, from the hunks survival measured. */
function unitSurvival(unit: ChangeUnit, changes: readonly FileChange[], at: string): void {
  const measured = changes.flatMap((c) => c.hunks).filter((h) => h.survival);
  if (measured.length === 0) return;
  unit.survival = {
    added: measured.reduce((n, h) => n + h.added, 0),
    alive: measured.reduce((n, h) => n + (h.survival?.alive ?? 0), 0),
    at,
  };
}

/**
 * What a walk walks: the options' target and scope, a session's commits (`session`) or a retro anchor's
 * (`fromRetro`), after refusing the combinations that say two things at once and a survival revision that
 * is no revision.
 */
function walkScope(options: WalkOptions): { anchor: LoadedRetroAnchor | undefined; resolved: ResolvedScope } {
  if (options.fromRetro !== undefined && (options.target !== undefined || options.scope !== undefined))
    throw new UsageError(
      "a walk from a retro anchor walks the changes of the anchor's session: no target or scope as well",
      {
        code: 'E_WALK_ANCHOR_WITH_SCOPE',
        fields: {},
      },
    );
  if (
    options.session !== undefined &&
    (options.target !== undefined || options.scope !== undefined || options.fromRetro !== undefined)
  )
    throw new UsageError(
      "a walk of a session walks that session's commits: no target, scope or anchor as well",
    );
  const anchor =
    options.fromRetro === undefined ? undefined : loadRetroAnchor(options.cwd, options.fromRetro);
  const resolved: ResolvedScope =
    options.session !== undefined
      ? {
          scope: 'commit-range',
          target: `--session ${options.session}`,
          sessionTranscript: findSessionTranscript(
            options.session,
            options.sessions ?? options.sessionDirs,
            options.cwd,
            options.env,
            findGitRoots(options.cwd),
          ),
        }
      : anchor
        ? {
            scope: 'commit-range',
            target: `--from-retro ${anchor.anchor_id}`,
            sessionTranscript: anchor.source_jsonl_path,
            anchor: { id: anchor.anchor_id, file: anchor.file },
          }
        : resolveScope(options.target, options.scope, options.cwd);
  if (options.survivalAt !== undefined && (options.survivalAt === '' || options.survivalAt.startsWith('-')))
    throw new InputError(
      `a survival revision is HEAD, a branch or a commit id, not ${JSON.stringify(options.survivalAt)}`,
      {
        code: 'E_SURVIVAL_AT_INVALID',
        fields: { rev: options.survivalAt, notACommit: false },
      },
    );
  return { anchor, resolved };
}

/** The review reports, approvals and validation runs the repository keeps for the change (its git commands recorded). */
async function priorEvidenceOf(
  evidence: Evidence,
  options: WalkOptions,
): Promise<PriorEvidence[] | undefined> {
  const priorRoot = evidence.workspaceSource?.root ?? findGitRoots(options.cwd)?.worktree;
  if (options.includePriorEvidence === false || priorRoot === undefined) return undefined;
  const git = new GitRunner(priorRoot, options.env);
  const found = await collectPriorEvidence(git, priorRoot, evidence.commits, evidence.changes);
  evidence.commands.push(...git.records);
  return found;
}

/**
 * Walks a change set: resolves the target into evidence (recorded git commands, commits, patches, agent
 * sessions), groups it into change units, narrates what/why/who, captures comments by mode, and returns
 * the `retrospective-walk.v0.1.0` document. Never changes the repository it reads.
 */
export async function walkChangeSet(options: WalkOptions): Promise<WalkResult> {
  const now = options.now ?? (() => new Date());
  const nextUlid = options.ulid ?? defaultUlid;
  const { anchor, resolved } = walkScope(options);
  const evidence = await collectEvidence(resolved, {
    ...options,
    dataDir: options.dataDir ?? dataDir(options.env),
  });
  evidence.sessions = sessionSummary(evidence);
  const survival = await survivalOf(evidence, options);
  const prior = await priorEvidenceOf(evidence, options);
  const redact = (text: string) => redactText(text, options.env);
  const questions = [...(anchor ? [anchorQuestion(anchor, options.env)] : []), ...evidence.openQuestions];
  const drafts = groupChangeUnits(evidence.changes, evidence.commits);
  const units: ChangeUnit[] = drafts.map((draft) => {
    const { unit, questions: own } = narrateUnit(draft, evidence.pullRequests);
    questions.push(...own);
    return { ...unit, title: redact(unit.title), why: redact(unit.why), comments: [] };
  });
  if (options.modelsForWhy) {
    const synthesis = await applyWhySynthesis(
      units,
      drafts,
      evidence,
      options.modelsForWhy,
      options.env,
      redact,
    );
    questions.push(...synthesis.questions);
    evidence.warnings.push(...synthesis.warnings);
  }
  const retrospectiveId = `retro_${nextUlid()}`;
  const changesByUnit = new Map(drafts.map((d) => [d.id, d.changes]));
  if (survival)
    for (const unit of units) unitSurvival(unit, changesByUnit.get(unit.change_unit_id) ?? [], survival.at);
  // The anchor was supplied up front: it is on its unit before comments are asked for (and with --no-comments).
  const context = { retrospectiveId, now, ulid: nextUlid, env: options.env };
  const supplied = anchor ? [anchorComment(anchor, units, changesByUnit, context)] : [];
  const given = supplied.filter((c) => c !== undefined);
  for (const unit of units) unit.comments = given.filter((c) => c.change_unit_id === unit.change_unit_id);
  const captured = await captureComments(
    options,
    units,
    changesByUnit,
    evidence,
    retrospectiveId,
    now,
    nextUlid,
  );
  const comments = [...given, ...captured];
  for (const unit of units) unit.comments = comments.filter((c) => c.change_unit_id === unit.change_unit_id);
  const document = walkDocument({
    retrospectiveId,
    mode: options.mode,
    createdAt: now().toISOString(),
    evidence,
    units,
    comments,
    questions,
    prior,
    survival,
    redact,
  });
  return { document: walkDocumentSchema.parse(document), warnings: evidence.warnings };
}

interface WalkParts {
  retrospectiveId: string;
  mode: WalkOptions['mode'];
  createdAt: string;
  evidence: Evidence;
  units: ChangeUnit[];
  comments: WalkDocument['comments'];
  questions: string[];
  prior: PriorEvidence[] | undefined;
  survival: WalkDocument['survival'] | undefined;
  redact: (text: string) => string;
}

/** The document of a walk from its parts, every text from git or a session redacted. */
function walkDocument(parts: WalkParts): WalkDocument {
  const { retrospectiveId, evidence, units, comments, questions, prior, survival, redact } = parts;
  return {
    retrospective_id: retrospectiveId,
    schema_version: WALK_SCHEMA_VERSION,
    scope: evidence.scope,
    target: redact(evidence.target),
    mode: parts.mode,
    created_at: parts.createdAt,
    provenance_context: {
      commands: evidence.commands.map((c) => ({ ...c, command: redact(c.command) })),
      commits: evidence.commits.map((c) => ({
        sha: c.sha,
        parents: c.parents,
        author: `${c.authorName} <${c.authorEmail}>`,
        author_date: c.authorDate,
        committer: `${c.committerName} <${c.committerEmail}>`,
        committer_date: c.committerDate,
        subject: redact(c.subject),
        body: redact(c.body),
      })),
      jobs: evidence.jobs.map((j) =>
        j.record ? { ...j, record: { ...j.record, command: redact(j.record.command) } } : j,
      ),
      receipts: evidence.receipts,
      episodes: evidence.episodes,
      sessions: evidence.sessions,
      ...(prior ? { prior_evidence: prior.map((p) => ({ ...p, source: redact(p.source) })) } : {}),
    },
    change_units: units,
    comments,
    narrative: redact(narrateWhole(evidence, units, questions.length)),
    open_questions: questions.map(redact),
    ...(survival ? { survival } : {}),
    validation_receipt: {
      status: 'unavailable',
      reason:
        evidence.receipts.length > 0
          ? `receipts ${evidence.receipts.join(', ')} were supplied but no validation surface is available to confirm them; they are listed as claims in linked_receipts`
          : RECEIPT_REASON,
    },
  };
}
