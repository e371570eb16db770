import { createHash } from 'node:crypto';
import { readProjectTextIfExists } from '../../fsx/index.js';
import type { PriorEvidence } from '../document.js';
import type { CommitInfo, FileChange } from '../evidence.js';
import type { GitRunner } from './git-run.js';

/** Files looked at, and the largest read: a repository's reports are small; anything else is not one. */
const MAX_CANDIDATES = 500;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_KEPT = 50;

/**
 * What the names of the files a repository keeps say they are. Review reports: the sprint side's
 * `code-review-E1-S1.md` family, any file in a `reviews/` folder, `*review-report*`; approval records:
 * `*approval*`, `*approved*` or an `approvals/` folder; validation runs: `*validation*`, `*receipt*`, JUnit
 * and test-result files. On real repositories a bare `*review*` also caught agent and command prompts
 * (`agents/code-reviewer.md`, `commands/review-pr.md`), so those folders are never read as evidence.
 */
const KINDS: { kind: PriorEvidence['kind']; test: RegExp }[] = [
  {
    kind: 'approval-record',
    test: /(?:(?:^|\/)approvals?\/[^/]+|(?:^|\/)[^/]*approv(?:al|ed)[^/]*)\.(?:md|json|ya?ml|txt)$/i,
  },
  {
    kind: 'validation-run',
    test: /(?:^|\/)(?:[^/]*(?:validation|receipt|junit|test-results?|test-report)[^/]*\.(?:json|xml|md|txt)|[^/]*\.junit\.xml)$/i,
  },
  {
    kind: 'review-report',
    test: /(?:(?:^|\/)reviews?\/[^/]+|(?:^|\/)(?:code-review|security-review|qa-tests|performance-review|test-automate-review|test-review)-[^/]+|(?:^|\/)[^/]*review[-_ ]?report[^/]*)\.(?:md|json|ya?ml|txt)$/i,
  },
];

/** Folders of prompts, dependencies and vendored code: their files describe reviews, they are none. */
const NOT_EVIDENCE = /(?:^|\/)(?:node_modules|vendor|agents|commands|skills|plugins|prompts|templates)\//i;

/** The outcome a report states: a review or gate word, or a JUnit summary. A claim, never a verdict. */
export function statedOutcome(text: string): string | undefined {
  const junit = /<testsuites?\b[^>]*\btests="(\d+)"[^>]*>/.exec(text);
  if (junit) {
    const failures = /\bfailures="(\d+)"/.exec(junit[0])?.[1] ?? '0';
    const errors = /\berrors="(\d+)"/.exec(junit[0])?.[1] ?? '0';
    return `${junit[1]} tests, ${failures} failures, ${errors} errors`;
  }
  const word =
    /\b(APPROVED_UNCONDITIONALLY|APPROVED|CHANGES_REQUESTED|REQUEST_CHANGES|BLOCKED_EXTERNAL|BLOCKED|PASSED|FAILED|UNVERIFIED|PASS|FAIL|CONCERNS|WAIVED)\b/.exec(
      text,
    );
  return word?.[1];
}

/**
 * `include_prior_evidence`: the review reports, approval records and validation runs the repository keeps
 * (tracked files, read from the working tree, never changed) that are linked to the walked change: they
 * name one of its commits (seven or more hex digits), name one of its changed files, or were changed in it.
 * Each is kept with its source, digest, what links it, and the outcome it states as a claim.
 */
export async function collectPriorEvidence(
  git: GitRunner,
  root: string,
  commits: readonly CommitInfo[],
  changes: readonly FileChange[],
): Promise<PriorEvidence[]> {
  const listed = await git.collect(['ls-files', '-z', '--cached'], { okStatuses: [128] });
  if (listed.status !== 0) return [];
  const changed = new Set(changes.map((c) => c.path));
  const candidates = listed.stdout
    .toString('utf8')
    .split('\0')
    .filter((path) => path !== '')
    .flatMap((path) => {
      if (NOT_EVIDENCE.test(path)) return [];
      const kind = KINDS.find((k) => k.test.test(path))?.kind;
      return kind ? [{ path, kind }] : [];
    })
    .slice(0, MAX_CANDIDATES);
  const kept: PriorEvidence[] = [];
  for (const { path, kind } of candidates) {
    if (kept.length >= MAX_KEPT) break;
    let text: string | undefined;
    try {
      text = readProjectTextIfExists(root, path);
    } catch {
      continue;
    }
    if (text === undefined || Buffer.byteLength(text) > MAX_FILE_BYTES) continue;
    const linkedBy: string[] = [];
    if (changed.has(path)) linkedBy.push('changed in the walked change');
    for (const commit of commits) {
      const named = new RegExp(`\\b${commit.sha.slice(0, 7)}[0-9a-f]*\\b`).test(text);
      if (named) linkedBy.push(`names commit ${commit.sha.slice(0, 7)}`);
    }
    for (const file of changed) if (file !== path && text.includes(file)) linkedBy.push(`names ${file}`);
    if (linkedBy.length === 0) continue;
    const outcome = statedOutcome(text);
    kept.push({
      kind,
      source: path,
      sha256: createHash('sha256').update(text).digest('hex'),
      linked_by: linkedBy.slice(0, 10),
      ...(outcome ? { outcome } : {}),
    });
  }
  return kept;
}
