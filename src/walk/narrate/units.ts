import type { CommitInfo, FileChange } from '../evidence.js';
import { classifyPath, pathStem, roleFamily } from './classify.js';

export type UnitFamily = 'code' | 'config' | 'evidence';

/** A change unit before narration: its files, the commits they came from, and a stable id. */
export interface UnitDraft {
  id: string;
  family: UnitFamily;
  title: string;
  changes: FileChange[];
  commits: CommitInfo[];
}

const FAMILY_ORDER: UnitFamily[] = ['code', 'config', 'evidence'];
const FAMILY_SUFFIX: Record<UnitFamily, string> = {
  code: '',
  config: ' (configuration)',
  evidence: ' (evidence)',
};
const MAX_TITLE = 72;
/**
 * Configuration changes of at most this many lines (a version bump, a new script entry) are small: they
 * stay with the commit's code, and small configuration-only commits of the same files form one unit.
 */
const SMALL_CONFIG_LINES = 6;

function isSmallConfig(files: readonly FileChange[]): boolean {
  return (
    files.length > 0 &&
    files.every((f) => classifyPath(f.path) === 'config' && !f.binary) &&
    files.reduce((n, f) => n + f.added + f.deleted, 0) <= SMALL_CONFIG_LINES
  );
}

/** Issue references in a commit message: `#12`, `GH-12`, `PROJ-34`. */
export function issueReferences(text: string): string[] {
  const refs = new Set<string>();
  for (const match of text.matchAll(/(?:^|[\s(,])#(\d+)\b/g)) refs.add(`#${match[1]}`);
  for (const match of text.matchAll(/\bGH-(\d+)\b/g)) refs.add(`#${match[1]}`);
  for (const match of text.matchAll(/\b([A-Z][A-Z0-9]{1,9}-\d+)\b/g)) {
    if (!match[1]?.startsWith('GH-')) refs.add(match[1] ?? '');
  }
  return [...refs].sort();
}

function familyOf(change: FileChange): UnitFamily {
  return roleFamily(classifyPath(change.path));
}

function clip(text: string): string {
  return text.length <= MAX_TITLE ? text : `${text.slice(0, MAX_TITLE - 1)}…`;
}

function numbered(drafts: Omit<UnitDraft, 'id'>[]): UnitDraft[] {
  return drafts.map((draft, index) => ({ ...draft, id: `cu_${String(index + 1).padStart(3, '0')}` }));
}

/**
 * Groups changes into units by intent, deterministically (same input, same units, ids and order).
 * Commits are the first signal: each commit's code, tests and docs form one unit, its configuration and
 * migrations another, its evidence files a third; later commits that share an issue reference or are
 * `fixup!`/`squash!` commits join the earlier unit. Without commits, twins by stem (code, test, doc) and
 * code in one folder group together.
 */
export function groupChangeUnits(changes: FileChange[], commits: CommitInfo[]): UnitDraft[] {
  const fromCommits = changes.every((c) => c.origin.kind === 'commit');
  return numbered(fromCommits && commits.length > 0 ? groupByCommit(changes, commits) : groupByPath(changes));
}

function groupByCommit(changes: FileChange[], commits: CommitInfo[]): Omit<UnitDraft, 'id'>[] {
  const bySha = new Map<string, FileChange[]>();
  for (const change of changes) {
    if (change.origin.kind !== 'commit') continue;
    const list = bySha.get(change.origin.sha) ?? [];
    list.push(change);
    bySha.set(change.origin.sha, list);
  }
  const drafts: Omit<UnitDraft, 'id'>[] = [];
  const byIssue = new Map<string, Omit<UnitDraft, 'id'>>();
  const bySubject = new Map<string, Omit<UnitDraft, 'id'>>();
  const smallConfig = new Map<string, Omit<UnitDraft, 'id'>>();
  for (const commit of commits) {
    const own = bySha.get(commit.sha) ?? [];
    // A small configuration change ships with the commit's code rather than as a unit of its own.
    const keepConfigWithCode =
      own.some((c) => familyOf(c) === 'code') && isSmallConfig(own.filter((c) => familyOf(c) === 'config'));
    const familyFor = (c: FileChange): UnitFamily =>
      keepConfigWithCode && familyOf(c) === 'config' ? 'code' : familyOf(c);
    const families = FAMILY_ORDER.filter((family) => own.some((c) => familyFor(c) === family));
    const refs = issueReferences(`${commit.subject}\n${commit.body}`);
    const fixupOf = /^(?:fixup|squash|amend)! (.+)$/.exec(commit.subject)?.[1];
    if (families.length === 1 && families[0] === 'config' && isSmallConfig(own)) {
      // Small configuration-only commits of the same files (version bumps, dependency bumps) form one unit.
      const key = [...new Set(own.map((c) => c.path))].sort().join('\0');
      const earlier = smallConfig.get(key);
      if (earlier) {
        earlier.changes.push(...own);
        earlier.commits.push(commit);
        earlier.title = clip(
          `Small configuration changes to ${key.split('\0').join(', ')} (${earlier.commits.length} commits)`,
        );
        continue;
      }
      const draft = {
        family: 'config' as const,
        title: clip(commit.subject || commit.sha.slice(0, 7)),
        changes: [...own],
        commits: [commit],
      };
      drafts.push(draft);
      smallConfig.set(key, draft);
      continue;
    }
    for (const family of families) {
      const files = own.filter((c) => familyFor(c) === family);
      const joined =
        (fixupOf ? bySubject.get(`${family}:${fixupOf}`) : undefined) ??
        refs.map((ref) => byIssue.get(`${family}:${ref}`)).find((d) => d !== undefined);
      if (joined) {
        joined.changes.push(...files);
        if (!joined.commits.includes(commit)) joined.commits.push(commit);
        continue;
      }
      const suffix = families.length > 1 ? FAMILY_SUFFIX[family] : '';
      const draft = {
        family,
        title: clip(`${commit.subject || commit.sha.slice(0, 7)}${suffix}`),
        changes: files,
        commits: [commit],
      };
      drafts.push(draft);
      for (const ref of refs) byIssue.set(`${family}:${ref}`, draft);
      bySubject.set(`${family}:${commit.subject}`, draft);
    }
  }
  return drafts;
}

/** Union-find over paths: twins by stem, code by folder. */
function groupByPath(changes: FileChange[]): Omit<UnitDraft, 'id'>[] {
  const paths = [...new Set(changes.map((c) => c.path))].sort();
  const parent = new Map(paths.map((p) => [p, p]));
  const find = (p: string): string => {
    let root = p;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(p, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)].sort();
    if (ra && rb && ra !== rb) parent.set(rb, ra);
  };
  const firstBy = new Map<string, string>();
  const join = (key: string, path: string) => {
    const first = firstBy.get(key);
    if (first === undefined) firstBy.set(key, path);
    else union(first, path);
  };
  for (const path of paths) {
    const role = classifyPath(path);
    const family = roleFamily(role);
    if (family !== 'code') join(`family:${family}`, path);
    else {
      join(`stem:${pathStem(path)}`, path);
      if (role === 'code') join(`dir:${path.slice(0, path.lastIndexOf('/') + 1)}`, path);
    }
  }
  linkBySharedNames(changes, union);
  const components = new Map<string, string[]>();
  for (const path of paths) {
    const root = find(path);
    components.set(root, [...(components.get(root) ?? []), path]);
  }
  // Lone docs and lone tests (no code twin) are reviewed together rather than one unit each.
  const merged = new Map<string, string[]>();
  for (const [root, members] of components) {
    const roles = new Set(members.map(classifyPath));
    const key = roles.size === 1 && (roles.has('docs') || roles.has('test')) ? `only:${[...roles][0]}` : root;
    merged.set(key, [...(merged.get(key) ?? []), ...members]);
  }
  const drafts = [...merged.values()].map((members) => {
    const family = roleFamily(classifyPath(members[0] ?? ''));
    return {
      family,
      title: clip(pathTitle(members, family)),
      changes: changes.filter((c) => members.includes(c.path)),
      commits: [],
    };
  });
  return drafts.sort(
    (a, b) =>
      FAMILY_ORDER.indexOf(a.family) - FAMILY_ORDER.indexOf(b.family) ||
      (a.changes[0]?.path ?? '').localeCompare(b.changes[0]?.path ?? ''),
  );
}

function pathTitle(paths: string[], family: UnitFamily): string {
  if (family === 'config') return 'Configuration, schema and migrations';
  if (family === 'evidence') return 'Evidence and verification reports';
  const roles = new Set(paths.map(classifyPath));
  if (roles.size === 1 && roles.has('docs')) return 'Documentation';
  if (roles.size === 1 && roles.has('test')) return 'Tests';
  const code = paths.filter((p) => classifyPath(p) === 'code');
  const stems = new Set(code.map(pathStem));
  if (stems.size === 1) return `Changes to ${[...stems][0]}`;
  const dirs = new Set(code.map((p) => p.slice(0, p.lastIndexOf('/') + 1) || './'));
  return `Changes in ${[...dirs].sort().join(', ')}`;
}

/**
 * Code that uses a name another changed code file declares belongs with it (a caller and its new
 * function), whatever their folders and stems.
 */
function linkBySharedNames(changes: FileChange[], union: (a: string, b: string) => void): void {
  const isCode = (path: string) => roleFamily(classifyPath(path)) === 'code';
  const declaredIn = new Map<string, string>();
  for (const change of [...changes].sort((a, b) => a.path.localeCompare(b.path))) {
    if (!isCode(change.path)) continue;
    for (const symbol of change.symbols)
      if (symbol.length >= 4 && !declaredIn.has(symbol)) declaredIn.set(symbol, change.path);
  }
  for (const change of changes) {
    if (!isCode(change.path)) continue;
    for (const name of change.identifiers ?? []) {
      const declaring = declaredIn.get(name);
      if (declaring !== undefined && declaring !== change.path) union(declaring, change.path);
    }
  }
}
