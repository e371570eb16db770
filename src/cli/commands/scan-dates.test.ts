import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

/** A session's first and last timestamps as its transcript writes them, and its file time. */
interface Dated {
  sessionId: string;
  first: string;
  last: string;
  fileTime: string;
}

const SESSIONS: Dated[] = [
  // 2026-09-30T23:00Z and 23:30Z: as text they sort after 2026-10-01T00:00Z.
  {
    sessionId: 'a0ffset0',
    first: '2026-10-01T01:00:00+02:00',
    last: '2026-10-01T01:30:00+02:00',
    fileTime: '2026-10-01T00:00:00Z',
  },
  // Not instants: as text `yesterday` sorts after every date, `2026-7-1` after `2026-10-...`.
  { sessionId: 'b0words0', first: 'yesterday', last: 'yesterday', fileTime: '2026-10-10T12:00:00Z' },
  { sessionId: 'c0loose0', first: '2026-7-1 9:00', last: '2026-7-1 9:30', fileTime: '2026-10-05T12:00:00Z' },
  // Long after any file was written.
  {
    sessionId: 'd0futur0',
    first: '9999-01-01T00:00:00.000Z',
    last: '9999-01-01T01:00:00.000Z',
    fileTime: '2026-10-03T12:00:00Z',
  },
  {
    sessionId: 'e0plain0',
    first: '2026-10-08T09:00:00.000Z',
    last: '2026-10-08T09:30:00.000Z',
    fileTime: '2026-10-08T09:31:00Z',
  },
];

/** Real transcripts whose timestamps are the given text, their files dated `fileTime`. */
function writeProjects(): string {
  const root = tempDir('retrospect-scan-dates-');
  const folder = join(root, '-home-dev-shop');
  mkdirSync(folder);
  for (const s of SESSIONS) {
    const t = new TranscriptBuilder(`${s.sessionId}-2222-4333-8444-555555555555`);
    t.user('add a search box to the product list');
    t.assistant('Added the search box and its test.');
    t.user('thanks');
    const lines = t.lines.map((line, i) =>
      JSON.stringify({ ...JSON.parse(line), timestamp: i === 0 ? s.first : s.last }),
    );
    const path = join(folder, `${t.sessionId}.jsonl`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    const time = new Date(s.fileTime);
    utimesSync(path, time, time);
  }
  return root;
}

interface JsonLine {
  sessionId: string;
  start: string | null;
  end: string | null;
  startedAt: string;
  endedAt: string;
  startFromFile: boolean;
}

describe('retrospect scan dates', () => {
  const root = writeProjects();
  const env = {
    HOME: root,
    RETROSPECT_DATA_DIR: join(root, 'data'),
    CLAUDE_CONFIG_DIR: join(root, '.claude'),
  };
  const scanJson = async (...args: string[]): Promise<JsonLine[]> => {
    const run = await runCli(['scan', root, '--store', join(root, 'store.sqlite'), '--json', ...args], {
      env,
    });
    expect(run.code).toBe(0);
    return run.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as JsonLine);
  };
  const ids = async (...args: string[]) =>
    (await scanJson(...args)).map((r) => r.sessionId.slice(0, 8)).sort();

  it('compares --since and --until with instants, not with the transcript text', async () => {
    expect(await ids('--until', '2026-09-30')).toEqual(['a0ffset0']);
    expect(await ids('--since', '2026-10-01')).toEqual(['b0words0', 'c0loose0', 'd0futur0', 'e0plain0']);
    expect(await ids('--since', '2026-10-04', '--until', '2026-10-09')).toEqual(['c0loose0', 'e0plain0']);
    expect(await ids('--since', '2026-10-11')).toEqual([]);
    expect(await ids('--until', '2026-10-01T01:00:00+02:00')).toEqual(['a0ffset0']);
  });

  it('--json keeps the raw timestamps under start and end, and adds the instants the filters compare', async () => {
    const byId = Object.fromEntries((await scanJson()).map((r) => [r.sessionId.slice(0, 8), r]));
    expect(byId.a0ffset0).toMatchObject({
      start: '2026-10-01T01:00:00+02:00',
      end: '2026-10-01T01:30:00+02:00',
      startedAt: '2026-09-30T23:00:00.000Z',
      endedAt: '2026-09-30T23:30:00.000Z',
      startFromFile: false,
    });
    expect(byId.b0words0).toMatchObject({
      start: 'yesterday',
      end: 'yesterday',
      startedAt: '2026-10-10T12:00:00.000Z',
      endedAt: '2026-10-10T12:00:00.000Z',
      startFromFile: true,
    });
    expect(byId.c0loose0).toMatchObject({
      start: '2026-7-1 9:00',
      startedAt: '2026-10-05T12:00:00.000Z',
      startFromFile: true,
    });
    expect(byId.d0futur0).toMatchObject({
      start: '9999-01-01T00:00:00.000Z',
      startedAt: '2026-10-03T12:00:00.000Z',
      endedAt: '2026-10-03T12:00:00.000Z',
      startFromFile: true,
    });
    expect(byId.e0plain0).toMatchObject({ startedAt: '2026-10-08T09:00:00.000Z', startFromFile: false });
  });

  it("shows the table's start in UTC, marked where the file time stood in", async () => {
    const run = await runCli(['scan', root, '--store', join(root, 'store.sqlite')], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/a0ffset0 +2026-09-30 23:00 /);
    expect(run.stdout).toMatch(/b0words0 +2026-10-10 12:00 \(file time\) /);
    expect(run.stdout).toMatch(/d0futur0 +2026-10-03 12:00 \(file time\) /);
    expect(run.stdout).toMatch(/e0plain0 +2026-10-08 09:00 /);
    expect(run.stdout).not.toContain('9999');
  });
});
