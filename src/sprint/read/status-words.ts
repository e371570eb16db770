/**
 * What a story's status word means for the numbers of a retro. Every layout we read (the `.gaia/` one,
 * BMAD's `development_status`, the sprint lists of orchestrators, epic maps) goes through this one table,
 * so that `complete`, `done` and `deployed` all count as done and `wont-do` never counts as carryover.
 */
export type StoryState =
  /** Delivered: counts towards completion and velocity. */
  | 'done'
  /** Being worked on, or waiting for review: carryover when the sprint closes. */
  | 'in_progress'
  /** Planned but not started (backlog, drafted, ready for dev): carryover. */
  | 'not_started'
  /** Cannot move until something else happens: carryover, listed as blocked. */
  | 'blocked'
  /** Tried and failed its gate (orchestrators mark it so): carryover, with its reason. */
  | 'failed'
  /** Left the plan without being delivered (won't do, split, absorbed, cancelled): out of the totals. */
  | 'dropped'
  /** A word this table does not know: reported, never silently counted as anything. */
  | 'unknown';

const WORDS: Record<Exclude<StoryState, 'unknown'>, readonly string[]> = {
  done: [
    'done',
    'complete',
    'completed',
    'completion',
    'deployed',
    'released',
    'shipped',
    'delivered',
    'closed',
    'finished',
    'resolved',
    'accepted',
    'validated',
    'verified',
    'implemented',
    'implementation-complete',
    'mvp-complete',
    'passed',
  ],
  in_progress: [
    'in-progress',
    'inprogress',
    'started',
    'doing',
    'wip',
    'active',
    'partial',
    'review',
    'in-review',
    'code-review',
    'ready-for-review',
    'needs-review',
    'reviewing',
    'qa',
    'in-qa',
    'testing',
    'validating',
    'rework',
    'changes-requested',
  ],
  not_started: [
    'backlog',
    'todo',
    'to-do',
    'planned',
    'pending',
    'new',
    'open',
    'proposed',
    'draft',
    'drafted',
    'contexted',
    'ready',
    'ready-for-dev',
    'ready-for-development',
    'approved',
    'deferred',
    'not-started',
  ],
  blocked: ['blocked', 'on-hold', 'hold', 'paused', 'waiting', 'needs-input'],
  failed: ['failed', 'failing', 'error'],
  dropped: [
    'wont-do',
    'wontdo',
    'wont-fix',
    'wontfix',
    'cancelled',
    'canceled',
    'dropped',
    'removed',
    'cut',
    'split',
    'absorbed',
    'merged',
    'superseded',
    'obsolete',
    'deprecated',
    'skipped',
    'duplicate',
    'rejected',
    'abandoned',
    'moved',
  ],
};

const STATE_OF = new Map<string, StoryState>(
  Object.entries(WORDS).flatMap(([state, words]) => words.map((w) => [w, state as StoryState] as const)),
);

/**
 * The comparable form of a status word: lower case, quotes, emoji and trailing notes removed, spaces and
 * underscores as hyphens (`In progress`, `in_progress` and `IN-PROGRESS` are one word; `won't do` is `wont-do`).
 */
export function normaliseStatusWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/\p{Extended_Pictographic}|\u{FE0F}/gu, ' ')
    .replace(/['’"`*]/g, '')
    .replace(/\s*\(.*$/, '')
    .trim()
    .replace(/[\s_]+/g, '-');
}

/** The state of one status word; `moved-to-12.8` is dropped (moved elsewhere), unknown words are `unknown`. */
export function storyState(word: string | undefined | null): StoryState {
  if (word === undefined || word === null) return 'unknown';
  const norm = normaliseStatusWord(String(word));
  const known = STATE_OF.get(norm);
  if (known) return known;
  if (/^(moved|merged|split|absorbed)-(to|into)\b/.test(norm)) return 'dropped';
  if (/^(done|complete|completed|deployed)-/.test(norm)) return 'done';
  return 'unknown';
}

/** States that reached a reviewer: first-pass rates count among these. */
export function reachedReview(state: StoryState, word: string): boolean {
  if (state === 'done' || state === 'failed') return true;
  return state === 'in_progress' && /review|qa|testing|validating|rework|changes-requested/.test(word);
}

/** Not delivered and not dropped: what carries over into the next sprint or epic. */
export function carriesOver(state: StoryState): boolean {
  return state !== 'done' && state !== 'dropped';
}
