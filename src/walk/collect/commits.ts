import { pushAll } from '../../arrays/bounded.js';
import { type CommitInfo, type Evidence, fileChange } from '../evidence.js';
import type { HunkLinker, HunkProvenance } from '../link/link.js';
import { settleAtBase } from './base-files.js';
import { BIG_FILE_BYTES, type GitRunner, LineSplitter, MAX_DIFF_LINE_BYTES, PATCH_FLAGS } from './git-run.js';
import { PatchParser } from './patch.js';
import { mergedRequest } from './pull-request.js';
import { diffRevisions } from './range-revisions.js';

const FIELD = '\x1f';
const COMMIT_MARK = '\x01';
const MAX_MERGES_INSPECTED = 50;

/**
 * Most commits of a range the walk reads (the newest ones): far above a sprint's or a pull request's, and a
 * bound on what a range of 100,000 commits costs (1.5 GB and a minute, read whole).
 */
export const MAX_WALK_COMMITS = 2_000;

function parseCommits(output: string): CommitInfo[] {
  return output
    .split('\0')
    .filter((record) => record.trim() !== '')
    .map((record) => {
      const fields = record.replace(/^\n/, '').split(FIELD);
      const message = fields.slice(8).join(FIELD).replace(/\s+$/, '');
      const newline = message.indexOf('\n');
      return {
        sha: fields[0] ?? '',
        parents: (fields[1] ?? '').split(' ').filter((p) => p !== ''),
        authorName: fields[2] ?? '',
        authorEmail: fields[3] ?? '',
        authorDate: fields[4] ?? '',
        committerName: fields[5] ?? '',
        committerEmail: fields[6] ?? '',
        committerDate: fields[7] ?? '',
        subject: newline === -1 ? message : message.slice(0, newline),
        body: newline === -1 ? '' : message.slice(newline + 1).trim(),
      };
    });
}

/**
 * Gathers a commit range: the stat and name-status of the whole range, per-commit metadata, and the
 * per-commit patches streamed through the parser (hunks linked to agent edits as they pass), oldest first.
 */
export async function collectCommitRange(
  git: GitRunner,
  range: string,
  linker: HunkLinker,
  evidence: Evidence,
): Promise<void> {
  const compared = await diffRevisions(git, range);
  const stat = await git.collect(['diff', '--stat', '--no-color', '--no-ext-diff', '-M', ...compared, '--'], {
    inline: true,
  });
  evidence.net = netChange(stat.stdout.toString('utf8'), evidence.net);
  const names = await git.collect(['diff', '--name-status', '-z', '--no-ext-diff', '-M', ...compared, '--'], {
    inline: true,
  });
  const counted = await git.collect(['rev-list', '--count', range, '--']);
  const total = Number(counted.stdout.toString('utf8').trim()) || 0;
  // git limits before it reverses: `-n N --reverse` is the newest N, oldest first.
  const limit = total > MAX_WALK_COMMITS ? [`--max-count=${MAX_WALK_COMMITS}`] : [];
  if (limit.length > 0) {
    const said = `the range ${range} has ${total.toLocaleString('en-US')} commits; only its newest ${MAX_WALK_COMMITS.toLocaleString('en-US')} are walked (walk a shorter range for the rest)`;
    evidence.notes.push(
      `The range ${range} has ${total} commits: only its newest ${MAX_WALK_COMMITS} are walked.`,
    );
    evidence.warnings.push(said);
  }
  const format = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x1f');
  const log = await git.collect(['log', '-z', '--reverse', ...limit, `--format=${format}`, range, '--']);
  const commits = parseCommits(log.stdout.toString('utf8'));
  pushAll(evidence.commits, commits);
  if (commits.length === 0) {
    evidence.notes.push(`The range ${range} contains no commits.`);
    evidence.warnings.push(`the range ${range} contains no commits; nothing to walk`);
    return;
  }
  await settleAtBase(git, commits, names.stdout.toString('utf8'), linker);
  const committedAt = new Map(commits.map((c) => [c.sha, c.committerDate]));
  let sha = '';
  const pending: HunkProvenance[] = [];
  const parser = new PatchParser(
    (file) => {
      evidence.changes.push(fileChange(file, { kind: 'commit', sha }, pending.splice(0)));
    },
    (file, hunk, added) => {
      pending.push(linker.link(file, hunk, added, committedAt.get(sha), sha));
    },
  );
  const lines = new LineSplitter((line) => {
    if (line.startsWith(COMMIT_MARK)) {
      parser.boundary();
      sha = line.slice(1);
    } else parser.line(line);
  });
  await git.stream(
    ['log', '--reverse', ...limit, '--format=%x01%H', '-p', ...PATCH_FLAGS, range, '--'],
    (chunk) => lines.push(chunk),
  );
  lines.end();
  parser.end();
  noteCutLines(lines.cutLines, evidence);
  await inspectMerges(git, commits, evidence);
}

/** Says how many diff lines were too long to read whole (their heads were read). */
export function noteCutLines(cut: number, evidence: Evidence): void {
  if (cut === 0) return;
  evidence.notes.push(
    `${cut} diff line${cut === 1 ? '' : 's'} longer than ${MAX_DIFF_LINE_BYTES / 1024} KB ${cut === 1 ? 'was' : 'were'} cut to ${cut === 1 ? 'its' : 'their'} first ${MAX_DIFF_LINE_BYTES / 1024} KB; files over ${BIG_FILE_BYTES / (1024 * 1024)} MB are walked as binary (named, their lines not read).`,
  );
}

/** The summary line of `git diff --stat` (`N files changed, X insertions(+), Y deletions(-)`), added up. */
function netChange(
  stat: string,
  before?: { added: number; deleted: number },
): { added: number; deleted: number } {
  const added = Number(/(\d+) insertions?\(\+\)/.exec(stat)?.[1] ?? 0);
  const deleted = Number(/(\d+) deletions?\(-\)/.exec(stat)?.[1] ?? 0);
  return { added: added + (before?.added ?? 0), deleted: deleted + (before?.deleted ?? 0) };
}

/**
 * Merges carry no patch of their own in `git log -p`; a merge that resolved conflicts is said so, and a
 * pull or merge request's merge names the commits it brought in (its title then explains them).
 */
async function inspectMerges(git: GitRunner, commits: CommitInfo[], evidence: Evidence): Promise<void> {
  const merges = commits.filter((c) => c.parents.length > 1);
  for (const merge of merges.slice(0, MAX_MERGES_INSPECTED)) {
    const request = mergedRequest(merge);
    if (request) {
      const merged = await git.collect(['rev-list', '--no-merges', `${merge.sha}^1..${merge.sha}^2`, '--']);
      const shas = merged.stdout
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== '');
      evidence.pullRequests.push({ merge: merge.sha, ...request, commits: shas });
    }
    const short = merge.sha.slice(0, 7);
    const result = await git.collect(['diff-tree', '-z', '--cc', '--name-only', '--no-commit-id', merge.sha]);
    const resolved = result.stdout
      .toString('utf8')
      .split('\0')
      .filter((p) => p !== '');
    evidence.notes.push(
      `Merge commit ${short} ("${merge.subject}") joins ${merge.parents.length} parents; its changes are walked through the commits it merged.`,
    );
    if (resolved.length > 0) {
      evidence.openQuestions.push(
        `Merge ${short} changed ${resolved.join(', ')} beyond its parents (a conflict resolution); review it with git show --cc ${short}.`,
      );
    }
  }
  if (merges.length > MAX_MERGES_INSPECTED) {
    evidence.notes.push(
      `${merges.length - MAX_MERGES_INSPECTED} further merge commits were not inspected for conflict resolutions.`,
    );
  }
}
