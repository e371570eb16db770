import type { ChangeUnit, UnitHunk, WhoWhen } from '../document.js';
import type { AgentLink, FileChange, PullRequestInfo } from '../evidence.js';
import { classifyPath, type FileRole } from './classify.js';
import type { UnitDraft } from './units.js';
import { describeWhy } from './why.js';

const MAX_WHAT_FILES = 12;
const MAX_EVIDENCE = 24;
const MAX_DIFF_REFS = 30;
const ROLE_WORD: Record<FileRole, string> = {
  code: '',
  test: 'test ',
  docs: 'doc ',
  config: 'config ',
  schema: 'schema ',
  migration: 'migration ',
  evidence: 'report ',
};
const ORIGIN_WORD = {
  commit: '',
  staged: 'staged: ',
  unstaged: 'unstaged: ',
  untracked: 'untracked: ',
  supplied: '',
};

export function counts(added: number, deleted: number): string {
  return `+${added} −${deleted}`;
}

function short(sha: string): string {
  return sha.slice(0, 7);
}

function describeChange(change: FileChange): string {
  const role = ROLE_WORD[classifyPath(change.path)];
  const origin = ORIGIN_WORD[change.origin.kind];
  if (change.binary)
    return `${origin}${change.status === 'deleted' ? 'deletes' : change.status === 'added' ? 'adds' : 'changes'} binary file ${change.path} (content not shown)`;
  const size = counts(change.added, change.deleted);
  switch (change.status) {
    case 'added':
      return `${origin}adds ${role}${change.path} (${size})`;
    case 'deleted':
      return `${origin}deletes ${role}${change.path} (${size})`;
    case 'renamed':
    case 'copied': {
      const similarity = change.similarity === undefined ? '' : `, ${change.similarity}% similar`;
      return `${origin}${change.status === 'renamed' ? 'renames' : 'copies'} ${change.oldPath ?? '?'} → ${change.path} (${size}${similarity})`;
    }
    default: {
      const mode = change.modeChange ? `, mode ${change.modeChange.from} → ${change.modeChange.to}` : '';
      return `${origin}modifies ${role}${change.path} (${size}${mode})`;
    }
  }
}

/**
 * One entry per file and origin: a file that several commits of a unit touch is described once, with the
 * counts summed (added by the first commit, deleted by the last, modified otherwise).
 */
function mergeByFile(changes: FileChange[]): FileChange[] {
  const merged = new Map<string, FileChange>();
  for (const change of changes) {
    const key = `${change.origin.kind === 'commit' ? 'commit' : change.origin.kind}:${change.path}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...change, symbols: [...change.symbols] });
      continue;
    }
    seen.added += change.added;
    seen.deleted += change.deleted;
    seen.binary ||= change.binary;
    if (change.status === 'deleted') seen.status = 'deleted';
    else if (seen.status === 'deleted') seen.status = 'modified';
    for (const symbol of change.symbols) if (!seen.symbols.includes(symbol)) seen.symbols.push(symbol);
  }
  return [...merged.values()];
}

function describeWhat(all: FileChange[]): string {
  const changes = mergeByFile(all);
  const parts = changes.slice(0, MAX_WHAT_FILES).map(describeChange);
  if (changes.length > MAX_WHAT_FILES) parts.push(`and ${changes.length - MAX_WHAT_FILES} more files`);
  const added = changes.reduce((n, c) => n + c.added, 0);
  const deleted = changes.reduce((n, c) => n + c.deleted, 0);
  const symbols = [...new Set(changes.flatMap((c) => c.symbols))].slice(0, 8);
  const intro = symbols.length > 0 ? ` Introduces ${symbols.join(', ')}.` : '';
  const first = parts.join('; ');
  return `${first.charAt(0).toUpperCase()}${first.slice(1)}. In total ${all.length} file change${all.length === 1 ? '' : 's'}, ${counts(added, deleted)}.${intro}`;
}

function sessionsOf(changes: FileChange[]): AgentLink[] {
  const bySession = new Map<string, AgentLink>();
  for (const link of changes.flatMap((c) => c.agentLinks))
    if (!bySession.has(link.sessionId)) bySession.set(link.sessionId, link);
  return [...bySession.values()];
}

function describeWho(draft: UnitDraft, links: AgentLink[]): WhoWhen[] {
  const who: WhoWhen[] = [];
  for (const commit of draft.commits) {
    const author = `${commit.authorName} <${commit.authorEmail}>`;
    const committer = `${commit.committerName} <${commit.committerEmail}>`;
    who.push({
      actor_type: 'git-author',
      identifier: author,
      timestamp: commit.authorDate,
      provenance: `commit ${short(commit.sha)} (author)`,
    });
    if (committer !== author) {
      who.push({
        actor_type: 'git-author',
        identifier: committer,
        timestamp: commit.committerDate,
        provenance: `commit ${short(commit.sha)} (committer)`,
      });
    }
  }
  for (const link of links) {
    who.push({
      actor_type: 'agent',
      identifier: link.model ?? 'unknown model',
      ...(link.timestamp ? { timestamp: link.timestamp } : {}),
      provenance: `session ${link.sessionId} (${link.toolName} ${link.toolUseId})`,
    });
  }
  if (who.length === 0) {
    const supplied = draft.changes.every((c) => c.origin.kind === 'supplied');
    who.push({
      actor_type: 'unknown',
      identifier: supplied ? 'supplied diff' : 'uncommitted change',
      provenance: supplied ? 'diff without author metadata' : 'worktree (no commit or session)',
    });
  }
  return who;
}

function hunkEvidence(change: FileChange): string[] {
  if (change.origin.kind === 'untracked')
    return [`untracked file ${change.path} sha256:${change.origin.sha256}`];
  if (change.binary || change.hunks.length === 0)
    return [`${change.path} (${change.binary ? 'binary' : change.status})`];
  return change.hunks.map((h) =>
    h.newLines > 0
      ? `${change.path}:${h.newStart}-${h.newStart + h.newLines - 1}`
      : `${change.oldPath ?? change.path}:${h.oldStart}-${h.oldStart + Math.max(h.oldLines, 1) - 1} (removed)`,
  );
}

function capped(items: string[], limit: number, noun: string): string[] {
  return items.length <= limit ? items : [...items.slice(0, limit), `… ${items.length - limit} more ${noun}`];
}

/** Rounds a share for the document: three decimals are enough to compare with a threshold. */
function roundShare(share: number | undefined): number | null {
  return share === undefined ? null : Math.round(share * 1000) / 1000;
}

/** Every hunk of the unit with the session that wrote it (or null) and the share it wrote. */
function unitHunks(changes: FileChange[]): UnitHunk[] {
  return changes.flatMap((change) =>
    change.hunks.map((hunk) => ({
      commit: change.origin.kind === 'commit' ? change.origin.sha : null,
      path: change.path,
      header: hunk.range,
      added_lines: hunk.added,
      session_id: hunk.provenance.link?.sessionId ?? null,
      share: roundShare(hunk.provenance.share),
      tool_call: hunk.provenance.link?.toolUseId ?? null,
      ...(hunk.provenance.link?.via ? { via: hunk.provenance.link.via } : {}),
      ...(hunk.survival ? { fate: hunk.survival.fate } : {}),
    })),
  );
}

/** Narrates one unit: what from the diff, why from commits and sessions, who/when, evidence. */
export function narrateUnit(
  draft: UnitDraft,
  pullRequests: readonly PullRequestInfo[] = [],
): { unit: Omit<ChangeUnit, 'comments'>; questions: string[] } {
  const links = sessionsOf(draft.changes);
  const { why, stated } = describeWhy(
    draft,
    draft.changes.flatMap((c) => c.agentLinks),
    pullRequests,
  );
  const questions: string[] = [];
  const files = [...new Set(draft.changes.map((c) => c.path))];
  if (!stated)
    questions.push(
      `${draft.id}: why did ${files.slice(0, 3).join(', ')}${files.length > 3 ? ' …' : ''} change? No commit message or agent session says.`,
    );
  for (const change of draft.changes.filter((c) => c.binary)) {
    questions.push(
      `${draft.id}: ${change.path} is binary; what changed inside it is not visible in the diff.`,
    );
  }
  const commitRefs = draft.commits.map((c) => `commit ${short(c.sha)}`);
  const hunkRefs = draft.changes.flatMap((c) => c.hunks.map((h) => `${c.path} hunk ${h.range}`));
  const evidence = [
    ...draft.commits.map((c) => `commit ${c.sha}`),
    ...capped(draft.changes.flatMap(hunkEvidence), MAX_EVIDENCE, 'hunks'),
    ...links.map((l) => `session ${l.sessionId} tool_use ${l.toolUseId}`),
  ];
  return {
    unit: {
      change_unit_id: draft.id,
      title: draft.title,
      files,
      diff_refs: [...commitRefs, ...capped(hunkRefs, MAX_DIFF_REFS, 'hunks')],
      what: describeWhat(draft.changes),
      why,
      who_when: describeWho(draft, links),
      evidence,
      hunks: unitHunks(draft.changes),
    },
    questions,
  };
}
