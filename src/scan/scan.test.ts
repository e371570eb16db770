import { appendFileSync, cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../store/open.js';
import { REPO_ROOT } from '../test-support/cli.js';
import { scanSessions } from './scan.js';

const SETTINGS = { threshold: 5, ledger: [], forceTranscriptS2: false };

function demoCopy(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'retrospect-scan-')), 'projects');
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

  it('gates a single transcript given as a root and reports schema drift', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retrospect-scan-'));
    const file = join(dir, 'odd.jsonl');
    writeFileSync(file, '{"kind":"something else"}\n');
    const store = openStore(':memory:');
    const result = await scanSessions({ roots: [file], store, settings: SETTINGS });
    expect(result.records.map((r) => r.path)).toEqual([file]);
    expect(result.warnings[0]).toMatch(/possible schema drift/);
    store.close();
  });
});
