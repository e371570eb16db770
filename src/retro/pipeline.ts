import { DEFAULT_PROPOSAL_LIMIT as GLOBAL_TOP, rankProposals } from '../deepread/rank.js';
import type { Proposal } from '../deepread/types.js';
import { InputError } from '../errors/errors.js';
import { type GateSettings, resolveGateSettings } from '../gate/settings.js';
import { findGitRoots } from '../git/roots.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { syncClaudeMdLessons } from '../rules/claude-md.js';
import { lessonLoadWarnings } from '../rules/lessons-load.js';
import { resolveStoreSettings, type StoreSettings } from '../store/settings.js';
import type { HostName } from '../transcript/types.js';
import { todayUtc } from '../trial/dates.js';
import type { TrialReviewOptions } from '../trial/project-review.js';
import { refuseUnwritableAgentFiles, syncOtherAgentFiles } from './agent-files.js';
import { anchorHome, sessionProjectOf } from './anchor-home.js';
import { NoAnswerError } from './answers.js';
import { findCandidates } from './candidates.js';
import { type CitationIndex, citationIndex, citationLocator } from './citation-context.js';
import { confirmProposals, reviewElapsedTrials } from './confirm.js';
import type { RetroDecider } from './decide.js';
import { type DeepReader, type DeepReadOutcome, isFatalDeepReadError } from './deep-read-port.js';
import { readFlaggedSession } from './flagged-session.js';
import { GATE_BUDGET_SINGLE_MS, GATE_CAP_ALL_MS, gateCandidates } from './gate-step.js';
import { gateTimeoutText, notAppliedLine, refusedProposalLine } from './render.js';
import { heldBackPatterns, mergeObservations, mergeRepeatedProposals, recurringPatterns } from './select.js';
import type { GatedSession, RetroCandidate, RetroOutcome } from './types.js';

/** What runRetro looks at, who decides, and how it reads. */
export interface RetroOptions {
  /** Where the retro runs: its git main checkout holds the rules, its worktree is the agent's cwd. */
  cwd: string;
  /** Where Claude Code's config dir, the gate's settings and provider keys are read. */
  env: NodeJS.ProcessEnv;
  /** One session by id; default: the project's newest session. */
  sessionId?: string | undefined;
  /** Every session of every project (patterns must recur in two sessions). */
  all?: boolean;
  /** Compute and show everything, write nothing. */
  dryRun?: boolean;
  /** A Claude Code projects folder to use instead of `<config dir>/projects`. */
  projectsRoot?: string | undefined;
  /** Only sessions of these agents (default: every agent's). */
  hosts?: readonly HostName[] | undefined;
  /** Who confirms: the user at a prompt, or `autoDecider`. */
  decider: RetroDecider;
  /** The phase-2 deep read of one flagged session. */
  deepReader: DeepReader;
  /** Deep reads running at once (default 3). */
  concurrency?: number;
  /** The gate threshold (default `RETRO_THRESHOLD`, else the gate's); unused when `gate` is given. */
  threshold?: string | undefined;
  /**
   * The gate's settings, resolved at the caller's edge (the CLI's --profile and --threshold over the
   * environment); default: resolved here from `threshold` and `env`.
   */
  gate?: GateSettings | undefined;
  /** The session store's settings, resolved at the caller's edge; default: resolved here from `env`. */
  store?: StoreSettings | undefined;
  /**
   * Wall time one session may take to gate, in ms; a session still gating then is abandoned (not
   * flagged, reported as skipped). Default 2000 with `all`, 5000 for one session (docs/design/session-retro.md §5 step 3);
   * `Infinity` gates without a cap on the calling thread.
   */
  gateCapMs?: number | undefined;
  /** How elapsed trials are decided (default: the effect with its interval; `{ rule: 'seed' }` the seed's). */
  trialReview?: TrialReviewOptions | undefined;
  /** Under `--auto`, install guard hooks proposed for rules broken again and again (never without it). */
  installHooks?: boolean | undefined;
  /** The day trials start and are reviewed on (default today, UTC). */
  today?: string | undefined;
  /** The clock in ms, for the in-progress check (default: Date.now()). */
  nowMs?: number;
  /** Aborts the run between steps (a scheduled run's signal). */
  signal?: AbortSignal | undefined;
  /**
   * Save the fabrication anchors of another project's sessions in that project, when it is a checkout this
   * user owns and may write (an interactive `--all`); default false: they are kept out of every project but
   * their own, as the unattended scheduled run must.
   */
  anchorsElsewhere?: boolean;
  /** Keep a managed lessons section in the project's CLAUDE.md in step with the lessons file. */
  alsoClaudeMd?: boolean;
  /** Keep the same section in AGENTS.md (Codex, OpenCode, Copilot CLI read it). */
  alsoAgentsMd?: boolean;
  /** Keep the same section in GEMINI.md (Gemini CLI reads it). */
  alsoGeminiMd?: boolean;
  /** Called with the outcome so far after each stage (a scheduled run's report follows it). */
  onProgress?: (outcome: Readonly<RetroOutcome>) => void;
  /** Receives progress and problems, one line each (the CLI sends them to stderr). */
  log?: (line: string) => void;
}

/** Runs `task` over `items`, at most `limit` at a time; results in the order of `items`. */
async function boundedMap<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

function emptyOutcome(dryRun: boolean, gateCapMs: number): RetroOutcome {
  return {
    dryRun,
    counts: { scanned: 0, skipped: 0, gated: 0, deepRead: 0 },
    lookedIn: [],
    skipped: [],
    gateCapMs: Number.isFinite(gateCapMs) ? gateCapMs : null,
    gated: [],
    applied: [],
    rejected: 0,
    duplicates: [],
    manualFollowUps: [],
    observations: [],
    fabricationAnchors: [],
    dropped: [],
    heldBack: [],
    deferred: [],
    unread: [],
    skippedProposals: [],
  };
}

function candidateOf(p: Proposal): RetroCandidate {
  return {
    target: p.target,
    proposedText: p.proposed_text,
    patternSummary: p.pattern_summary,
    sessionId: p.session_id,
    confidence: p.confidence,
    citations: p.citations,
  };
}

const short = (p: Proposal) => `${p.target} "${p.proposed_text}" (session ${p.session_id})`;

interface RetroRun {
  options: RetroOptions;
  /** The gate's settings for every gate of the run: candidates, trial review, deep read. */
  gate: GateSettings;
  /** Where the session store is and who writes into it, for the gate step and the trial review. */
  store: StoreSettings;
  mainCheckout: string;
  worktree: string;
  dryRun: boolean;
  gateCapMs: number;
  outcome: RetroOutcome;
  log: (line: string) => void;
  progress: () => void;
}

/** The candidate sessions, with those set aside; one named session must have worked in this project. */
function findRetroCandidates(run: RetroRun) {
  const { options, mainCheckout, outcome } = run;
  const candidates = findCandidates({
    mainCheckout,
    sessionId: options.sessionId,
    cwd: options.cwd,
    all: options.all,
    projectsRoot: options.projectsRoot,
    hosts: options.hosts,
    env: options.env,
    nowMs: options.nowMs,
  });
  // One named session's rules go to the project it worked in: in any other, refuse and name it.
  if (!options.all && options.sessionId !== undefined)
    for (const session of candidates.sessions) {
      const project = sessionProjectOf(session.path, mainCheckout);
      if (project.kind === 'other')
        throw new InputError(
          `session ${session.sessionId} worked in ${project.root}, not in this project (${mainCheckout}); its rules belong there: run 'retrospect retro ${session.sessionId}' in ${project.root}`,
        );
    }
  outcome.lookedIn = candidates.lookedIn;
  outcome.skipped = candidates.skipped;
  outcome.counts.skipped = candidates.skipped.length;
  outcome.counts.scanned = candidates.sessions.length;
  run.progress();
  return candidates.sessions;
}

/** Gates the candidates once, with the retro's threshold; those that took too long are skipped. */
async function gateRetroCandidates(run: RetroRun, sessions: RetroCandidateSessions) {
  const { outcome, gateCapMs, log } = run;
  const gating = await gateCandidates(sessions, {
    store: run.store,
    gate: run.gate,
    mainCheckout: run.mainCheckout,
    capMs: gateCapMs,
    log,
  });
  outcome.gated = gating.gated;
  for (const session of gating.timedOut) {
    log(`retro: skipped ${session.sessionId}: ${gateTimeoutText(gateCapMs)}`);
    outcome.skipped.push({ session, reason: 'gate-timeout' });
  }
  outcome.counts.skipped += gating.timedOut.length;
  outcome.counts.scanned -= gating.timedOut.length;
  const flagged: GatedSession[] = outcome.gated.filter((g) => g.verdict.passed);
  outcome.counts.gated = flagged.length;
  run.progress();
  return { flagged, timedOut: gating.timedOut };
}

type AnchorHomes = Map<string, ReturnType<typeof anchorHome>>;
/** Each flagged session's citation context, by path, built from the messages its deep read went over. */
type CitationIndexes = Map<string, CitationIndex>;
type RetroCandidateSessions = ReturnType<typeof findCandidates>['sessions'];

/**
 * Deep-reads the flagged sessions in parallel, each with the verdict it was gated with. Each transcript is
 * read once here (see readFlaggedSession): its messages go to the deep read, and the citation context of
 * its messages is kept in `citations` for the rules applied at the end, so nothing reads it again.
 */
async function deepReadFlagged(
  run: RetroRun,
  flagged: readonly GatedSession[],
  homes: AnchorHomes,
  citations: CitationIndexes,
): Promise<DeepReadOutcome[]> {
  const { options, outcome, log } = run;
  const reads = await boundedMap(flagged, options.concurrency ?? 3, async ({ session, verdict }) => {
    if (options.signal?.aborted) return undefined;
    const anchors = [...new Set(verdict.signals.flatMap((s) => s.ids))];
    const home = homes.get(session.path);
    const messages = readFlaggedSession(session.path);
    if (messages !== undefined) citations.set(session.path, citationIndex(session.sessionId, messages));
    try {
      return await options.deepReader(session.path, {
        sessionId: session.sessionId,
        verdict,
        anchors,
        persist: !run.dryRun && home?.root !== undefined,
        anchorsRoot: home?.root,
        signal: options.signal,
        messages,
      });
    } catch (error) {
      if (isFatalDeepReadError(error)) throw error;
      if (error instanceof NoAnswerError) {
        outcome.unread.push({ session_id: session.sessionId, answer_path: error.expectedPath });
        log(`retro: ${session.sessionId} not read: ${error.message}`);
        return undefined;
      }
      // One failed read never blocks the retro: the session gives zero proposals (docs/design/session-retro.md §4).
      log(
        `deep-read ${session.sessionId}: failed (${error instanceof Error ? error.message : String(error)}); continuing with zero proposals`,
      );
      return undefined;
    }
  });
  const answered = reads.filter((r): r is DeepReadOutcome => r !== undefined);
  outcome.counts.deepRead = answered.length;
  // A rule refused for what it is (a command, a link) is applied nowhere, and a person should know.
  for (const read of answered)
    for (const refused of read.refused ?? []) outcome.manualFollowUps.push(refusedProposalLine(refused));
  run.progress();
  return answered;
}

/** The global top proposals (in `--all` mode only patterns seen in two or more sessions). */
function topProposals(run: RetroRun, answered: readonly DeepReadOutcome[]): Proposal[] {
  const { outcome } = run;
  let proposals = answered.flatMap((r) => r.proposals);
  if (run.options.all) {
    const recurring = recurringPatterns(proposals);
    outcome.heldBack = heldBackPatterns(recurring.dropped);
    proposals = recurring.kept;
  }
  proposals = mergeRepeatedProposals(proposals);
  const top = rankProposals(proposals, GLOBAL_TOP);
  for (const p of proposals)
    if (!top.includes(p)) outcome.dropped.push(`ranked below the top ${GLOBAL_TOP}: ${short(p)}`);
  return top;
}

/** The observations, merged, and each fabrication anchor with its transcript and where it was saved. */
function collectFindings(
  run: RetroRun,
  answered: readonly DeepReadOutcome[],
  flagged: readonly GatedSession[],
  homes: AnchorHomes,
): void {
  const { outcome, mainCheckout } = run;
  outcome.observations = mergeObservations(answered.flatMap((r) => r.observations));
  for (const read of answered) {
    const path = flagged.find((g) => g.session.sessionId === read.session_id)?.session.path ?? '';
    const home = homes.get(path);
    const where =
      home?.root === mainCheckout ? {} : home?.root ? { saved_in: home.root } : { kept_out: home?.keptOut };
    for (const a of read.fabrication_anchors)
      outcome.fabricationAnchors.push({ ...a, source_jsonl_path: path, ...where });
  }
  run.progress();
}

/** After applying: citations in context, lesson load warnings, and the agents' instruction files in step. */
function finishApplied(run: RetroRun, flagged: readonly GatedSession[], citations: CitationIndexes): void {
  const { options, outcome, mainCheckout, dryRun } = run;
  // Each citation with its session, who said it and the line before, for the person deciding on the rule.
  const locate = citationLocator(
    flagged.map((g) => g.session),
    citations,
  );
  for (const change of outcome.applied) if (change.citations) change.citations = change.citations.map(locate);
  // A lesson helps only if Claude Code loads it: say so when it would not (or earlier lessons are not).
  const lessonApplied = outcome.applied.some((a) => a.target === 'claude');
  for (const warning of lessonLoadWarnings({
    mainCheckout,
    worktree: run.worktree,
    env: options.env,
    lessonApplied,
  })) {
    run.log(`retro: warning: ${warning}`);
    outcome.manualFollowUps.push(warning);
  }
  if (options.alsoClaudeMd) {
    const synced = syncClaudeMdLessons(mainCheckout, { dryRun });
    if (synced.ok) {
      outcome.claudeMd = synced.changed ? 'updated' : 'unchanged';
      for (const lesson of synced.refused)
        outcome.manualFollowUps.push(
          notAppliedLine('CLAUDE.md lesson', 'not prose: a command or a link', lesson),
        );
    } else outcome.manualFollowUps.push(`CLAUDE.md not updated: ${synced.reason}`);
  }
  syncOtherAgentFiles(mainCheckout, options, outcome, dryRun);
  run.progress();
}

/** Where the retro runs, what it may write and the empty outcome it fills in. */
function startRun(options: RetroOptions): RetroRun {
  const roots = findGitRoots(options.cwd);
  if (!roots) throw new InputError(`retro runs inside a git repository; ${options.cwd} is not in one`);
  const { mainCheckout, worktree } = roots;
  refuseUnwritableAgentFiles(mainCheckout, options);
  const dryRun = options.dryRun === true;
  const gateCapMs = options.gateCapMs ?? (options.all ? GATE_CAP_ALL_MS : GATE_BUDGET_SINGLE_MS);
  const outcome = emptyOutcome(dryRun, gateCapMs);
  outcome.project = mainCheckout;
  const log = options.log ?? (() => {});
  const gate =
    options.gate ??
    resolveGateSettings({
      flags: { threshold: options.threshold },
      env: options.env,
      ledger: ledgerFromEnv(options.env),
    });
  return {
    options,
    gate,
    store: options.store ?? resolveStoreSettings(options.env),
    mainCheckout,
    worktree,
    dryRun,
    gateCapMs,
    outcome,
    log,
    progress: () => options.onProgress?.(outcome),
  };
}

/**
 * The session retrospective (docs/design/session-retro.md §5): find the candidate sessions, gate them, deep-read the flagged
 * ones in parallel, keep the global top 5 (in `--all` mode only patterns seen in two or more sessions),
 * review elapsed trials, classify each proposal against the existing rules, and confirm and apply
 * through the decider. Returns everything it did and found; writes nothing in a dry run.
 */
export async function runRetro(options: RetroOptions): Promise<RetroOutcome> {
  const run = startRun(options);
  const { mainCheckout, dryRun, gateCapMs, outcome, progress } = run;
  const today = options.today ?? todayUtc(new Date(options.nowMs ?? Date.now()));
  const candidates = findRetroCandidates(run);
  const { flagged, timedOut } = await gateRetroCandidates(run, candidates);
  const homes: AnchorHomes = new Map(
    flagged.map(({ session }) => [
      session.path,
      anchorHome(session.path, { mainCheckout, otherProjects: options.anchorsElsewhere === true }),
    ]),
  );
  const citations: CitationIndexes = new Map();
  const answered = await deepReadFlagged(run, flagged, homes, citations);
  const top = topProposals(run, answered);
  collectFindings(run, answered, flagged, homes);
  const context = { mainCheckout, today, decider: options.decider, dryRun, signal: options.signal, progress };
  await reviewElapsedTrials(outcome, {
    ...context,
    env: options.env,
    gate: run.gate,
    store: run.store,
    projectsRoot: options.projectsRoot,
    gateCapMs,
    slowPaths: new Set(timedOut.map((s) => s.path)),
    trialReview: options.trialReview,
    installHooks: options.installHooks,
  });
  await confirmProposals(outcome, top.map(candidateOf), context);
  finishApplied(run, flagged, citations);
  return outcome;
}
