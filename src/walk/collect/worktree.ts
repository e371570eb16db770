import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type ChangeOrigin, type Evidence, type FileChange, fileChange } from '../evidence.js';
import type { HunkLinker, HunkProvenance } from '../link/link.js';
import { noteCutLines } from './commits.js';
import { type GitRunner, LineSplitter, PATCH_FLAGS } from './git-run.js';
import { collectIdentifiers } from './identifiers.js';
import { type FilePatch, PatchParser } from './patch.js';

/** Untracked files larger than this are listed, not read. */
const MAX_UNTRACKED_BYTES = 4 * 1024 * 1024;

/** Streams one `git diff` into file changes of the given origin; files without any change are dropped. */
export async function collectDiff(
  git: GitRunner,
  args: string[],
  origin: ChangeOrigin,
  linker: HunkLinker,
  evidence: Evidence,
): Promise<void> {
  const pending: HunkProvenance[] = [];
  let identifiers = new Set<string>();
  const parser = new PatchParser(
    (file) => {
      const provenance = pending.splice(0);
      const used = identifiers;
      identifiers = new Set();
      if (isEmptyChange(file)) return;
      evidence.changes.push(fileChange(file, origin, provenance, used));
    },
    (file, hunk, added) => {
      pending.push(linker.link(file, hunk, added));
      collectIdentifiers(identifiers, added);
    },
  );
  const lines = new LineSplitter((line) => parser.line(line));
  await git.stream(['diff', ...PATCH_FLAGS, ...args], (chunk) => lines.push(chunk));
  lines.end();
  parser.end();
  noteCutLines(lines.cutLines, evidence);
}

/** A stat-only difference (touched, not changed) shows as a bare header: it is no change. */
function isEmptyChange(file: FilePatch): boolean {
  return file.hunkCount === 0 && !file.binary && file.status === 'modified' && !file.modeChange;
}

/** Untracked paths from `git status --porcelain=v2 -z`, and the unmerged ones. */
function parseStatus(output: string): { untracked: string[]; unmerged: string[] } {
  const untracked: string[] = [];
  const unmerged: string[] = [];
  const records = output.split('\0');
  for (let i = 0; i < records.length; i++) {
    const record = records[i] ?? '';
    if (record.startsWith('? ')) untracked.push(record.slice(2));
    else if (record.startsWith('u ')) unmerged.push(record.split(' ').slice(10).join(' '));
    else if (record.startsWith('2 ')) i++; // a rename carries its original path as the next record
  }
  return { untracked, unmerged };
}

/** An untracked file read (never written) as an all-added change. */
function untrackedChange(root: string, path: string, linker: HunkLinker): FileChange {
  const full = join(root, path);
  const stat = lstatSync(full);
  const bytes = stat.isSymbolicLink()
    ? Buffer.from(readlinkSync(full))
    : stat.size > MAX_UNTRACKED_BYTES
      ? Buffer.alloc(0)
      : readFileSync(full);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const origin: ChangeOrigin = { kind: 'untracked', sha256 };
  const identifiers = new Set<string>();
  const empty: FilePatch = {
    path,
    status: 'added',
    binary: stat.size > MAX_UNTRACKED_BYTES || bytes.subarray(0, 8000).includes(0),
    added: 0,
    deleted: 0,
    hunks: [],
    hunkCount: 0,
    symbols: [],
  };
  if (empty.binary || bytes.length === 0) return fileChange(empty, origin, [], identifiers);
  const text = bytes.toString('utf8');
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const provenance: HunkProvenance[] = [];
  let change = fileChange(empty, origin, [], identifiers);
  const parser = new PatchParser(
    (file) => {
      change = fileChange({ ...file, path }, origin, provenance, identifiers);
    },
    (_file, hunk, added) => {
      provenance.push(linker.link({ path }, hunk, added));
      collectIdentifiers(identifiers, added);
    },
  );
  parser.line(`--- /dev/null`);
  // The real path is set on the result: a file name may hold line breaks, which a patch line cannot.
  parser.line('+++ b/untracked');
  parser.line(`@@ -0,0 +1,${lines.length} @@`);
  for (const line of lines) parser.line(`+${line}`);
  parser.end();
  return change;
}

/**
 * Gathers the working tree without changing it: status (with `--no-optional-locks`, so the index is not
 * refreshed), the staged and unstaged diffs, and untracked files read as additions.
 */
export async function collectWorktree(
  git: GitRunner,
  root: string,
  pathspec: string[],
  linker: HunkLinker,
  evidence: Evidence,
): Promise<void> {
  const status = await git.collect(
    ['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all', '--', ...pathspec],
    { inline: true },
  );
  const { untracked, unmerged } = parseStatus(status.stdout.toString('utf8'));
  // On a branch without commits `--cached` compares with the empty tree, which is what we want.
  await collectDiff(git, ['--cached', '--', ...pathspec], { kind: 'staged' }, linker, evidence);
  await collectDiff(git, ['--', ...pathspec], { kind: 'unstaged' }, linker, evidence);
  for (const path of untracked) evidence.changes.push(untrackedChange(root, path, linker));
  for (const path of unmerged) {
    evidence.openQuestions.push(
      `${path} has unresolved merge conflicts; its final content is not decided yet.`,
    );
  }
  if (evidence.changes.length === 0) {
    evidence.notes.push('The working tree has no changes against HEAD.');
    evidence.warnings.push('the working tree is clean; nothing to walk');
  }
}
