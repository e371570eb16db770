import { isObject, type Json, nonEmpty, num, str } from '../json-value.js';
import { forEachRecord } from '../records.js';
import type { CodexReadState } from './read-state.js';

/** How long after a fork's creation its copied history may still be written (when no parent can be read). */
const REPLAY_WINDOW_MS = 2_000;

/** The thread a session_meta names as its origin: a fork's source or a sub-agent's parent. */
function parentOf(meta: Json): string | undefined {
  const source = meta.source;
  const spawn =
    isObject(source) && isObject(source.subagent) && isObject(source.subagent.thread_spawn)
      ? source.subagent.thread_spawn
      : undefined;
  return (
    nonEmpty(meta.forked_from_id) ?? nonEmpty(meta.parent_thread_id) ?? nonEmpty(spawn?.parent_thread_id)
  );
}

function isSubagentMeta(meta: Json): boolean {
  return (isObject(meta.source) && 'subagent' in meta.source) || meta.thread_source === 'subagent';
}

/** The ordinal before which a child's records are the parent's copied history (newer rollouts say so). */
function replayBoundary(meta: Json): number | undefined {
  const base = isObject(meta.history_base) ? num(meta.history_base.end_ordinal_exclusive) : undefined;
  return num(meta.subagent_history_start_ordinal) ?? base ?? num(meta.forked_from_ordinal_exclusive);
}

/** The turn ids of a rollout's turn contexts (what agentsview compares to find where a fork's own turns start). */
function turnIdsOf(path: string): Set<string> {
  const ids = new Set<string>();
  try {
    forEachRecord(path, (record) => {
      const payload = isObject(record.payload) ? record.payload : undefined;
      const id = payload ? str(payload.turn_id) : undefined;
      if (record.type === 'turn_context' && id) ids.add(id);
    });
  } catch {
    // An unreadable parent leaves the time rule to find the copied history.
  }
  return ids;
}

/**
 * The first session_meta: the session's id, folder, parent and whether it is a sub-agent, and how to tell
 * its parent's copied history (an ordinal boundary, the parent's turn ids, or the time rule). A later one
 * opens that copy.
 */
export function onMeta(state: CodexReadState, meta: Json, envelope: Json): void {
  const { replay, session } = state;
  replay.metaCount++;
  if (replay.metaCount > 1) {
    // A second session_meta opens the copied history of the parent (a fork or a sub-agent file).
    if (replay.boundary === undefined) replay.inReplay = true;
    return;
  }
  state.facts.sessionId = nonEmpty(meta.id) ?? nonEmpty(meta.session_id);
  const cwd = nonEmpty(meta.cwd);
  if (cwd) session.cwd = cwd;
  const parent = parentOf(meta);
  if (parent) session.parentSessionId = parent;
  state.subagent = isSubagentMeta(meta);
  if (state.subagent) session.subagent = true;
  replay.boundary = replayBoundary(meta);
  const created = Date.parse(String(meta.timestamp ?? envelope.timestamp ?? ''));
  if (!Number.isNaN(created)) replay.ownCreated = created;
  if (parent && replay.boundary === undefined && replay.findParent) {
    const parentPath = replay.findParent(parent);
    if (parentPath) replay.parentTurns = turnIdsOf(parentPath);
  }
}

/** Whether an envelope belongs to the parent's copied history, and ends the copy when it does not. */
export function isReplayed(state: CodexReadState, record: Json, payload: Json | undefined): boolean {
  const replay = state.replay;
  const ordinal = num(record.ordinal);
  if (replay.boundary !== undefined && ordinal !== undefined) return ordinal < replay.boundary;
  if (!replay.inReplay) return false;
  if (replay.parentTurns) {
    const turnId = payload ? str(payload.turn_id) : undefined;
    if (record.type === 'turn_context' && turnId !== undefined && !replay.parentTurns.has(turnId)) {
      replay.inReplay = false;
      return false;
    }
    return true;
  }
  const at = Date.parse(String(record.timestamp ?? ''));
  if (replay.ownCreated !== undefined && !Number.isNaN(at) && at > replay.ownCreated + REPLAY_WINDOW_MS) {
    replay.inReplay = false;
    return false;
  }
  return true;
}
