import { appendFileSync, cpSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerCoverageIndex } from '../gate/ledger-s2.js';
import { GATE_PROFILE_VERSIONS } from '../gate/profile.js';
import { openSqlite } from '../sqlite/index.js';
import { openStore } from '../store/open.js';
import type { SessionRecord } from '../store/types.js';
import { REPO_ROOT } from '../test-support/cli.js';
import { writeSessionFile } from '../test-support/session-files.js';
import { tempDir } from '../test-support/temp-dir.js';
import { ownRunMarker } from '../transcript/own-run.js';
import { markOwnRuns } from './own-runs.js';
import { type ScanResult, scanSessions } from './scan.js';

const SETTINGS = { threshold: 5, ledger: [], forceTranscriptS2: false, profile: 'seed' as const };

function demoCopy(): string {
  const root = join(tempDir('retrospect-scan-'), 'projects');
  cpSync(join(REPO_ROOT, 'examples', 'projects'), root, { recursive: true });
  return root;
}

describe('scanSessions', () => {
  it('attributes sub-agents to their parent session in both layouts', async () => {
    const root = demoCopy();
    const store = openStore(':memory:');
    const result = await scanSessions({ roots: [root], store, settings: SETTINGS, reader: 'plain' });
    expect(result.read).toBe(9);
    const agents = result.records.filter((r) => r.agentId !== undefined);
    expect(agents.map((a) => [a.agentId, a.parentSessionId, a.project]).sort()).toEqual([
      ['agent-3b5d7f9a', '7c9e1a3b-5d7f-4e2a-9b4c-6d8e0f2a4b50', '-home-ada-code-billing-api'],
      ['agent-8e0a2c4d', '5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74', '-home-ada-notes'],
    ]);
    expect(store.sessionScores('-home-ada-notes')).toEqual([
      { sessionId: '5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74', score: 3, mtime: expect.any(Number) },
    ]);
    store.close();
  });

  it('reads every file again when the gate profile changes, and records the profile of each verdict', async () => {
    const root = demoCopy();
    const store = openStore(':memory:');
    const seed = await scanSessions({ roots: [root], store, settings: SETTINGS });
    expect(seed.records.every((r) => r.gateProfile === 'seed')).toBe(true);
    const calibrated = await scanSessions({
      roots: [root],
      store,
      settings: { ...SETTINGS, profile: 'calibrated' },
    });
    expect([calibrated.read, calibrated.unchanged]).toEqual([9, 0]);
    expect(
      calibrated.records.every((r) => r.gateProfile === 'calibrated' && r.verdict.profile === 'calibrated'),
    ).toBe(true);
    const again = await scanSessions({
      roots: [root],
      store,
      settings: { ...SETTINGS, profile: 'calibrated' },
    });
    expect([again.read, again.unchanged]).toEqual([0, 9]);
    // A calibrated verdict stored under the profile's earlier rules is scored again; seed verdicts keep theirs.
    expect(calibrated.records.every((r) => r.gateVersion === GATE_PROFILE_VERSIONS.calibrated)).toBe(true);
    const [first] = calibrated.records;
    store.upsertSession({ ...first!, gateVersion: GATE_PROFILE_VERSIONS.calibrated - 1 });
    const rescored = await scanSessions({
      roots: [root],
      store,
      settings: { ...SETTINGS, profile: 'calibrated' },
    });
    expect([rescored.read, rescored.unchanged]).toEqual([1, 8]);
    expect(seed.records.every((r) => r.gateVersion === GATE_PROFILE_VERSIONS.seed)).toBe(true);
  });

  it('rereads only changed or outdated files and keeps the verdicts of deleted ones', async () => {
    const root = demoCopy();
    const store = openStore(':memory:');
    const scan = () => scanSessions({ roots: [root], store, settings: SETTINGS });
    await scan();
    const second = await scan();
    expect([second.read, second.unchanged]).toEqual([0, 9]);

    const shop = join(root, '-home-ada-code-shop');
    const smooth = join(shop, 'c8e2f4a1-5b3d-4e7f-9a10-2b4c6d8e0f12.jsonl');
    appendFileSync(
      smooth,
      `${JSON.stringify({ type: 'user', uuid: 'u-late', sessionId: 'c8e2f4a1-5b3d-4e7f-9a10-2b4c6d8e0f12', message: { role: 'user', content: 'stop, that is wrong' }, timestamp: '2026-10-02T09:00:00.000Z' })}\n`,
    );
    const changed = await scan();
    expect(changed.read).toBe(1);
    expect(changed.records.find((r) => r.path === smooth)!.verdict.score).toBe(6);

    // Same size, new mtime: read again.
    utimesSync(smooth, new Date(), new Date('2026-11-01T00:00:00Z'));
    expect((await scan()).read).toBe(1);

    // A verdict from an older gate version is recomputed.
    const [stored] = store.listSessions({ under: `${shop}/` }).filter((r) => r.path === smooth);
    store.upsertSession({ ...stored!, gateVersion: 0 });
    expect((await scan()).read).toBe(1);

    rmSync(join(shop, '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24.jsonl'));
    const afterDelete = await scan();
    expect(afterDelete.newlyGone).toBe(1);
    const gone = afterDelete.records.find((r) => r.gone)!;
    expect(gone.verdict.score).toBe(10);
    expect(
      store
        .sessionScores('-home-ada-code-shop')
        .map((s) => s.score)
        .sort((a, b) => a - b),
    ).toEqual([6, 6.5, 10]);
    store.close();
  });

  it("keeps gating Retrospect's own runs, marks them and their sub-agents, and leaves them out of trial scores", async () => {
    const root = demoCopy();
    const folder = join(root, '-home-ada-code-shop');
    const prompt = `${ownRunMarker('deep-read')}\nYou analyse coding-agent session transcripts.`;
    const own = writeSessionFile(folder, { rejections: 2, firstPrompt: prompt, printMode: true });
    // A sub-agent of that run: its opening prompt is its task, with no marker.
    writeSessionFile(join(folder, own.sessionId, 'subagents'), { sessionId: own.sessionId, rejections: 2 });
    const store = openStore(':memory:');
    const result = await scanSessions({ roots: [root], store, settings: SETTINGS });
    const ownRecord = result.records.find((r) => r.path === own.path)!;
    expect([ownRecord.ownRun, ownRecord.verdict.passed]).toEqual([true, true]);
    const agent = result.records.find((r) => r.parentSessionId === own.sessionId)!;
    expect(agent.ownRun).toBe(false);
    expect(
      markOwnRuns(result.records)
        .filter((r) => r.ownRun)
        .map((r) => r.path)
        .sort(),
    ).toEqual([own.path, agent.path].sort());
    expect(result.records.filter((r) => r.ownRun === false)).toHaveLength(result.records.length - 1);
    expect(store.sessionScores('-home-ada-code-shop').map((s) => s.sessionId)).not.toContain(own.sessionId);
    store.close();
  });

  it('checks the files of rows stored before the store knew own runs once, without gating them again', async () => {
    const root = demoCopy();
    const folder = join(root, '-home-ada-notes');
    const prompt = `${ownRunMarker('walk-review')}\nReview this change.`;
    const own = writeSessionFile(folder, { firstPrompt: prompt });
    const path = join(tempDir('retrospect-scan-store-'), 'store.sqlite');
    const store = openStore(path);
    const scan = () => scanSessions({ roots: [root], store, settings: SETTINGS });
    await scan();
    const raw = openSqlite(path);
    raw.exec('UPDATE sessions SET own_run = NULL');
    raw.close();
    expect(store.sessionAt(own.path)!.ownRun).toBeUndefined();
    const again = await scan();
    expect(again.read).toBe(0);
    expect(again.records.filter((r) => r.ownRun).map((r) => r.path)).toEqual([own.path]);
    expect(again.records.every((r) => r.ownRun !== undefined)).toBe(true);
    store.close();
  });

  it('reports a file in a format no reader knows instead of reading it as a Claude Code session', async () => {
    const dir = tempDir('retrospect-scan-');
    const file = join(dir, 'odd.jsonl');
    writeFileSync(file, '{"kind":"something else"}\n');
    const store = openStore(':memory:');
    const result = await scanSessions({ roots: [file], store, settings: SETTINGS });
    expect(result.records).toEqual([]);
    expect(result.unknownFormat).toEqual([file]);
    store.close();
  });

  it('skips a file in a Claude Code project folder that reads as no transcript, naming schema drift, and stores nothing', async () => {
    const dir = join(tempDir('retrospect-scan-'), '-home-dev-odd');
    mkdirSync(dir);
    const file = join(dir, 'odd.jsonl');
    writeFileSync(file, '{"kind":"something else"}\n');
    const store = openStore(':memory:');
    const result = await scanSessions({ roots: [dir], store, settings: SETTINGS });
    expect(result.records).toEqual([]);
    expect(result.skipped).toEqual([
      {
        path: file,
        kind: 'not-a-transcript',
        reason: expect.stringMatching(/first 50 lines .*possible schema drift/),
      },
    ]);
    expect(store.listSessions()).toEqual([]);
    store.close();
  });

  describe('when only the friction ledger changes', () => {
    // A shop session whose transcript has an S2 of 2 (two error runs) and an S3: score 2·2 + 2.5 = 6.5.
    const SESSION = '9b2d4f6a-8c1e-4a3b-9d5f-7e9a1b3c5d36';
    const FILE = join('-home-ada-code-shop', `${SESSION}.jsonl`);

    function ledgerRow(sessionId: string, minute: number): string {
      const ts = `2026-10-01T09:${String(minute).padStart(2, '0')}:00Z`;
      return `${JSON.stringify({ ts, session_id: sessionId, event: 'PostToolUseFailure', tool: 'Bash', path: '' })}\n`;
    }

    /** Each scan reads the ledger once, as the command does. */
    function settingsFor(ledger: string) {
      return {
        threshold: 5,
        ledger: [...ledgerCoverageIndex(ledger)],
        forceTranscriptS2: false,
        profile: 'seed' as const,
      };
    }

    function verdicts(result: ScanResult): Record<string, SessionRecord['verdict']> {
      return Object.fromEntries(result.records.map((r) => [r.path, r.verdict]));
    }

    function setUp() {
      const root = demoCopy();
      const ledger = join(dirname(root), 'friction.jsonl');
      writeFileSync(ledger, '');
      const store = openStore(':memory:');
      const scan = () => scanSessions({ roots: [root], store, settings: settingsFor(ledger) });
      // What gating every file afresh gives with today's ledger: the answer a rescan must match.
      const afresh = async () => {
        const other = openStore(':memory:');
        const result = await scanSessions({ roots: [root], store: other, settings: settingsFor(ledger) });
        other.close();
        return verdicts(result);
      };
      return { root, ledger, store, scan, afresh, path: join(root, FILE) };
    }

    it('rescores exactly the session whose coverage changed, from stored data, reading nothing', async () => {
      const { ledger, store, scan, afresh, path } = setUp();
      const before = verdicts(await scan());
      expect(before[path]!.score).toBe(6.5);

      // Two ledger rows: the ledger supplies S2, one run.
      appendFileSync(ledger, ledgerRow(SESSION, 1) + ledgerRow(SESSION, 2));
      const covered = await scan();
      expect([covered.read, covered.readBytes, covered.rescored, covered.unchanged]).toEqual([0, 0, 1, 8]);
      expect(verdicts(covered)).toEqual({
        ...before,
        [path]: {
          score: 4.5,
          passed: false,
          threshold: 5,
          signals: [
            { name: 'S2', count: 1, ids: ['ledger:PostToolUseFailure:2026-10-01T09:01:00Z'] },
            { name: 'S3', count: 1, ids: before[path]!.signals.find((s) => s.name === 'S3')!.ids },
          ],
        },
      });
      expect(verdicts(covered)).toEqual(await afresh());
      expect(covered.records.find((r) => r.path === path)!.signalCounts.S2).toBe(1);

      // More rows of the same run change nothing the gate uses: nothing to rescore.
      appendFileSync(ledger, ledgerRow(SESSION, 3));
      expect((await scan()).rescored).toBe(0);

      // A row for a session with no transcript here touches nothing either.
      appendFileSync(ledger, ledgerRow('0f0f0f0f-aaaa-4bbb-8ccc-123456789abc', 4));
      expect((await scan()).rescored).toBe(0);

      // The ledger is rotated away: back to the transcript's own S2, still without reading it.
      writeFileSync(ledger, ledgerRow(SESSION, 5));
      const single = await scan();
      expect([single.read, single.rescored]).toEqual([0, 1]);
      expect(verdicts(single)).toEqual(await afresh());
      expect(verdicts(single)[path]!.score).toBe(2.5); // covered by one row: too short for a run, S2 is 0
      writeFileSync(ledger, '');
      const uncovered = await scan();
      expect([uncovered.read, uncovered.rescored]).toEqual([0, 1]);
      expect(verdicts(uncovered)).toEqual(before);
      store.close();
    });

    it('rescores a deleted transcript from stored data, and marks it stale when that cannot be exact', async () => {
      const { ledger, store, scan, path } = setUp();
      await scan();
      rmSync(path);
      appendFileSync(ledger, ledgerRow(SESSION, 1) + ledgerRow(SESSION, 2));
      const gone = await scan();
      expect([gone.read, gone.rescored, gone.newlyGone]).toEqual([0, 1, 1]);
      const record = gone.records.find((r) => r.path === path)!;
      expect([record.gone, record.verdict.score, record.ledgerStale]).toEqual([true, 4.5, false]);

      // A row stored by an older release knows neither the transcript's own S2 nor the coverage it used.
      store.upsertSession({ ...record, ledgerS2: undefined, transcriptS2: undefined });
      writeFileSync(ledger, '');
      const stale = await scan();
      expect([stale.read, stale.rescored, stale.stale]).toEqual([0, 0, 1]);
      const kept = stale.records.find((r) => r.path === path)!;
      expect([kept.verdict.score, kept.ledgerStale]).toEqual([4.5, true]);

      // Coverage comes back: exact again (S2 is the ledger's), and the mark goes.
      appendFileSync(ledger, ledgerRow(SESSION, 1) + ledgerRow(SESSION, 2));
      const again = (await scan()).records.find((r) => r.path === path)!;
      expect([again.verdict.score, again.ledgerStale]).toEqual([4.5, false]);
      store.close();
    });

    it('reads a file again when a row from an older store cannot be rescored exactly, and only that file', async () => {
      const { ledger, store, scan, afresh, path } = setUp();
      appendFileSync(ledger, ledgerRow(SESSION, 1) + ledgerRow(SESSION, 2));
      await scan();
      const record = store.sessionAt(path)!;
      store.upsertSession({ ...record, ledgerS2: undefined, transcriptS2: undefined });
      writeFileSync(ledger, '');
      const rescan = await scan();
      expect([rescan.read, rescan.rescored]).toEqual([1, 0]);
      expect(verdicts(rescan)).toEqual(await afresh());
      expect(store.sessionAt(path)!.transcriptS2).toMatchObject({ name: 'S2', count: 2 });
      store.close();
    });
  });
});
