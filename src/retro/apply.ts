import { appendBacklogEntry } from '../rules/backlog.js';
import { appendDirective, editDirectives, replaceDirective } from '../rules/directives.js';
import type { EditOptions } from '../rules/edit.js';
import { appendLesson, replaceLesson } from '../rules/lessons.js';
import { backlogPath, directivesPath, isTeamAgent } from '../rules/targets.js';
import type { TrialMeta } from '../rules/trial-comment.js';
import type { ClassifiableProposal, Classification } from './classify.js';

/** The review window a NEW rule gets when it starts as a trial. */
const DEFAULT_REVIEW_AFTER = '10-sessions';

/**
 * The trial comment values for a NEW rule born from `sessionId` at message `anchorId` on `day`. Characters
 * a comment cannot hold (whitespace, `>`) become `_`, so the comment always parses back.
 */
export function newTrialMeta(sessionId: string, anchorId: string | undefined, day: string): TrialMeta {
  // Ids from file names and transcripts: whitespace, `>` and anything outside an id's letters would
  // end the comment or hide in it.
  const word = (text: string) => text.replace(/[^\w.:@#+-]/g, '_') || 'na';
  return {
    start: day,
    source: `${word(sessionId)}#${word(anchorId ?? 'na')}`,
    reviewAfter: DEFAULT_REVIEW_AFTER,
  };
}

interface ApplyOptions extends EditOptions {
  /** For a NEW rule (team agent or lesson): its trial comment; undefined makes the rule permanent at once. */
  trial?: TrialMeta;
  /** For a `plugin` entry: where it was seen (`<session>#<message>`) and the day. */
  source?: string;
  day?: string;
}

export type ApplyResult =
  | { ok: true; path: string; line: string }
  | { ok: false; reason: 'duplicate' | 'not-found' | 'not-a-trial' | 'empty-text' | string };

/**
 * Writes one classified proposal where its target keeps rules: a team agent's directives (NEW appended,
 * as a trial when `trial` is given; TIGHTEN replacing the matched rule), Claude's lessons (NEW appended to
 * `.claude/rules/retrospect-lessons.md`, as a trial when `trial` is given; TIGHTEN replacing the lesson in
 * the file that holds it), or the backlog for `plugin`. DUPLICATE is never written.
 */
export function applyClassification<P extends ClassifiableProposal>(
  mainCheckout: string,
  classification: Classification<P>,
  options: ApplyOptions = {},
): ApplyResult {
  const { proposal, action, existing, text } = classification;
  if (action === 'DUPLICATE') return { ok: false, reason: 'duplicate' };
  const target = proposal.target;
  const edit = { dryRun: options.dryRun };
  if (isTeamAgent(target)) {
    const result = editDirectives(
      mainCheckout,
      target,
      (content) =>
        action === 'TIGHTEN' && existing
          ? replaceDirective(content, { text: existing.text, number: existing.number }, text)
          : appendDirective(content, text, options.trial),
      edit,
    );
    return result.ok ? { ok: true, path: directivesPath(mainCheckout, target), line: result.line } : result;
  }
  if (target === 'claude') {
    const result =
      action === 'TIGHTEN' && existing
        ? replaceLesson(mainCheckout, existing.text, text, edit)
        : appendLesson(mainCheckout, text, { ...edit, trial: options.trial });
    return result.ok ? { ok: true, path: result.path, line: result.line } : result;
  }
  const day = options.day ?? new Date().toISOString().slice(0, 10);
  const result = appendBacklogEntry(mainCheckout, { text, source: options.source ?? 'unknown', day }, edit);
  return result.ok ? { ok: true, path: backlogPath(mainCheckout), line: result.line } : result;
}
