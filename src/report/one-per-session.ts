import type { SessionRecord } from '../store/types.js';

/** One session of one agent on one machine: a sub-agent's transcript is its own (its agent id tells it). */
function sessionKey(r: SessionRecord): string {
  return [r.machine ?? '', r.user ?? '', r.host, r.sessionId, r.agentId ?? ''].join('\0');
}

/** Whether `a` says more about its session now than `b`: a file still there, then the newer, then the longer. */
function better(a: SessionRecord, b: SessionRecord): boolean {
  if (a.gone !== b.gone) return !a.gone;
  if (a.mtimeMs !== b.mtimeMs) return a.mtimeMs > b.mtimeMs;
  return a.size > b.size;
}

/**
 * One record per session. A session can be stored under two paths: Codex compresses an old rollout to
 * `.jsonl.zst` (the plain file's record stays, marked gone), Gemini CLI migrates a `.json` chat to `.jsonl`
 * on resume. Each is still one session: counted once and listed once, by the record of the file that is
 * still there (else the newest). Order is kept.
 */
export function onePerSession(records: readonly SessionRecord[]): SessionRecord[] {
  const chosen = new Map<string, SessionRecord>();
  for (const r of records) {
    const key = sessionKey(r);
    const held = chosen.get(key);
    if (held === undefined || better(r, held)) chosen.set(key, r);
  }
  const kept = new Set(chosen.values());
  return records.filter((r) => kept.has(r));
}
