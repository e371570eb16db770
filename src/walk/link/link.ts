import type { HunkSummary } from '../collect/patch.js';
import type { AgentLink } from '../evidence.js';
import type { AgentEdit } from './agent-edits.js';
import { introducesLine, runsInside } from './introduced.js';
import { canonicalText, isTrivialLine, normalizeLine } from './lines.js';

/**
 * A hunk links to the session whose edits introduced at least this share of its meaningful added lines:
 * more than half of them, so that a session that wrote a line or two of a person's hunk is not its author.
 */
export const LINK_SHARE_THRESHOLD = 0.5;
/**
 * How far an edit may seem to lie after the commit and still count: git records commit times in whole
 * seconds, so an edit made in the same second as the commit can carry a later timestamp by up to 999 ms.
 */
const COMMIT_TIME_RESOLUTION_MS = 999;

/** A changed file as the linker sees it: its path, and the path before a rename or copy. */
export interface LinkedFile {
  path: string;
  oldPath?: string | undefined;
}

/** Who wrote a hunk, as far as the sessions tell. */
export interface HunkProvenance {
  /** The session that introduced the largest share of the hunk's lines, when that share reaches the threshold. */
  link?: AgentLink;
  /** The largest share any session reached; undefined when no session wrote the file before the commit. */
  share?: number;
  /** The hunk adds no meaningful line (only blanks, braces, `end`): nothing to link it by. */
  trivial?: boolean;
}

export interface HunkLinker {
  /** The provenance of one hunk of `file`, from its added lines; `committedAt` bounds the edits that count. */
  link(file: LinkedFile, hunk: HunkSummary, addedLines: string[], committedAt?: string): HunkProvenance;
}

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function timeOf(edit: AgentEdit): number {
  return edit.timestamp === undefined ? Number.NaN : Date.parse(edit.timestamp);
}

interface SessionTally {
  matched: number;
  byEdit: Map<AgentEdit, number>;
}

/**
 * Links hunks to the coding-agent sessions that wrote them, by share. For each hunk, the meaningful added
 * lines (whitespace-normalised, trivial lines left out) are looked up among the lines each session's edits
 * of that file *introduced* (written and not in the text they replaced) no later than the commit; a line a
 * formatter re-wrapped is found with whitespace and line breaks removed. The session with the largest
 * share links when the share reaches LINK_SHARE_THRESHOLD; the share is kept as the link's confidence.
 * A file renamed or copied in the walk (git's rename detection) keeps the edits of its earlier path; a
 * file no session edited under any of its paths is looked up by its name alone (moved before committing).
 */
export function createHunkLinker(edits: readonly AgentEdit[]): HunkLinker {
  // Keyed by the lower-cased name: a file saved on a case-insensitive disk may be committed as `Docs/x.md`.
  const byBasename = new Map<string, AgentEdit[]>();
  const newestFirst = (a: AgentEdit, b: AgentEdit) => (timeOf(b) || 0) - (timeOf(a) || 0);
  for (const edit of [...edits].sort(newestFirst)) {
    const key = basenameOf(edit.filePath).toLowerCase();
    const list = byBasename.get(key);
    if (list) list.push(edit);
    else byBasename.set(key, [edit]);
  }
  const earlierPaths = new Map<string, Set<string>>();

  /** The file's paths: its own and, through renames and copies seen so far, those it had before. */
  function pathsOf(file: LinkedFile): string[] {
    if (file.oldPath !== undefined && file.oldPath !== file.path) {
      const known = earlierPaths.get(file.path) ?? new Set<string>();
      known.add(file.oldPath);
      earlierPaths.set(file.path, known);
    }
    const paths = [file.path];
    for (let i = 0; i < paths.length; i++) {
      for (const earlier of earlierPaths.get(paths[i] ?? '') ?? [])
        if (!paths.includes(earlier)) paths.push(earlier);
    }
    return paths;
  }

  /**
   * Edits of the file, newest first: by path; else by path with case ignored (a case-insensitive disk);
   * else by name alone (the file was moved before it was committed).
   */
  function editsOf(file: LinkedFile): AgentEdit[] {
    const paths = pathsOf(file);
    const named = [...new Set(paths.flatMap((path) => byBasename.get(basenameOf(path).toLowerCase()) ?? []))];
    const wrote = (written: string, path: string) => written === path || written.endsWith(`/${path}`);
    let found = named.filter((edit) => paths.some((path) => wrote(edit.filePath, path)));
    if (found.length === 0) {
      const lower = paths.map((path) => path.toLowerCase());
      found = named.filter((edit) => lower.some((path) => wrote(edit.filePath.toLowerCase(), path)));
    }
    if (found.length === 0) return byBasename.get(basenameOf(file.path).toLowerCase()) ?? [];
    // Edits of several earlier paths (renames) are merged back into one newest-first list.
    return paths.length > 1 ? found.sort(newestFirst) : found;
  }

  return {
    link(file, hunk, addedLines, committedAt) {
      if (addedLines.length === 0) return { trivial: true };
      const deadline =
        committedAt === undefined ? Number.NaN : Date.parse(committedAt) + COMMIT_TIME_RESOLUTION_MS;
      // Most hunks are of files no session wrote: they are answered before any line is looked at.
      const candidates = editsOf(file).filter((edit) => {
        const at = timeOf(edit);
        return Number.isNaN(deadline) || Number.isNaN(at) || at <= deadline;
      });
      if (candidates.length === 0) return {};
      const all = addedLines.map(normalizeLine);
      const meaningful = all.map((line) => !isTrivialLine(line));
      const count = meaningful.filter(Boolean).length;
      if (count === 0) return { trivial: true };
      const canonical = all.map(canonicalText);
      const tallies = new Map<string, SessionTally>();
      // Per session, which meaningful lines its edits introduced; newest edit first, so that a line is
      // credited to the latest edit of each session that wrote it.
      const creditedBy = new Map<string, Set<number>>();
      const credit = (edit: AgentEdit, index: number) => {
        const credited = creditedBy.get(edit.sessionId) ?? new Set<number>();
        creditedBy.set(edit.sessionId, credited);
        if (!meaningful[index] || credited.has(index)) return;
        credited.add(index);
        const tally = tallies.get(edit.sessionId) ?? { matched: 0, byEdit: new Map() };
        tally.matched++;
        tally.byEdit.set(edit, (tally.byEdit.get(edit) ?? 0) + 1);
        tallies.set(edit.sessionId, tally);
      };
      for (const edit of candidates) {
        all.forEach((line, index) => {
          if (meaningful[index] && introducesLine(edit, line, canonical[index] ?? '')) credit(edit, index);
        });
      }
      // Lines a formatter re-wrapped after the edit: runs of lines inside an edit's canonical text.
      for (const edit of candidates) {
        const credited = creditedBy.get(edit.sessionId);
        if (credited && credited.size === count) continue;
        for (const index of runsInside(edit, canonical)) credit(edit, index);
      }
      let best: { sessionId: string; tally: SessionTally; edit: AgentEdit } | undefined;
      for (const [sessionId, tally] of tallies) {
        const edit = [...tally.byEdit].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
        const better =
          !best ||
          tally.matched > best.tally.matched ||
          (tally.matched === best.tally.matched && (timeOf(edit) || 0) > (timeOf(best.edit) || 0));
        if (better) best = { sessionId, tally, edit };
      }
      if (!best) return { share: 0 };
      const share = best.tally.matched / count;
      if (share < LINK_SHARE_THRESHOLD) return { share };
      const { edit } = best;
      return {
        share,
        link: {
          sessionId: best.sessionId,
          share,
          toolUseId: edit.toolUseId,
          toolName: edit.toolName,
          hunkRange: hunk.range,
          ...(edit.model ? { model: edit.model } : {}),
          ...(edit.timestamp ? { timestamp: edit.timestamp } : {}),
          ...(edit.request ? { request: edit.request } : {}),
          ...(edit.requestInferred ? { requestInferred: true } : {}),
        },
      };
    },
  };
}
