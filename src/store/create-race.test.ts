import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { openStore } from './open.js';
import { MIGRATIONS } from './schema.js';

const PROCESSES = 6;
const ROUNDS = 12;

// Each process waits for a common start instant, then opens (creates) the store and writes one row: the
// first creations really overlap in time, as six hooks or scans started together do.
const OPENER = `
  import { openStore } from ${JSON.stringify(join(REPO_ROOT, 'dist', 'store', 'open.js'))};
  const [path, at, n] = process.argv.slice(1);
  while (Date.now() < Number(at)) {}
  try {
    const store = openStore(path);
    store.setMeta('writer-' + n, 'yes');
    store.close();
  } catch (error) {
    console.error(error.stack);
    process.exit(1);
  }
`;

function open(path: string, at: number, n: number): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', OPENER, path, String(at), String(n)]);
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe('creating one new store from several processes at once', () => {
  it(`never fails (${PROCESSES} processes x ${ROUNDS} new stores), and every store ends complete`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const path = join(tempDir('retrospect-store-race-'), 'data', 'store.sqlite');
      const at = Date.now() + 400;
      const runs = await Promise.all(Array.from({ length: PROCESSES }, (_, n) => open(path, at, n)));
      for (const run of runs) if (run.code !== 0) failures.push(run.stderr.trim());
      expect(failures).toEqual([]);
      const store = openStore(path);
      expect(store.schemaVersion()).toBe(MIGRATIONS.length);
      for (let n = 0; n < PROCESSES; n++) expect(store.getMeta(`writer-${n}`)).toBe('yes');
      store.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
