import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../store/types.js';
import { middleTruncate, NO_PROJECT, renderLegend, renderSummary, renderTable } from './render.js';

/** Real Claude Code project folders are this long: a home, a workspace folder, an organisation, a repository. */
const LONG = '-Users-ada-Documents-GitHub-acme-platform-services-billing-reconciliation-api';

function record(
  project: string,
  sessionId: string,
  score: number,
  extra: Partial<SessionRecord> = {},
): SessionRecord {
  const passed = score >= 5;
  return {
    path: `/sessions/${sessionId}.jsonl`,
    size: 100,
    mtimeMs: Date.UTC(2026, 5, 1),
    host: 'claude-code',
    sessionId,
    parentSessionId: undefined,
    agentId: undefined,
    project,
    firstTimestamp: '2026-06-01T09:30:00.000Z',
    lastTimestamp: '2026-06-01T10:00:00.000Z',
    lines: 480,
    gateVersion: 1,
    verdict: { score, passed, threshold: 5, signals: [] },
    signalCounts: { S1: passed ? 2 : 0, S2: passed ? 3 : 0, S3: 1, S4: 0, S5: passed ? 4 : 0 },
    gone: false,
    scannedAt: '2026-06-02T00:00:00.000Z',
    gateProfile: 'calibrated',
    turns: { human: 7, assistant: 40, toolErrors: 3 },
    ...extra,
  };
}

const RECORDS = [
  record(LONG, 'c7d3d95c-1111-4aaa-8bbb-000000000001', 11.5),
  record(`${LONG}-worker`, '0b8e7a52-3333-4aaa-8bbb-000000000003', 2.5),
  record('', '683e6d77-d4bd-4078-a6f0-3a002e91164a', 0, { host: 'copilot', turns: undefined }),
];

const widest = (table: string) => Math.max(...table.split('\n').map((line) => [...line].length));

describe('the scan table', () => {
  it('cuts long project names in the middle to fit the width, and keeps every session id whole', () => {
    for (const width of [80, 100, 120]) {
      const table = renderTable(RECORDS, undefined, undefined, { width });
      expect(widest(table), `${width} columns`).toBeLessThanOrEqual(width);
      for (const id of ['c7d3d95c', '0b8e7a52', '683e6d77 (copilot)']) expect(table).toContain(id);
    }
    const narrow = renderTable(RECORDS, undefined, undefined, { width: 80 }).split('\n');
    // Both ends of the name stay: whose machine, and which repository (the two rows still differ).
    expect(narrow[1]).toMatch(/^-Users-a…ion-api +c7d3d95c /);
    expect(narrow[2]).toMatch(/^-Users-a…-worker +0b8e7a52 /);
    const wide = renderTable(RECORDS, undefined, undefined, { width: 120 }).split('\n');
    expect(wide[1]).toMatch(/^-Users-ada-Documents-Gi[^ ]*…[^ ]*reconciliation-api +c7d3d95c /);
  });

  it('keeps every name whole without a width (piped output stays what the store holds)', () => {
    const table = renderTable(RECORDS);
    expect(table).toMatch(new RegExp(`\n${LONG} +c7d3d95c `));
    expect(table).toMatch(new RegExp(`\n${LONG}-worker +0b8e7a52 `));
  });

  it('counts turns a person typed, not lines, and names a session that records no folder', () => {
    const [header, first, , last, totals] = renderTable(RECORDS).split('\n');
    expect(header).toMatch(/^PROJECT +SESSION +START \(UTC\) +TURNS +SCORE +SIGNALS$/);
    expect(first).toMatch(/ 2026-06-01 09:30 +7 +11\.5 ! +S1x2 S2x3 S3x1 S5x4$/);
    expect(NO_PROJECT).toBe('(no folder)');
    expect(last).toMatch(/^\(no folder\) +683e6d77 \(copilot\) +2026-06-01 09:30 +\? +0\.0 +S3x1$/);
    expect(totals).toMatch(/^TOTAL: 3 projects +3 sessions +14 +1 ! +S1x2 S2x3 S3x3 S5x4$/);
    expect(renderSummary(RECORDS, { read: 3, unchanged: 0, readBytes: 0, seconds: 0 })).toContain(
      `busiest projects: ${LONG} (1 flagged of 1), ${NO_PROJECT} (0 flagged of 1)`,
    );
  });

  it('cuts the signals at a space when the project column is as narrow as it goes', () => {
    const table = renderTable(RECORDS, undefined, undefined, { width: 80 }).split('\n');
    expect(table[1]).toMatch(/11\.5 ! +S1x2 (?:S2x3 )?…$/);
  });
});

describe('middleTruncate', () => {
  it('keeps both ends and marks the cut', () => {
    expect(middleTruncate('-home-ada-code-billing-api', 12)).toBe('-home-…g-api');
    expect([...middleTruncate(LONG, 20)]).toHaveLength(20);
    expect(middleTruncate('-home-ada-shop', 20)).toBe('-home-ada-shop');
  });
});

describe('the legend', () => {
  it('explains every signal code, the counts and the flag in one line, two when the terminal is narrow', () => {
    const line = renderLegend();
    expect(line).toBe(
      'S1 explicit reject, S2 tool error run, S3 edit loop, S4 assistant retry, S5 terse follow-up, S1x2 = twice, ! flagged, TURNS = turns a person typed',
    );
    const narrow = renderLegend(80).split('\n');
    expect(narrow.length).toBeGreaterThan(1);
    expect(Math.max(...narrow.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(narrow.join(' ')).toBe(line);
  });
});
