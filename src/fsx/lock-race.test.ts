import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';

// The processes import the built module, so these tests need `npm run build` first (`npm test` does it).
const LOCK_MODULE = JSON.stringify(join(REPO_ROOT, 'dist', 'fsx', 'lock.js'));

/** Takes the lock of every target and exits without releasing: the locks are left by a dead holder. */
const abandoner = `
  import { acquireLockSync } from ${LOCK_MODULE};
  for (const target of process.argv.slice(1)) acquireLockSync(target);
`;

/**
 * For each target in turn, waits for the round's common start instant (so that the claims really collide),
 * then takes the target's lock (even ids block
 * synchronously, odd ids wait asynchronously), logs `enter` and `exit` around a short hold, and releases.
 */
const ROUND_MS = 60;
const contender = `
  const ROUND_MS = ${ROUND_MS};
  import { appendFileSync } from 'node:fs';
  import { acquireLock, acquireLockSync } from ${LOCK_MODULE};
  const [log, at, id, ...targets] = process.argv.slice(1);
  const options = { staleMs: 60_000, timeoutMs: 25_000, maxPollMs: 4 };
  const hold = new Int32Array(new SharedArrayBuffer(4));
  for (const [round, target] of targets.entries()) {
    while (Date.now() < Number(at) + round * ROUND_MS) {}
    const release = Number(id) % 2 === 0 ? acquireLockSync(target, options) : await acquireLock(target, options);
    appendFileSync(log, 'enter ' + round + ' ' + id + '\\n');
    Atomics.wait(hold, 0, 0, 1 + Math.random() * 2);
    appendFileSync(log, 'exit ' + round + ' ' + id + '\\n');
    release();
  }
`;

function runNode(script: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** Per round, the log must read enter/exit pairs of one process at a time: no two holders ever overlap. */
function overlaps(lines: string[], rounds: number): string[] {
  const problems: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let holder: string | undefined;
    for (const line of lines) {
      const [event, r, id] = line.split(' ');
      if (Number(r) !== round) continue;
      if (event === 'enter') {
        if (holder !== undefined)
          problems.push(`round ${round}: ${id} entered while ${holder} held the lock`);
        holder = id;
      } else {
        if (holder !== id) problems.push(`round ${round}: ${id} left but ${holder} was the holder`);
        holder = undefined;
      }
    }
  }
  return problems;
}

async function race(dir: string, targets: string[], processes: number): Promise<string[]> {
  const log = join(dir, 'holds.log');
  writeFileSync(log, '');
  const at = Date.now() + 1500;
  const runs = await Promise.all(
    Array.from({ length: processes }, (_, id) =>
      runNode(contender, [log, String(at), String(id), ...targets]),
    ),
  );
  for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('stale-lock takeover across processes', { tags: ['race'] }, () => {
  const PROCESSES = 8;
  const ROUNDS = 30;

  it('eight processes racing to take over locks left by a dead holder never hold one at once', async () => {
    const dir = tempDir('retrospect-lock-race-');
    const targets = Array.from({ length: ROUNDS }, (_, round) => join(dir, `file-${round}`));
    expect(await runNode(abandoner, targets)).toMatchObject({ code: 0 });
    await expectOneHolderAtATime(dir, targets);
  }, 60_000);

  it('the same holds for lock files left by an older release', async () => {
    const dir = tempDir('retrospect-lock-race-');
    const targets = Array.from({ length: ROUNDS }, (_, round) => join(dir, `file-${round}`));
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    for (const target of targets) writeFileSync(`${target}.lock`, `${dead.pid}\n${hostname()}\n`);
    await expectOneHolderAtATime(dir, targets);
  }, 60_000);

  async function expectOneHolderAtATime(dir: string, targets: string[]): Promise<void> {
    const lines = await race(dir, targets, PROCESSES);
    expect(overlaps(lines, ROUNDS)).toEqual([]);
    // Everybody got in, once per round, and every lock was released and tidied away.
    expect(lines.filter((line) => line.startsWith('enter '))).toHaveLength(PROCESSES * ROUNDS);
    expect(readdirSync(dir).sort()).toEqual(['holds.log']);
  }
});
