import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';
import { MAX_WALK_COMMITS } from './commits.js';
import { BIG_FILE_BYTES, LineSplitter, MAX_DIFF_LINE_BYTES } from './git-run.js';

describe('the walk, bounded', () => {
  it('cuts a diff line over the cap to its head as it streams, in linear time, and counts it', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const piece = Buffer.alloc(64 * 1024, 'é'.repeat(10));
    const started = Date.now();
    splitter.push(Buffer.from('+short\n+'));
    for (let i = 0; i < 1600; i++) splitter.push(piece); // a 100 MB line
    splitter.push(Buffer.from('\n+after'));
    splitter.end();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines.map((line) => line.length)).toEqual([6, expect.any(Number), 6]);
    expect(Buffer.byteLength(lines[1] ?? '')).toBeLessThanOrEqual(MAX_DIFF_LINE_BYTES);
    expect(Buffer.byteLength(lines[1] ?? '')).toBeGreaterThan(MAX_DIFF_LINE_BYTES - 4);
    expect(lines[1]).not.toContain('\uFFFD');
    expect(splitter.cutLines).toBe(1);
  });

  it(`walks only the newest ${MAX_WALK_COMMITS} commits of a longer range, and says so`, async () => {
    const repo = createTestRepo();
    const count = MAX_WALK_COMMITS + 5;
    const stream = join(tempDir('retrospect-walk-many-'), 'commits.fi');
    const fd = openSync(stream, 'w');
    for (let i = 1; i <= count; i++) {
      const message = `change ${i}\n`;
      const content = `line ${i}\n`;
      writeSync(
        fd,
        `commit refs/heads/long\ncommitter Ada <ada@example.com> ${1_700_000_000 + i} +0000\ndata ${message.length}\n${message}M 644 inline f${i % 10}.txt\ndata ${content.length}\n${content}\n`,
      );
    }
    closeSync(fd);
    execFileSync('sh', ['-c', `git fast-import --quiet < '${stream}'`], { cwd: repo.dir });
    const first = execFileSync('git', ['rev-list', '--max-parents=0', 'long'], {
      cwd: repo.dir,
      encoding: 'utf8',
    }).trim();
    const { document, warnings } = await walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env: { ...process.env, RETROSPECT_DATA_DIR: tempDir('retrospect-walk-many-data-') },
      sessionDirs: [tempDir('retrospect-walk-many-sessions-')],
      target: `${first}..long`,
    });
    expect(
      warnings.some((w) =>
        w.includes(`only its newest ${MAX_WALK_COMMITS.toLocaleString('en-US')} are walked`),
      ),
    ).toBe(true);
    expect(JSON.stringify(document)).toContain('change 2005');
    expect(JSON.stringify(document)).not.toContain('"change 5"');
  }, 60_000);

  it('walks a file over the big-file size as binary: named, its lines never read', async () => {
    const repo = createTestRepo();
    const base = repo.commit('start', { 'README.md': '# x\n' });
    const big = join(repo.dir, 'one-line.txt');
    writeFileSync(big, 'word '.repeat(Math.ceil((BIG_FILE_BYTES + 1024) / 5)));
    repo.git('add', 'one-line.txt');
    repo.git('commit', '-q', '-m', 'add a long one-line text');
    const { document } = await walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env: { ...process.env, RETROSPECT_DATA_DIR: tempDir('retrospect-walk-big-data-') },
      sessionDirs: [tempDir('retrospect-walk-big-sessions-')],
      target: `${base}..HEAD`,
    });
    const text = JSON.stringify(document);
    expect(text).toContain('one-line.txt');
    expect(text).not.toContain('word word word');
  }, 60_000);
});
