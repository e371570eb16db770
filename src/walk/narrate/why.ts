import type { AgentLink, PullRequestInfo } from '../evidence.js';
import { firstBodyParagraph } from './commit-message.js';
import type { UnitDraft } from './units.js';
import { issueReferences } from './units.js';

const MAX_QUOTE = 240;
const MAX_COMMITS_QUOTED = 3;
const MAX_REQUESTS_QUOTED = 2;

/** Text quoted on one line, cut at MAX_QUOTE characters. */
export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > MAX_QUOTE ? `${flat.slice(0, MAX_QUOTE - 1)}…` : flat}"`;
}

function short(sha: string): string {
  return sha.slice(0, 7);
}

/** What the unit's commits say: subject and the first paragraph of the body that is not a trailer. */
function commitReasons(draft: UnitDraft): string[] {
  const parts = draft.commits.slice(0, MAX_COMMITS_QUOTED).map((commit) => {
    const body = firstBodyParagraph(commit.body);
    return `Commit ${short(commit.sha)} says ${quote(commit.subject)}${body ? `: ${quote(body)}` : ''}.`;
  });
  const more = draft.commits.length - MAX_COMMITS_QUOTED;
  if (more > 0)
    parts.push(`${more} further commit${more === 1 ? '' : 's'} share${more === 1 ? 's' : ''} this intent.`);
  return parts;
}

/** The pull or merge requests that brought the unit's commits in, with their titles. */
function requestReasons(draft: UnitDraft, pullRequests: readonly PullRequestInfo[]): string[] {
  const shas = new Set(draft.commits.map((c) => c.sha));
  return pullRequests
    .filter((pr) => pr.commits.some((sha) => shas.has(sha)))
    .map((pr) => {
      const name = pr.number ? `pull request ${pr.number}` : 'a merge request';
      return `Merged in ${name} (merge ${short(pr.merge)})${pr.title ? `, titled ${quote(pr.title)}` : ''}.`;
    });
}

/**
 * The requests the unit's agent-written hunks answered, per session: the request of the edits that wrote
 * most of its hunks. A request reasoned from earlier prompts (the prompt before the edit only said to go
 * on) is marked inferred.
 */
function sessionReasons(
  links: readonly AgentLink[],
  hunks: number,
): { stated: string[]; inferred: string[] } {
  const bySession = new Map<string, AgentLink[]>();
  for (const link of links) bySession.set(link.sessionId, [...(bySession.get(link.sessionId) ?? []), link]);
  const stated: string[] = [];
  const inferred: string[] = [];
  for (const [sessionId, own] of bySession) {
    const requests = new Map<string, { count: number; inferred: boolean }>();
    for (const link of own) {
      if (!link.request) continue;
      const seen = requests.get(link.request) ?? { count: 0, inferred: link.requestInferred === true };
      seen.count++;
      seen.inferred &&= link.requestInferred === true;
      requests.set(link.request, seen);
    }
    const wrote = `Agent session ${sessionId} wrote ${own.length} of ${hunks} hunk${hunks === 1 ? '' : 's'}`;
    const top = [...requests].sort((a, b) => b[1].count - a[1].count).slice(0, MAX_REQUESTS_QUOTED);
    if (top.length === 0) {
      inferred.push(`inferred: ${wrote}; no prompt in it says what for.`);
      continue;
    }
    const quoted = top.map(([text]) => quote(text)).join(' and ');
    if (top.every(([, r]) => r.inferred))
      inferred.push(`inferred: ${wrote}, carrying on with the request ${quoted}.`);
    else stated.push(`${wrote} for the request ${quoted}.`);
  }
  return { stated, inferred };
}

/**
 * Why a unit changed: its commits' messages (subject and body, never trailers), the pull requests that
 * merged them, the issues they reference, and the requests of the agent sessions that wrote its hunks.
 * `stated` is false when nothing but inference says why.
 */
export function describeWhy(
  draft: UnitDraft,
  links: readonly AgentLink[],
  pullRequests: readonly PullRequestInfo[],
): { why: string; stated: boolean } {
  const hunks = draft.changes.reduce((n, c) => n + c.hunks.length, 0);
  const sessions = sessionReasons(links, hunks);
  const parts = [...commitReasons(draft), ...requestReasons(draft, pullRequests)];
  const refs = [...new Set(draft.commits.flatMap((c) => issueReferences(`${c.subject}\n${c.body}`)))];
  if (refs.length > 0) parts.push(`References ${refs.join(', ')} (the issue text was not read).`);
  parts.push(...sessions.stated);
  const stated = parts.length > 0;
  parts.push(...sessions.inferred);
  if (!stated && sessions.inferred.length === 0) {
    parts.push(
      draft.changes.some((c) => c.origin.kind !== 'commit' && c.origin.kind !== 'supplied')
        ? 'inferred: uncommitted work in progress; no commit message or agent session states its intent yet.'
        : 'inferred: no commit message or agent session states the intent of this change.',
    );
  }
  if (draft.family === 'config')
    parts.push(
      'inferred: configuration, schema and migration changes are grouped because they ship together.',
    );
  if (draft.family === 'evidence')
    parts.push('inferred: evidence-only change (reports, receipts), kept apart from the code it describes.');
  return { why: parts.join(' '), stated };
}
