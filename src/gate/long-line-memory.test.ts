import { closeSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';

/** Writes a session whose second line is one user text of about `mb` MB of push-back. */
function sessionWithHugeLine(mb: number): string {
  const path = join(tempDir('retrospect-huge-line-'), 'huge.jsonl');
  const fd = openSync(path, 'w');
  try {
    const answer = {
      type: 'assistant',
      uuid: 'a0',
      sessionId: 'huge',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'I checked the cart code. '.repeat(30) }],
      },
    };
    writeSync(fd, `${JSON.stringify(answer)}\n`);
    writeSync(fd, '{"type":"user","uuid":"u1","sessionId":"huge","message":{"role":"user","content":"');
    const block = Buffer.from("no that's wrong ".repeat(65_536)); // 1 MiB
    for (let i = 0; i < mb; i++) writeSync(fd, block);
    writeSync(fd, '"}}\n');
  } finally {
    closeSync(fd);
  }
  return path;
}

describe('gate on a line too long to hold', () => {
  it('reads a 40 MB line of push-back within a 32 MB heap, with the verdict of a full parse', async () => {
    // A full parse holds the line as a string (and its parsed copy): over 32 MB of heap, the process dies.
    const path = sessionWithHugeLine(40);
    const run = await runCli(['gate', '--profile', 'seed', path], {
      env: { NODE_OPTIONS: '--max-old-space-size=32', FRICTION_LEDGER: join(tmpdir(), 'none.jsonl') },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      score: 9,
      passed: true,
      threshold: 5,
      signals: [{ name: 'S1', count: 3, ids: ['u1', 'u1', 'u1'] }],
    });
  });

  it('under the calibrated profile too (the default): the same bound, the verdict of a full parse', async () => {
    // The calibrated profile reads the correction in the turn's opening, an outright rejection of the agent's
    // work that counts twice: two S1 hits on the one turn, as a full parse gives.
    const path = sessionWithHugeLine(40);
    const run = await runCli(['gate', '--profile', 'calibrated', path], {
      env: { NODE_OPTIONS: '--max-old-space-size=32', FRICTION_LEDGER: join(tmpdir(), 'none.jsonl') },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      score: 6,
      passed: true,
      threshold: 5,
      signals: [{ name: 'S1', count: 2, ids: ['u1', 'u1'] }],
      profile: 'calibrated',
    });
  });
});
