import { closeSync, copyFileSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_WHOLE_READ_CAP } from '../fsx/read-regular.js';
import { gateSessionSync } from '../gate/index.js';
import { HOSTS_HOME } from '../test-support/hosts.js';
import { tempDir } from '../test-support/temp-dir.js';
import { readMechanicalState } from '../trial/evidence/read.js';
import { claudeCodeAdapter } from './claude/adapter.js';
import { codexAdapter } from './codex/adapter.js';
import { copilotAdapter } from './copilot/adapter.js';
import { lineRanges, MAX_RECORD_BYTES } from './lines.js';

/** Appends one JSON line of about `bytes` bytes (a long string inside `text`), written in pieces. */
function appendLongLine(path: string, head: string, tail: string, bytes: number): void {
  const fd = openSync(path, 'a');
  try {
    writeSync(fd, head);
    const piece = Buffer.alloc(1 << 20, 'x');
    for (let written = 0; written < bytes; written += piece.length) writeSync(fd, piece);
    writeSync(fd, `${tail}\n`);
  } finally {
    closeSync(fd);
  }
}

const OVER = MAX_RECORD_BYTES + (1 << 20);

describe('a record over the cap', () => {
  it('is skipped by the line reader, counted, and the lines after it read (line numbers kept)', () => {
    const path = join(tempDir('retrospect-record-cap-'), 'lines.jsonl');
    const fd = openSync(path, 'w');
    writeSync(fd, '{"a":1}\n');
    writeSync(fd, `{"b":"${'y'.repeat(5000)}"}\n`);
    writeSync(fd, '{"c":3}\n');
    closeSync(fd);
    const skipped: number[] = [];
    const seen: number[][] = [];
    const lines = lineRanges(path, {
      chunkSize: 1024,
      maxLineBytes: 2048,
      onOversized: (n) => skipped.push(n),
    });
    for (const line of lines) seen.push([line.lineNo, line.end - line.start]);
    expect(skipped).toEqual([1]);
    expect(seen).toEqual([
      [0, 7],
      [1, 0],
      [2, 7],
    ]);
  });

  it('in a Codex rollout is left out with one gate warning, the rest of the session read', () => {
    const source = join(
      HOSTS_HOME,
      '.codex/sessions/2025/09/24/rollout-2025-09-24T11-10-00-01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6.jsonl',
    );
    const dir = join(tempDir('retrospect-record-cap-codex-'), '.codex', 'sessions');
    const path = join(dir, 'rollout-2025-09-24T11-10-00-01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6.jsonl');
    mkdirSync(dir, { recursive: true });
    copyFileSync(source, path);
    const before = [...codexAdapter.messages(source)].length;
    appendLongLine(
      path,
      '{"timestamp":"2025-09-24T11:30:00Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c9","output":"',
      '"}}',
      OVER,
    );
    const facts = codexAdapter.readEvents(path, () => {});
    expect(facts.session?.oversizedRecords).toBe(1);
    expect([...codexAdapter.messages(path)]).toHaveLength(before);
    const gate = gateSessionSync(path, { host: 'codex', ledgerPath: null, env: {} });
    expect(gate.warnings.filter((w) => w.includes('over the 16 MB record cap skipped unread'))).toHaveLength(
      1,
    );
  });

  it('in a Copilot event log is left out and counted', () => {
    const source = join(
      HOSTS_HOME,
      '.copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl',
    );
    const path = join(tempDir('retrospect-record-cap-copilot-'), 'events.jsonl');
    copyFileSync(source, path);
    const before = [...copilotAdapter.messages(source)].length;
    appendLongLine(
      path,
      '{"type":"tool.execution_complete","timestamp":"2025-10-01T10:00:00Z","data":{"toolCallId":"t9","success":true,"result":{"content":"',
      '"}}}',
      OVER,
    );
    expect(copilotAdapter.readEvents(path, () => {}).session?.oversizedRecords).toBe(1);
    expect([...copilotAdapter.messages(path)]).toHaveLength(before);
  });

  it('in a Claude Code transcript is passed over by the message reader the guard hook uses', () => {
    const path = join(tempDir('retrospect-record-cap-claude-'), 's.jsonl');
    const line = (uuid: string, role: string, text: string) =>
      `${JSON.stringify({ type: role, uuid, sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role, content: [{ type: 'text', text }] } })}\n`;
    const fd = openSync(path, 'w');
    writeSync(fd, line('u1', 'user', 'fix the cart'));
    closeSync(fd);
    appendLongLine(
      path,
      '{"type":"assistant","uuid":"a1","sessionId":"s","message":{"role":"assistant","content":[{"type":"text","text":"',
      '"}]}}',
      OVER,
    );
    const tail = openSync(path, 'a');
    writeSync(tail, line('a2', 'assistant', 'done'));
    closeSync(tail);
    expect([...claudeCodeAdapter.messages(path)].map((m) => m.id)).toEqual(['u1', 'a2']);
    expect(readMechanicalState(path)).toBeDefined();
    expect(statSync(path).size).toBeGreaterThan(MAX_RECORD_BYTES);
  });
});

describe('a session file parsed whole, over the whole-read cap', () => {
  it('is refused by its size before it is read, with the reason in the verdict', () => {
    const path = join(tempDir('retrospect-whole-cap-'), 'session-2025-11-03T10-00-7b1f4f6b.json');
    const fd = openSync(path, 'w');
    writeSync(fd, '{"sessionId":"g1","messages":[');
    const message = Buffer.from(
      `${JSON.stringify({ id: 'm', type: 'user', content: 'x'.repeat(1000) })},`.repeat(1000),
    );
    for (let written = 0; written <= TRANSCRIPT_WHOLE_READ_CAP; written += message.length)
      writeSync(fd, message);
    writeSync(fd, '{"id":"z","type":"user","content":"end"}]}');
    closeSync(fd);
    const gate = gateSessionSync(path, { host: 'gemini', ledgerPath: null, env: {} });
    expect(gate.verdict.error).toMatch(
      /^file not readable: too large: 3\d\.\d MB, over the 32\.0 MB read whole; not read$/,
    );
  });
});
