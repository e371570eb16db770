import { readProjectTextIfExists } from '../../fsx/index.js';
import type { BoardStory, BoardUnit, SprintBoard } from '../read/board.js';
import { type ReviewWord, SENDS_BACK } from '../read/review-words.js';
import type { ReviewVerdict, SprintReviews } from '../read/reviews.js';
import { carriesOver, reachedReview, type StoryState, storyState } from '../read/status-words.js';
import {
  qaGateOutcomes,
  type ReviewRecord,
  readStoryReviews,
  reviewDocumentOutcomes,
  type StoryEvidence,
  statusFileOutcome,
} from '../read/story-evidence.js';
import { indexFiles, locateStoryFile } from '../read/story-index.js';
import { percent, type SprintMetrics, type StoryFacts } from './metrics.js';

/** Facts of one story of a board, beyond the `.gaia/` ones: its state, review outcome and rework reasons. */
interface BoardStoryFacts {
  state: StoryState;
  /** The last known review outcome, or UNKNOWN when the files do not say. */
  reviewOutcome: string;
  /** True when some file says how the story's review went (an outcome, a patch list, an orchestrator record). */
  reviewKnown: boolean;
  reworkReasons: string[];
  failureReason?: string;
  /** The story file's own `Status:` line, when it disagrees with the status file. */
  fileStatusDiffers?: string;
  evidence: StoryEvidence;
}

export interface BoardMetrics extends SprintMetrics {
  layout: SprintBoard['layout'];
  velocityUnit: 'points' | 'stories';
  dropped: string[];
  /** Stories whose status word is not known: listed, never counted as done or as carryover. */
  unknownStatuses: { key: string; status: string }[];
  /** Stories that reached review but whose review outcome no file gives. */
  reviewUnknown: string[];
  boardFacts: Record<string, BoardStoryFacts>;
  warnings: string[];
}

/** A finding without a resolution, or one still open: what the retro calls untriaged. */
const OPEN = /^\s*(?:open|pending|todo|to do|tbd|unresolved|not fixed|-|—)?\s*\.?\s*$/i;

function evidenceFor(
  root: string,
  board: SprintBoard,
  story: BoardStory,
  files: ReturnType<typeof indexFiles>,
): StoryEvidence {
  const storyFile = locateStoryFile(files, story.key);
  const text = storyFile ? readProjectTextIfExists(root, storyFile) : undefined;
  const evidence: StoryEvidence =
    storyFile && text !== undefined
      ? readStoryReviews(storyFile, text)
      : { reviews: [], findings: [], patches: 0 };
  evidence.reviews.push(
    ...reviewDocumentOutcomes(root, files, story.key, storyFile),
    ...qaGateOutcomes(root, files, story.key),
  );
  if (story.statusReview) {
    const recorded = statusFileOutcome(story.statusReview, board.path);
    if (recorded) evidence.reviews.push(recorded);
  }
  return evidence;
}

/**
 * Rework from every source: a record that went through `Changes Requested` before its last stage, a later
 * review after one that sent the work back, `[Review][Patch]` items, or the orchestrator's own count.
 */
function reworkOf(story: BoardStory, evidence: StoryEvidence, known: ReviewRecord[]): string[] {
  const reasons: string[] = [];
  for (const r of known) if (r.rework) reasons.push(`${r.text} (${r.source})`);
  const sentBack = known.findIndex((r) => SENDS_BACK.has(r.outcome as never));
  if (sentBack >= 0 && sentBack < known.length - 1 && !known[sentBack]!.rework)
    reasons.push(`${known[sentBack]!.text} (${known[sentBack]!.source}), reviewed again`);
  if (evidence.patches > 0)
    reasons.push(
      `${evidence.patches} review follow-up${evidence.patches === 1 ? '' : 's'} ([Review][Patch] / [AI-Review]) in ${evidence.storyFile}`,
    );
  if (story.rework) {
    const why = story.rework.reasons.length > 0 ? `: ${story.rework.reasons.join(' | ')}` : '';
    reasons.push(`sent back ${story.rework.count} time${story.rework.count === 1 ? '' : 's'}${why}`);
  }
  return reasons;
}

function storyFacts(
  root: string,
  board: SprintBoard,
  story: BoardStory,
  files: ReturnType<typeof indexFiles>,
) {
  const evidence = evidenceFor(root, board, story, files);
  const known = evidence.reviews.filter((r) => r.outcome !== 'UNKNOWN');
  const reworkReasons = reworkOf(story, evidence, known);
  const last = known.at(-1)?.outcome as ReviewWord | undefined;
  const orchestrated =
    story.reviewRecorded === true || story.rework !== undefined || story.failureReason !== undefined;
  const reviewKnown = known.length > 0 || evidence.patches > 0 || orchestrated;
  // A story still in progress whose files hold a review (follow-ups, a verdict) went through review too.
  const reached =
    reachedReview(story.state, story.status.toLowerCase()) ||
    ((story.state === 'in_progress' || story.state === 'blocked') && (reviewKnown || known.length > 0));
  const rework = reworkReasons.length > 0;
  const failed = story.state === 'failed' || (last !== undefined && SENDS_BACK.has(last));
  const facts: BoardStoryFacts = {
    state: story.state,
    reviewOutcome: last ?? (story.state === 'failed' ? 'FAILED' : 'UNKNOWN'),
    reviewKnown: reviewKnown || story.state === 'failed',
    reworkReasons,
    evidence,
  };
  if (story.failureReason) facts.failureReason = story.failureReason;
  const fileState = evidence.fileStatus ? storyState(evidence.fileStatus) : undefined;
  if (evidence.fileStatus && fileState !== 'unknown' && fileState !== story.state)
    facts.fileStatusDiffers = evidence.fileStatus;
  const base: StoryFacts = {
    key: story.key,
    title: story.title,
    status: story.status,
    points: story.points ?? 0,
    blockedBy: story.blockedBy ?? null,
    storyFile: undefined,
    rework,
    reachedReview: reached,
    firstPass: reached && facts.reviewKnown && !rework && !failed,
    untriagedFindings: evidence.findings.filter((f) => OPEN.test(f.resolution)).length,
  };
  return { base, facts };
}

/**
 * Every number of a retro over one unit of a board (a BMAD epic, an orchestrator sprint, an epics-map
 * epic), counted as a person counts from the files: dropped stories leave the totals, unknown status
 * words are listed rather than guessed, and a review the files do not describe is unknown, never a pass.
 *
 * Long on purpose: every figure and every warning is counted from the same rows in one pass of reading,
 * and the returned object names them all; helpers would each need the rows, the board and the warnings.
 */
export function computeBoardMetrics(root: string, board: SprintBoard, unit: BoardUnit): BoardMetrics {
  const files = indexFiles(root, [...board.storyFolders, 'docs/qa/gates']);
  const warnings = [...board.warnings];
  const rows = unit.stories.map((s) => ({ story: s, ...storyFacts(root, board, s, files) }));
  const counted = rows.filter((r) => r.story.state !== 'dropped');
  const done = counted.filter((r) => r.story.state === 'done');
  const pointed = counted.filter((r) => r.story.points !== undefined);
  const byPoints = counted.length > 0 && pointed.length === counted.length;
  if (pointed.length > 0 && !byPoints)
    warnings.push(
      `points are given for ${pointed.length} of ${counted.length} stories: velocity is counted in stories`,
    );
  const planned = byPoints
    ? (unit.plannedPoints ?? counted.reduce((n, r) => n + (r.story.points ?? 0), 0))
    : counted.length;
  const completed = byPoints ? done.reduce((n, r) => n + (r.story.points ?? 0), 0) : done.length;
  const reviewed = rows.filter((r) => r.base.reachedReview && r.facts.reviewKnown);
  const reviewUnknown = rows
    .filter((r) => r.base.reachedReview && !r.facts.reviewKnown)
    .map((r) => r.story.key);
  const unknownStatuses = rows
    .filter((r) => r.story.state === 'unknown')
    .map((r) => ({ key: r.story.key, status: r.story.status }));
  for (const u of unknownStatuses)
    warnings.push(
      `${u.key}: status '${u.status}' is not a known status word; it is counted as neither done nor carryover`,
    );
  const differ = rows.filter((r) => r.facts.fileStatusDiffers);
  if (differ.length > 0) {
    const shown = differ
      .slice(0, 6)
      .map((r) => `${r.story.key} '${r.story.status}' vs '${r.facts.fileStatusDiffers}'`);
    warnings.push(
      `${differ.length} story file${differ.length === 1 ? ' disagrees' : 's disagree'} with ${board.path}, which is counted: ${shown.join('; ')}${differ.length > 6 ? '; …' : ''}`,
    );
  }
  for (const r of rows) {
    const empty = r.facts.evidence.reviews.find((x) => x.warning && x.kind === 'story-file');
    if (empty && !r.facts.reviewKnown) warnings.push(`${r.story.key}: ${empty.warning} (${empty.source})`);
  }
  // Orchestrators keep a story's notes in the status file: missing story files are news only where the layout has them.
  const usesFiles = board.layout === 'bmad' || rows.some((r) => r.facts.evidence.storyFile);
  const missing = usesFiles
    ? rows
        .filter(
          (r) => !r.facts.evidence.storyFile && (r.story.state === 'done' || r.story.state === 'in_progress'),
        )
        .map((r) => r.story.key)
    : [];
  const gates = rows.reduce(
    (acc, r) => ({
      checked: acc.checked + (r.facts.evidence.qualityGates?.checked ?? 0),
      total: acc.total + (r.facts.evidence.qualityGates?.total ?? 0),
    }),
    { checked: 0, total: 0 },
  );
  const passed = reviewed.filter((r) => r.base.firstPass).length;
  return {
    layout: board.layout,
    velocityUnit: byPoints ? 'points' : 'stories',
    stories: rows.map((r) => r.base),
    completion: { done: done.length, total: counted.length, pct: percent(done.length, counted.length) },
    velocity: { planned, completed, pct: percent(completed, planned) },
    carryover: rows
      .filter((r) => r.story.state !== 'unknown' && carriesOver(r.story.state))
      .map((r) => r.story.key),
    dropped: rows.filter((r) => r.story.state === 'dropped').map((r) => r.story.key),
    blocked: rows
      .filter((r) => r.story.state === 'blocked' || r.story.blockedBy !== undefined)
      .map((r) => r.story.key),
    firstPass: { passed, reviewed: reviewed.length, pct: percent(passed, reviewed.length) },
    untriagedFindings: rows.flatMap((r) =>
      r.facts.evidence.findings
        .filter((f) => OPEN.test(f.resolution))
        .map((f) => ({ storyKey: r.story.key, finding: f.description, severity: f.severity })),
    ),
    dod: { ...gates, pct: percent(gates.checked, gates.total) },
    missingStoryFiles: missing,
    unknownStatuses,
    reviewUnknown,
    boardFacts: Object.fromEntries(rows.map((r) => [r.story.key, r.facts])),
    warnings,
  };
}

/** The review records of a board unit in the report's review list shape (one row per outcome read). */
export function boardReviews(unitId: string, metrics: BoardMetrics): SprintReviews {
  const reviews: ReviewVerdict[] = Object.entries(metrics.boardFacts).flatMap(([storyKey, f]) =>
    f.evidence.reviews.map((r) => {
      const from = r.rework ? r.stages.find((s) => SENDS_BACK.has(s)) : undefined;
      return {
        artifact: r.source,
        type: r.kind,
        storyKey,
        verdict: r.outcome,
        ...(from ? { reworkedFrom: from } : {}),
        note: r.warning ?? '',
      };
    }),
  );
  return reviews.length > 0 ? { reviews } : { reviews, note: `no review outcomes found for ${unitId}` };
}
