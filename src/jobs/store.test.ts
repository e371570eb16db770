import { appendFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { startJob } from './run.js';
import { findJob, jobStorePath, outputDigest, recordJob } from './store.js';

/** A data folder of its own for each test. */
function tempDataDir(): string {
  return tempDir('retrospect-jobs-');
}

const run = {
  command: 'walk HEAD~2..HEAD',
  started_at: '2026-11-02T10:00:00.000Z',
  finished_at: '2026-11-02T10:00:01.250Z',
  exit_status: 0,
  output_digest: outputDigest('# Retrospective Walk\n'),
};

describe('job store', () => {
  it('appends records as JSON lines under the data dir and finds them by id', async () => {
    const dataDir = tempDataDir();
    const first = recordJob(run, dataDir);
    const second = recordJob(
      { ...run, command: 'deep-read s1.jsonl', exit_status: 3, output_digest: null },
      dataDir,
    );
    expect(first.id).toMatch(/^job_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(second.id > first.id).toBe(true);
    const rows = readFileSync(jobStorePath(dataDir), 'utf8').trim().split('\n');
    expect(rows.map((r) => JSON.parse(r).id)).toEqual([first.id, second.id]);
    expect(await findJob(second.id, dataDir)).toEqual(second);
    expect(await findJob(first.id, dataDir)).toEqual({ id: first.id, ...run });
  });

  it('skips torn and malformed rows and reports unknown ids as undefined', async () => {
    const dataDir = tempDataDir();
    const kept = recordJob(run, dataDir);
    appendFileSync(jobStorePath(dataDir), `{"id":"${kept.id}","command":""}\n{"id":"job_tor`);
    expect(await findJob(kept.id, dataDir)).toEqual(kept);
    expect(await findJob('job_01ARYZ6S41TSV4RRFFQ69G5FAV', dataDir)).toBeUndefined();
    expect(await findJob(kept.id, tempDataDir())).toBeUndefined();
  });

  it('refuses a record with an invented digest shape', () => {
    expect(() => recordJob({ ...run, output_digest: 'abc' }, tempDataDir())).toThrow();
  });
});

describe('startJob', () => {
  it('times a run and records its exit status and output digest when it finishes', async () => {
    const dataDir = tempDataDir();
    const clock = [new Date('2026-11-02T10:00:00Z'), new Date('2026-11-02T10:00:02Z')];
    const run = startJob('walk HEAD~1..HEAD', dataDir, () => clock.shift() ?? new Date(0));
    const record = run.finish(0, 'markdown');
    expect(record).toMatchObject({
      command: 'walk HEAD~1..HEAD',
      started_at: '2026-11-02T10:00:00.000Z',
      finished_at: '2026-11-02T10:00:02.000Z',
      exit_status: 0,
      output_digest: outputDigest('markdown'),
    });
    expect(await findJob(record.id, dataDir)).toEqual(record);
  });
});
