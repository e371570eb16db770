import type { HunkSummary } from '../collect/patch.js';
import type { AgentLink } from '../evidence.js';
import type { AgentEdit } from './sessions.js';
import { normalizedLines } from './sessions.js';

/** Added text shorter than this (after normalisation) is too generic (`}`, `return;`) to link on. */
const MIN_MATCH_CHARS = 12;
/** Slack for clocks between the agent's machine and the committer's. */
const COMMIT_CLOCK_SLACK_MS = 10 * 60 * 1000;

export interface HunkLinker {
  /** Agent edits that wrote this file and whose content holds the hunk's added lines. */
  link(path: string, hunk: HunkSummary, addedLines: string[], committedAt?: string): AgentLink[];
}

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function wroteFile(edit: AgentEdit, path: string): boolean {
  return edit.filePath === path || edit.filePath.endsWith(`/${path}`);
}

interface MatchText {
  /** The written text, whitespace-normalised and framed by newlines for whole-line containment checks. */
  written: string;
  /** For Edit/MultiEdit: normalised lines of new_string that were not in old_string. */
  newLines: string[];
}

const matchTexts = new WeakMap<AgentEdit, MatchText>();

/** Normalises an edit's text once, on first use: most edits never meet a candidate hunk. */
function matchTextOf(edit: AgentEdit): MatchText {
  const cached = matchTexts.get(edit);
  if (cached) return cached;
  const newLines: string[] = [];
  for (const piece of edit.pieces) {
    if (piece.before === undefined) continue;
    const old = new Set(normalizedLines(piece.before));
    newLines.push(...normalizedLines(piece.after).filter((line) => !old.has(line)));
  }
  const written = `\n${edit.pieces.map((p) => normalizedLines(p.after).join('\n')).join('\n')}\n`;
  const text = { written, newLines };
  matchTexts.set(edit, text);
  return text;
}

function contentMatches(edit: AgentEdit, added: string[]): boolean {
  const { written, newLines } = matchTextOf(edit);
  const block = added.join('\n');
  if (block.length >= MIN_MATCH_CHARS && written.includes(`\n${block}\n`)) return true;
  // An Edit may write only part of a hunk: all of its new lines are among the hunk's added lines.
  if (newLines.join('').length < MIN_MATCH_CHARS) return false;
  const addedSet = new Set(added);
  return newLines.every((line) => addedSet.has(line));
}

/**
 * Links hunks to the agent edits that wrote them: the edit wrote the same file (its absolute path ends with
 * the repository path), it happened no later than the commit, and its written content contains the hunk's
 * added lines, whitespace-normalised. One link per session (its latest matching edit).
 */
export function createHunkLinker(edits: AgentEdit[]): HunkLinker {
  const byBasename = new Map<string, AgentEdit[]>();
  for (const edit of edits) {
    const key = basenameOf(edit.filePath);
    const list = byBasename.get(key) ?? [];
    list.push(edit);
    byBasename.set(key, list);
  }
  return {
    link(path, hunk, addedLines, committedAt) {
      const candidates = byBasename.get(basenameOf(path))?.filter((e) => wroteFile(e, path));
      if (!candidates || candidates.length === 0 || addedLines.length === 0) return [];
      const added = normalizedLines(addedLines.join('\n'));
      if (added.length === 0) return [];
      const deadline = committedAt ? Date.parse(committedAt) + COMMIT_CLOCK_SLACK_MS : Number.NaN;
      const latest = new Map<string, AgentEdit>();
      for (const edit of candidates) {
        const at = edit.timestamp ? Date.parse(edit.timestamp) : Number.NaN;
        if (!Number.isNaN(deadline) && !Number.isNaN(at) && at > deadline) continue;
        if (!contentMatches(edit, added)) continue;
        latest.set(edit.sessionId, edit);
      }
      return [...latest.values()].map((edit) => ({
        sessionId: edit.sessionId,
        toolUseId: edit.toolUseId,
        toolName: edit.toolName,
        hunkRange: hunk.range,
        ...(edit.model ? { model: edit.model } : {}),
        ...(edit.timestamp ? { timestamp: edit.timestamp } : {}),
        ...(edit.request ? { request: edit.request } : {}),
      }));
    },
  };
}
