import { PY_WHITESPACE } from '../transcript/pyjson.js';

/**
 * The seed's regexes, exact. Python's `\b` is Unicode-aware (a letter such as `é` is a word character),
 * JavaScript's is not, so each `\b` becomes a look-around on Python's word characters. Every alternative
 * begins and ends with a word character, so "not preceded / not followed by a word character" is `\b`.
 */
const WORD = '[\\p{L}\\p{N}_]';

function wordRegex(alternatives: string): RegExp {
  return new RegExp(`(?<!${WORD})(?:${alternatives})(?!${WORD})`, 'giu');
}

const S1_ALTERNATIVES = "revert|stop|wrong|don'?t|why did you|no that'?s|undo|that'?s not|nope";
const S4_ALTERNATIVES =
  "let me try again|let me try a different|that didn'?t work|actually,? let me|sorry,? let me|my mistake|i'?ll try";

/** S1 explicit reject. */
export const S1_RE = wordRegex(S1_ALTERNATIVES);

/** S4 assistant retry. */
export const S4_RE = wordRegex(S4_ALTERNATIVES);

/**
 * A word regex's matches, found fast: `candidates` finds every place a match can start (its alternatives
 * without the look-arounds), and `exact` (sticky) is tried only there. Without the `u` flag the candidate
 * search runs as compiled literal search; with it, every position of the text pays for the look-behind's
 * Unicode class (a call into the engine's range check per character).
 */
export interface WordPattern {
  exact: RegExp;
  candidates: RegExp;
}

/**
 * The alternatives as a case-insensitive search without the `u` flag. That search folds ASCII letters only,
 * so the two code points that Unicode case folding maps onto a letter of an alternative are spelled out:
 * Kelvin sign K (→ k) and long s ſ (→ s). The alternatives hold letters, spaces, `'`, `,` and `?` only.
 */
function candidatesOf(alternatives: string): RegExp {
  return new RegExp(alternatives.replace(/s/g, '[s\u017f]').replace(/k/g, '[k\u212a]'), 'gi');
}

export function wordPattern(exact: RegExp, alternatives: string): WordPattern {
  return { exact: new RegExp(exact.source, 'iuy'), candidates: candidatesOf(alternatives) };
}

/** S1_RE and S4_RE for countWordMatches. */
export const S1_PATTERN = wordPattern(S1_RE, S1_ALTERNATIVES);
export const S4_PATTERN = wordPattern(S4_RE, S4_ALTERNATIVES);

/**
 * A cheap superset test for S4: every alternative contains `try`, `work`, `let me` or `mistake`. Written
 * without the `u` flag (much faster on long texts), so the two letters that Unicode case folding maps from
 * other code points are spelled out: Kelvin sign K (→ k) and long s ſ (→ s). A text without a hit cannot
 * match S4_RE, so skipping it never changes a count.
 */
export const S4_PREFILTER = /try|wor[k\u212a]|let me|mi[s\u017f]ta[k\u212a]e/i;

/** System notifications (`<task-notification>`, `<bash-input>`...) arrive on the user channel; case-sensitive. */
export const SYSTEM_NOTIFICATION_RE = new RegExp(`<[a-z][a-z0-9-]*[${PY_WHITESPACE}>]`, 'u');

export const CONTINUATION_PREFIX = 'This session is being continued';

/** Short replies that approve rather than disengage: never an S5 terse follow-up. */
export const APPROVAL_WORDS = new Set(
  'waive ok okay yes sure proceed done approved ship merge lgtm ack go yep yup fine agreed'.split(' '),
);

export const SIGNAL_NAMES = ['S1', 'S2', 'S3', 'S4', 'S5'] as const;
export type SignalName = (typeof SIGNAL_NAMES)[number];

/** The signals as a range for help texts: `S1-S5`. */
export const SIGNAL_RANGE = `${SIGNAL_NAMES[0]}-${SIGNAL_NAMES[SIGNAL_NAMES.length - 1]}`;

export const SIGNAL_LABELS: Record<SignalName, string> = {
  S1: 'explicit reject',
  S2: 'tool error run',
  S3: 'edit loop',
  S4: 'assistant retry',
  S5: 'terse follow-up',
};

/** Weight, count cap (undefined: uncapped) and how many anchor ids are reported. */
export type SignalRules = Record<SignalName, { weight: number; cap: number | undefined; maxIds: number }>;

export const SIGNAL_RULES: SignalRules = {
  S1: { weight: 3.0, cap: 3, maxIds: 3 },
  S2: { weight: 2.0, cap: undefined, maxIds: 10 },
  S3: { weight: 2.5, cap: undefined, maxIds: 10 },
  S4: { weight: 1.5, cap: 3, maxIds: 3 },
  S5: { weight: 1.0, cap: 4, maxIds: 4 },
};

export const S3_MIN_EDITS = 3;
export const S3_MAX_TURN_SPAN = 10;
export const S5_MIN_ASSISTANT_LENGTH = 500;
export const S5_MAX_WORDS = 3;

export const DEFAULT_THRESHOLD = 5.0;

/** The seed's rule version (fixed: the seed is the original gate). Each profile's: GATE_PROFILE_VERSIONS. */
export const GATE_VERSION = 1;

/**
 * Counts all non-overlapping matches (Python findall). `test` moves a global regex on as `exec` does but
 * builds no match array: a long text full of matches leaves no garbage behind.
 */
export function countMatches(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let count = 0;
  while (re.test(text)) count++;
  return count;
}

/**
 * countMatches of the pattern's regex, the same count: the global search finds the first place at or after
 * its position where the regex matches, and every such place is a place the candidates match (each
 * alternative is a literal there), so trying the exact regex at each candidate in order finds the same
 * matches. A candidate never starts inside a surrogate pair (it starts at a letter).
 */
export function countWordMatches(pattern: WordPattern, text: string): number {
  const { exact, candidates } = pattern;
  candidates.lastIndex = 0;
  let count = 0;
  for (let found = candidates.exec(text); found !== null; found = candidates.exec(text)) {
    exact.lastIndex = found.index;
    if (exact.test(text)) {
      count++;
      candidates.lastIndex = exact.lastIndex;
    } else {
      candidates.lastIndex = found.index + 1;
    }
  }
  return count;
}
