import { describe, expect, it } from 'vitest';
import { onRefusedRead } from '../fsx/refused-reads.js';
import { rowProblem, type SessionRow, usableRows } from './row.js';

function row(
  overrides: Partial<Record<keyof SessionRow | 'machine' | 'user_name', unknown>> = {},
): SessionRow & {
  machine: string;
  user_name: string;
} {
  return {
    path: '~/.claude/projects/p/a.jsonl',
    size: 10,
    mtime_ms: 1_700_000_000_000,
    host: 'claude-code',
    session_id: 'a',
    parent_session_id: null,
    agent_id: null,
    project: '/p',
    first_ts: null,
    last_ts: null,
    lines: 3,
    gate_version: 1,
    verdict: { score: 0, passed: false, threshold: 2, signals: [] },
    s1: 0,
    s2: 0,
    s3: 0,
    s4: 0,
    s5: 0,
    gone: false,
    scanned_at: '2026-01-01T00:00:00Z',
    ledger_s2: null,
    transcript_s2: null,
    ledger_stale: false,
    own_run: null,
    gate_profile: 'seed',
    turns_human: null,
    turns_assistant: null,
    turns_tool_errors: null,
    machine: 'laptop',
    user_name: 'ana',
    ...overrides,
  } as SessionRow & { machine: string; user_name: string };
}

describe("a shared store's rows", () => {
  it('finds a null verdict, a verdict without a score and a number that is not finite', () => {
    expect(rowProblem(row())).toBeUndefined();
    expect(rowProblem(row({ verdict: null }))).toBe('its verdict is missing');
    expect(rowProblem(row({ verdict: { passed: true } }))).toBe('its verdict has no score');
    expect(rowProblem(row({ mtime_ms: Number.NEGATIVE_INFINITY }))).toBe('its mtime_ms is -Infinity');
    expect(rowProblem(row({ lines: Number.NaN }))).toBe('its lines is NaN');
  });

  it("skips a teammate's bad row with one note, keeping the others", () => {
    const notes: string[] = [];
    const stop = onRefusedRead((r) => notes.push(r.message));
    try {
      const kept = usableRows([
        row(),
        row({ path: 'b.jsonl', verdict: null, user_name: 'bo' }),
        row({ path: 'c' }),
      ]);
      expect(kept.map((r) => r.path)).toEqual(['~/.claude/projects/p/a.jsonl', 'c']);
    } finally {
      stop();
    }
    expect(notes).toEqual([
      'skipping the stored session b.jsonl of bo@laptop: its verdict is missing; the other sessions are shown',
    ]);
  });
});
