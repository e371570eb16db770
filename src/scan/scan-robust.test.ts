import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATE_VERSION } from '../gate/signals.js';
import { countSignals, openStore } from '../store/open.js';
import type { SessionRecord } from '../store/types.js';
import { writeSessionFile } from '../test-support/session-files.js';
import { tempDir } from '../test-support/temp-dir.js';
import { scanSessions } from './scan.js';

const SETTINGS = { threshold: 5, ledger: [], forceTranscriptS2: false, profile: 'seed' as const };

/** The row an older release stored for a file it could not read: an error verdict, size and mtime as on disk. */
function cachedReadError(path: string): SessionRecord {
  const stat = statSync(path);
  const verdict = { score: 0, passed: false, threshold: 5, signals: [], error: 'file not readable: EACCES' };
  return {
    path,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    host: 'claude-code',
    sessionId: 'x',
    parentSessionId: undefined,
    agentId: undefined,
    project: 'p',
    firstTimestamp: undefined,
    lastTimestamp: undefined,
    lines: 0,
    gateVersion: GATE_VERSION,
    gateProfile: 'seed',
    verdict,
    signalCounts: countSignals(verdict),
    gone: false,
    scannedAt: '2026-10-01T00:00:00.000Z',
    ownRun: false,
  };
}

describe('scanSessions keeps verdicts of transcripts only', () => {
  it('reads again a file whose stored verdict is a read error, though its size and mtime are unchanged', async () => {
    const folder = join(tempDir('retrospect-scan-robust-'), '-home-dev-shop');
    const session = writeSessionFile(folder, { rejections: 2 });
    const store = openStore(':memory:');
    store.upsertSession(cachedReadError(session.path));
    const result = await scanSessions({ roots: [folder], store, settings: SETTINGS });
    expect(result.read).toBe(1);
    expect(store.sessionAt(session.path)?.verdict).toMatchObject({ score: 9, passed: true });
    expect(store.sessionAt(session.path)?.verdict.error).toBeUndefined();
    store.close();
  });

  it('forgets a stored transcript that was overwritten with something that is not one', async () => {
    const folder = join(tempDir('retrospect-scan-robust-'), '-home-dev-shop');
    const session = writeSessionFile(folder, { rejections: 2 });
    const store = openStore(':memory:');
    await scanSessions({ roots: [folder], store, settings: SETTINGS });
    expect(store.sessionAt(session.path)).toBeDefined();
    writeFileSync(session.path, '\u0000\u0001 not json at all \u00ff\n');
    const result = await scanSessions({ roots: [folder], store, settings: SETTINGS });
    expect(result.skipped).toEqual([
      { path: session.path, kind: 'not-a-transcript', reason: expect.any(String) },
    ]);
    expect(store.sessionAt(session.path)).toBeUndefined();
    expect(result.records).toEqual([]);
    store.close();
  });
});
