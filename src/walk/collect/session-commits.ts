import { maxOf, minOf } from '../../arrays/bounded.js';
import { InputError } from '../../errors/errors.js';
import { readTranscriptEventsFast } from '../../transcript/claude/fast/read.js';
import type { SessionEdits, WrittenEdit } from '../../transcript/session-edits.js';
import type { Evidence } from '../evidence.js';
import type { HunkLinker } from '../link/link.js';
import { collectCommitRange } from './commits.js';
import type { GitRunner } from './git-run.js';
import { placeEdits, workedElsewhereMessage } from './session-folder.js';

/**
 * Slack around a session's first and last timestamps, for clocks between the agent's machine and the
 * committer's.
 */
const SESSION_WINDOW_SLACK_MS = 10 * 60 * 1000;

const FIELD = '\x1f';
const COMMIT_MARK = '\x01';

export interface SessionWindow {
  since: string;
  until: string;
}

/** The session's time window: its first to its last timestamp, widened by the slack on both sides. */
export function sessionWindow(
  transcriptPath: string,
  edits: readonly WrittenEdit[],
): SessionWindow | undefined {
  const facts = readTranscriptEventsFast(transcriptPath, () => {});
  const stamps = [facts.firstTimestamp, facts.lastTimestamp, ...edits.map((e) => e.timestamp)]
    .map((t) => (t === undefined ? Number.NaN : Date.parse(t)))
    .filter((t) => !Number.isNaN(t));
  if (stamps.length === 0) return undefined;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    since: iso(minOf(stamps) - SESSION_WINDOW_SLACK_MS),
    until: iso(maxOf(stamps) + SESSION_WINDOW_SLACK_MS),
  };
}

/**
 * Walks the changes of one coding-agent session: the commits (merges aside) on HEAD and the local
 * branches whose committer date lies in the session's time window and that touched a file the session
 * edited, each gathered as its own commit, oldest first. The session's own edits are what its files and
 * window come from. Only edits inside the walked worktree count (real paths; relative ones resolved
 * against the session's folder): a session of another project edits files that may share a relative name
 * with this one's. A session that edited nothing here, and an empty result, are errors that say what was
 * looked for; `anchor` names the record followed up, for the error's how-to. Returns the commits walked.
 */
export async function collectSessionCommits(
  git: GitRunner,
  transcriptPath: string,
  session: SessionEdits,
  linker: HunkLinker,
  evidence: Evidence,
  anchor?: { id: string; file: string },
): Promise<string[]> {
  const { sessionId, edits: sessionEdits } = session;
  if (sessionEdits.length === 0) {
    throw new InputError(
      `the session ${transcriptPath} made no successful Edit, Write or MultiEdit call: it changed no file to walk`,
    );
  }
  const { cwd } = session;
  const placed = placeEdits([...new Set(sessionEdits.map((e) => e.filePath))], git.cwd, cwd);
  if (placed.inside.size === 0) {
    throw new InputError(workedElsewhereMessage(sessionId, placed, cwd, git.cwd, anchor));
  }
  const window = sessionWindow(transcriptPath, sessionEdits);
  if (!window) throw new InputError(`the session ${transcriptPath} has no timestamps to find its commits by`);
  const paths = placed.inside;
  // Placeholders rather than the raw bytes, so that the recorded command reads (and re-runs) as typed.
  const format = '%x01%H%x1f%cI';
  const log = await git.collect([
    'log',
    '-z',
    '--no-merges',
    '--reverse',
    `--format=${format}`,
    '--name-only',
    '--no-renames',
    `--since=${window.since}`,
    `--until=${window.until}`,
    'HEAD',
    '--branches',
    '--',
  ]);
  const from = Date.parse(window.since);
  const to = Date.parse(window.until);
  const selected: string[] = [];
  for (const record of log.stdout.toString('utf8').split(COMMIT_MARK)) {
    if (record === '') continue;
    const [head = '', ...files] = record.split('\0');
    const [sha = '', date = ''] = head.split(FIELD);
    const at = Date.parse(date);
    // git's --since/--until prune the history walk by date; the window is checked again per commit.
    if (Number.isNaN(at) || at < from || at > to) continue;
    const touched = files.map((f) => f.replace(/^\n/, '')).filter((f) => f !== '');
    if (touched.some((file) => paths.has(file))) selected.push(sha);
  }
  evidence.notes.push(
    `Scoped to session ${sessionId}: commits between ${window.since} and ${window.until} that touched a file it edited (${paths.size} file${paths.size === 1 ? '' : 's'} edited in this worktree${placed.outside.length > 0 ? `, ${placed.outside.length} outside it left out` : ''}).`,
  );
  if (selected.length === 0) {
    throw new InputError(
      `no commit between ${window.since} and ${window.until} (on HEAD or a local branch) touched a file session ${sessionId} edited; its changes may be uncommitted (walk the working tree: retrospect walk) or gone`,
    );
  }
  for (const sha of selected) await collectCommitRange(git, `${sha}^!`, linker, evidence);
  return selected;
}
