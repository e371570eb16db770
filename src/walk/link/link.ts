import type { AgentLink } from '../evidence.js';
import type { HunkSummary } from '../patch-types.js';
import type { AgentEdit } from './agent-edits.js';
import type { CommandClaim } from './command-claims.js';
import { runsInside, timesIntroduced } from './introduced.js';
import { canonicalText, foldLine, isTrivialLine, normaliseLine } from './lines.js';

/**
 * A hunk links to the session whose edits introduced at least this share of its meaningful added lines:
 * more than half of them, so that a session that wrote a line or two of a person's hunk is not its author.
 */
const LINK_SHARE_THRESHOLD = 0.5;
/**
 * How far an edit may seem to lie after the commit and still count: git records commit times in whole
 * seconds, so an edit made in the same second as the commit can carry a later timestamp by up to 999 ms.
 */
const COMMIT_TIME_RESOLUTION_MS = 999;
/**
 * How long a command's write may wait for its commit: the lines of a file a command wrote count for the
 * session only in the first commit of that file after the command, and only within this time, so that a
 * person's later rewrite of a generated file is not taken for the generator's.
 */
const COMMAND_CLAIM_WINDOW_MS = 12 * 60 * 60 * 1000;
/** The commit a claim's write went into when that commit lies before the walk's range. */
const BEFORE_THE_WALK = '(before the walk)';

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
  /**
   * The provenance of one hunk of `file`, from its added lines; `committedAt` bounds the edits that count,
   * and `commit` is the commit it belongs to (a command's write counts for one commit only).
   */
  link(
    file: LinkedFile,
    hunk: HunkSummary,
    addedLines: string[],
    committedAt?: string,
    commit?: string,
  ): HunkProvenance;
  /** The sessions whose edits of `path` (under any of its names) lie in `(from, to]` (ms), in no order. */
  editorsBetween(path: string, from: number, to: number): string[];
  /** Whether a session edited `path`, or a command of one wrote it, by `before` (ms): the base can settle those. */
  editedBefore(path: string, before: number): boolean;
  /**
   * The file as the walk's base commit (committed at `baseTime`, ms) holds it: what edits made by then
   * introduced and the base already holds was committed before the walk, and counts for none of its hunks.
   * `lastChanged` (ms) is when a commit the base holds last changed the file: a command's write made before
   * then went into that commit (the first of the file after the command), not into one of the walk's.
   */
  settleBase(path: string, content: string, baseTime: number, lastChanged?: number): void;
}

/**
 * Whether a command's write is of `path` (relative to the walked repository): its path inside the folder
 * the session ran in is the repository's path, or ends it (the session ran in a folder of the repository).
 * Not by a shorter ending: `extension/package-lock.json` of a session is not the repository's top-level
 * `package-lock.json`, though the absolute path ends with it.
 */
function claimWrote(claim: CommandClaim, path: string): boolean {
  const root = claim.root === undefined ? undefined : `${claim.root.replace(/\/+$/, '')}/`;
  if (root === undefined || !claim.filePath.startsWith(root))
    return claim.filePath === path || claim.filePath.endsWith(`/${path}`);
  const inside = claim.filePath.slice(root.length);
  return inside === path || path.endsWith(`/${inside}`);
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

type CommandLines = Map<string, { claim: CommandClaim; lines: number }>;

/**
 * A command the session ran wrote the file: the lines no other session's edits introduced are the
 * command's (it produced them, or rewrote them in place), added to the session's own edits' tally.
 */
function creditCommands(
  claims: readonly CommandClaim[],
  all: readonly string[],
  meaningful: readonly boolean[],
  creditedBy: ReadonlyMap<string, ReadonlySet<number>>,
  tallies: Map<string, SessionTally>,
): CommandLines {
  const commandLines: CommandLines = new Map();
  for (const claim of claims) {
    if (commandLines.has(claim.sessionId)) continue;
    let lines = 0;
    const own = creditedBy.get(claim.sessionId);
    // The texts the session's commands wrote into the file (several heredocs, each a rewrite); none
    // when one of its writes (a formatter, a move) holds no text of its own.
    const mine = claims.filter((c) => c.sessionId === claim.sessionId);
    const literal = mine.every((c) => c.literal !== undefined)
      ? mine.map((c) => foldLine(c.literal ?? '')).join('\n')
      : undefined;
    meaningful.forEach((isMeaningful, index) => {
      if (!isMeaningful || own?.has(index)) return;
      // A heredoc or echo wrote only the text it holds.
      if (literal !== undefined && !literal.includes(foldLine(all[index] ?? ''))) return;
      for (const [sessionId, credited] of creditedBy)
        if (sessionId !== claim.sessionId && credited.has(index)) return;
      lines++;
    });
    if (lines === 0) continue;
    commandLines.set(claim.sessionId, { claim, lines });
    const tally = tallies.get(claim.sessionId) ?? { matched: 0, byEdit: new Map() };
    tally.matched += lines;
    tallies.set(claim.sessionId, tally);
  }
  return commandLines;
}

/**
 * The session that introduced the largest share of the hunk's meaningful lines (the newer on a tie), with
 * the tool call that wrote most of them (its command, when that wrote more than any one edit); a link when
 * the share reaches LINK_SHARE_THRESHOLD.
 */
function bestLink(
  tallies: ReadonlyMap<string, SessionTally>,
  commandLines: CommandLines,
  count: number,
  hunk: HunkSummary,
): HunkProvenance {
  type Author = {
    toolUseId: string;
    toolName: string;
    model?: string;
    timestamp?: string;
    request?: string;
    requestInferred?: boolean;
  };
  let best:
    | { sessionId: string; tally: SessionTally; author: Author; at: number; via?: 'command' }
    | undefined;
  for (const [sessionId, tally] of tallies) {
    const top = [...tally.byEdit].reduce<[AgentEdit, number] | undefined>(
      (a, b) => (!a || b[1] > a[1] ? b : a),
      undefined,
    );
    const command = commandLines.get(sessionId);
    // The command is the tool call when it produced more of the lines than any one edit did.
    const byCommand = command !== undefined && (!top || command.lines > top[1]);
    const author: Author = byCommand ? command.claim : (top?.[0] as AgentEdit);
    const at = byCommand
      ? timeOf({ timestamp: command.claim.timestamp } as AgentEdit)
      : timeOf(author as AgentEdit);
    const better =
      !best ||
      tally.matched > best.tally.matched ||
      (tally.matched === best.tally.matched && (at || 0) > (best.at || 0));
    if (better) best = { sessionId, tally, author, at, ...(byCommand ? { via: 'command' as const } : {}) };
  }
  if (!best) return { share: 0 };
  const share = best.tally.matched / count;
  if (share < LINK_SHARE_THRESHOLD) return { share };
  const { author } = best;
  return {
    share,
    link: {
      sessionId: best.sessionId,
      share,
      toolUseId: author.toolUseId,
      toolName: author.toolName,
      hunkRange: hunk.range,
      ...(best.via ? { via: best.via } : {}),
      ...(author.model ? { model: author.model } : {}),
      ...(author.timestamp ? { timestamp: author.timestamp } : {}),
      ...(author.request ? { request: author.request } : {}),
      ...(author.requestInferred ? { requestInferred: true } : {}),
    },
  };
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
// long: one closure over the walk's state that every hunk changes (lines already consumed, the commit
// each command's write went into); its steps are the named functions inside and the pure ones above.
export function createHunkLinker(
  edits: readonly AgentEdit[],
  commandClaims: readonly CommandClaim[] = [],
): HunkLinker {
  const claimsByBasename = new Map<string, CommandClaim[]>();
  for (const claim of commandClaims) {
    const key = basenameOf(claim.filePath).toLowerCase();
    const list = claimsByBasename.get(key);
    if (list) list.push(claim);
    else claimsByBasename.set(key, [claim]);
  }
  /** The commit each claim's lines went into: a command's write is committed once. */
  const claimCommit = new Map<CommandClaim, string>();
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
  /** Introduced lines already added by an earlier hunk of the walk, per edit (hunks come oldest first). */
  const consumed = new Map<AgentEdit, Map<string, number>>();

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

  /**
   * The command writes that may have produced this hunk: of one of the file's paths (exactly: a command's
   * file is never matched by its name alone), made before the deadline and within the claim window, not
   * already committed by another commit; a file that `appeared` after a generator only for a new file.
   */
  function claimsOf(file: LinkedFile, hunk: HunkSummary, deadline: number, commit: string | undefined) {
    if (commandClaims.length === 0) return [];
    const paths = pathsOf(file);
    const named = new Set(
      paths.flatMap((path) => claimsByBasename.get(basenameOf(path).toLowerCase()) ?? []),
    );
    const created = hunk.oldStart === 0 && hunk.oldLines === 0;
    return [...named].filter((claim) => {
      if (!paths.some((path) => claimWrote(claim, path))) return false;
      if (claim.evidence === 'appeared' && !created) return false;
      // A move or copy writes the file whole where it lands: it made no change inside a file already there.
      if (claim.evidence === 'move' && !created) return false;
      const at = claim.timestamp === undefined ? Number.NaN : Date.parse(claim.timestamp);
      if (Number.isNaN(at) || Number.isNaN(deadline)) return Number.isNaN(deadline) && !Number.isNaN(at);
      if (at > deadline || deadline - at > COMMAND_CLAIM_WINDOW_MS) return false;
      const committed = claimCommit.get(claim);
      return committed === undefined || commit === undefined || committed === commit;
    });
  }

  /** The command writes of `path` (exactly, as claimsOf matches them) made by `before` (ms). */
  const claimsBefore = (path: string, before: number) =>
    commandClaims.filter((claim) => {
      const at = claim.timestamp === undefined ? Number.NaN : Date.parse(claim.timestamp);
      const wrote = claimWrote(claim, path);
      return wrote && !Number.isNaN(at) && at <= before;
    });

  const olderThan = (path: string, before: number) =>
    editsOf({ path }).filter((edit) => {
      const at = timeOf(edit);
      return !Number.isNaN(at) && at <= before;
    });

  return {
    editedBefore: (path, before) =>
      olderThan(path, before).length > 0 || claimsBefore(path, before).length > 0,
    editorsBetween(path, from, to) {
      const editors = new Set<string>();
      const named = (written: string) => written === path || written.endsWith(`/${path}`);
      for (const edit of editsOf({ path })) {
        const at = timeOf(edit);
        if (at > from && at <= to && named(edit.filePath)) editors.add(edit.sessionId);
      }
      for (const claim of commandClaims) {
        const at = claim.timestamp === undefined ? Number.NaN : Date.parse(claim.timestamp);
        if (at > from && at <= to && claimWrote(claim, path)) editors.add(claim.sessionId);
      }
      return [...editors];
    },
    settleBase(path, content, baseTime, lastChanged) {
      if (lastChanged !== undefined)
        for (const claim of claimsBefore(path, Math.min(lastChanged, baseTime)))
          if (!claimCommit.has(claim)) claimCommit.set(claim, BEFORE_THE_WALK);
      const inBase = new Map<string, number>();
      for (const line of content.split('\n')) {
        const key = canonicalText(normaliseLine(line));
        inBase.set(key, (inBase.get(key) ?? 0) + 1);
      }
      for (const edit of olderThan(path, baseTime)) {
        const total = consumed.get(edit) ?? new Map<string, number>();
        for (const [key, count] of inBase) {
          const settled = Math.min(count, timesIntroduced(edit, key));
          if (settled > (total.get(key) ?? 0)) total.set(key, settled);
        }
        consumed.set(edit, total);
      }
    },
    link(file, hunk, addedLines, committedAt, commit) {
      if (addedLines.length === 0) return { trivial: true };
      const deadline =
        committedAt === undefined ? Number.NaN : Date.parse(committedAt) + COMMIT_TIME_RESOLUTION_MS;
      // Most hunks are of files no session wrote: they are answered before any line is looked at.
      const candidates = editsOf(file).filter((edit) => {
        const at = timeOf(edit);
        return Number.isNaN(deadline) || Number.isNaN(at) || at <= deadline;
      });
      const claims = claimsOf(file, hunk, deadline, commit);
      // The first commit of the file after the command holds what it wrote; no later commit does.
      if (commit !== undefined) for (const claim of claims) claimCommit.set(claim, commit);
      if (candidates.length === 0 && claims.length === 0) return {};
      const all = addedLines.map(normaliseLine);
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
      // A line an edit introduced counts for the first commit that adds it: once committed, the same text
      // added again later (another `Status: Done`) is someone's new line, not this edit's.
      const used = new Map<AgentEdit, Map<string, number>>();
      const take = (edit: AgentEdit, key: string): boolean => {
        const own = used.get(edit) ?? new Map<string, number>();
        const taken = (consumed.get(edit)?.get(key) ?? 0) + (own.get(key) ?? 0);
        if (timesIntroduced(edit, key) <= taken) return false;
        own.set(key, (own.get(key) ?? 0) + 1);
        used.set(edit, own);
        return true;
      };
      for (const edit of candidates) {
        all.forEach((_, index) => {
          const credited = creditedBy.get(edit.sessionId);
          if (!meaningful[index] || credited?.has(index)) return;
          if (take(edit, canonical[index] ?? '')) credit(edit, index);
        });
      }
      // Lines a formatter re-wrapped after the edit: runs of lines inside an edit's canonical text, standing
      // on introduced lines no earlier commit added.
      for (const edit of candidates) {
        const credited = creditedBy.get(edit.sessionId);
        if (credited && credited.size === count) continue;
        const available = (key: string) =>
          timesIntroduced(edit, key) > (consumed.get(edit)?.get(key) ?? 0) + (used.get(edit)?.get(key) ?? 0);
        for (const run of runsInside(edit, canonical, available)) {
          for (const key of run.keys) take(edit, key);
          for (const index of run.lines) credit(edit, index);
        }
      }
      for (const [edit, own] of used) {
        const total = consumed.get(edit) ?? new Map<string, number>();
        for (const [key, n] of own) total.set(key, (total.get(key) ?? 0) + n);
        consumed.set(edit, total);
      }
      const commandLines = creditCommands(claims, all, meaningful, creditedBy, tallies);
      return bestLink(tallies, commandLines, count, hunk);
    },
  };
}
