import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../sqlite/index.js';
import { BIN, REPO_ROOT, runCli } from '../../test-support/cli.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';

const PROJECTS = 4;
const PER_PROJECT = 150;
const TOTAL = PROJECTS * PER_PROJECT;

/** Rows in the store so far, read the way another process would (read-only, while the scan writes). */
function storedRows(path: string): number {
  if (!existsSync(path)) return 0;
  try {
    const db = openSqlite(path, { readOnly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return 0; // created but not migrated yet
  }
}

describe('a scan killed midway', () => {
  it('keeps the verdicts it had saved, and the next scan reads only the rest', async () => {
    const base = tempDir('retrospect-scan-resume-');
    const root = join(base, 'projects');
    for (let p = 0; p < PROJECTS; p++) {
      const folder = join(root, `-home-dev-project-${p}`);
      mkdirSync(folder, { recursive: true });
      for (let i = 0; i < PER_PROJECT; i++)
        writeSessionFile(folder, { rejections: i % 3, longExchanges: 20 });
    }
    const store = join(base, 'store.sqlite');
    const env = { ...process.env, HOME: base, RETROSPECT_DATA_DIR: join(base, 'data') };
    const child = spawn(process.execPath, [BIN, 'scan', root, '--store', store, '--jobs', '1'], {
      cwd: REPO_ROOT,
      env,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Kill it (no chance to clean up) as soon as its first verdicts are saved.
    let saved = 0;
    for (const started = Date.now(); saved === 0 && Date.now() - started < 60_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      saved = storedRows(store);
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const kept = storedRows(store);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(TOTAL);

    const rescan = await runCli(['scan', root, '--store', store, '--jobs', '1'], { env });
    expect(rescan.code).toBe(0);
    expect(rescan.stdout).toMatch(new RegExp(`read ${TOTAL - kept} files \\(.* MB\\), ${kept} unchanged`));
    expect(storedRows(store)).toBe(TOTAL);
  }, 120_000);
});
