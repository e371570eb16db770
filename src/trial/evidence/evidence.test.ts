import { describe, expect, it } from 'vitest';
import { gateSession } from '../../gate/index.js';
import { generatedSessionLines } from '../../test-support/generated-session.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { readSessionEvidence, uncappedFriction } from './read.js';
import { ruleMechanism } from './rule-mechanism.js';

function findings(build: (t: TranscriptBuilder) => void) {
  const t = new TranscriptBuilder();
  t.user('Fix the failing checkout test');
  build(t);
  return readSessionEvidence(t.write())?.findings.map((f) => [f.mechanism, f.excerpt]);
}

describe('mechanical findings', () => {
  it('a failing command run again unchanged, but not after an edit', () => {
    const found = findings((t) => {
      t.tool('Bash', { command: 'npm   test' });
      t.result('1 failing', true);
      t.tool('Bash', { command: 'npm test' });
      t.result('1 failing', true);
      t.tool('Read', { file_path: '/src/cart.ts' });
      t.result('export const total = 1;');
      t.tool('Edit', { file_path: '/src/cart.ts', old_string: '1', new_string: '2' });
      t.result('ok');
      t.tool('Bash', { command: 'npm test' });
      t.result('all passing');
      t.tool('Bash', { command: 'npm test' });
      t.result('all passing');
    });
    expect(found).toEqual([['repeated-failing-command', 'npm test']]);
  });

  it('an edit of a file the session never read or wrote', () => {
    const found = findings((t) => {
      t.tool('Write', { file_path: '/src/new.ts', content: 'x' });
      t.result('ok');
      t.tool('Edit', { file_path: '/src/new.ts', old_string: 'x', new_string: 'y' });
      t.result('ok');
      t.tool('Edit', { file_path: '/src/old.ts', old_string: 'a', new_string: 'b' });
      t.result('File has not been read yet. Read it first before writing to it.', true);
      t.tool('Read', { file_path: '/src/old.ts' });
      t.result('a');
      t.tool('Edit', { file_path: '/src/old.ts', old_string: 'a', new_string: 'b' });
      t.result('ok');
    });
    expect(found).toEqual([['edit-without-read', '/src/old.ts']]);
  });

  it('a success claim after edits no check has run on since', () => {
    const found = findings((t) => {
      t.assistant('The tests are passing on main.');
      t.tool('Read', { file_path: '/src/cart.ts' });
      t.result('a');
      t.tool('Edit', { file_path: '/src/cart.ts', old_string: 'a', new_string: 'b' });
      t.result('ok');
      t.assistant('Done: the bug is fixed and all tests pass.');
      t.tool('Bash', { command: 'npx vitest run src/cart' });
      t.result('Tests 4 passed');
      t.assistant('Verified: all tests pass.');
    });
    expect(found).toEqual([['unverified-success-claim', 'is fixed']]);
  });
});

describe('readSessionEvidence', () => {
  it('counts turns and the gate hits without the caps, matching the gate where caps do not bite', async () => {
    const t = new TranscriptBuilder();
    t.user('Please add a retry to the upload');
    for (let i = 0; i < 5; i++) {
      t.assistant('Let me try again with a smaller chunk.');
      t.user("no that's wrong, stop");
    }
    const path = t.write();
    const evidence = readSessionEvidence(path, 'seed');
    const gate = await gateSession(path, { ledgerPath: null, profile: 'seed' });
    expect(evidence?.turns).toBe(11);
    expect(evidence?.hits.S4).toBe(5);
    expect(gate.verdict.signals.find((s) => s.name === 'S4')?.count).toBe(3);
    // `no that's`, `wrong` and `stop`: three rejections a message, five messages; the gate caps S1 at 3.
    expect(evidence?.hits.S1).toBe(15);
    expect(evidence?.friction).toBe(uncappedFriction(evidence!.hits, 'seed'));
    expect(evidence?.friction).toBe(3 * 15 + 1.5 * 5);
    expect(evidence?.anchors.S1).toHaveLength(3);
  });

  it('agrees with the gate on a generated session whose caps do not bite', async () => {
    const t = new TranscriptBuilder();
    for (const line of generatedSessionLines({
      seed: 7,
      turns: 40,
      friction: 0.02,
      mtimeSecs: 1_780_000_000,
    }))
      t.raw(line);
    const path = t.write();
    for (const profile of ['seed', 'calibrated'] as const) {
      const gate = await gateSession(path, { ledgerPath: null, profile });
      const evidence = readSessionEvidence(path, profile);
      const capped = Object.fromEntries(gate.verdict.signals.map((s) => [s.name, s.count]));
      for (const [name, count] of Object.entries(capped))
        expect(evidence?.hits[name as 'S1']).toBeGreaterThanOrEqual(count);
      if (gate.verdict.signals.every((s) => s.count < 3)) expect(evidence?.friction).toBe(gate.verdict.score);
    }
  });

  it('is undefined for a missing file', () => {
    expect(readSessionEvidence('/no/such/session.jsonl')).toBeUndefined();
  });
});

describe('ruleMechanism', () => {
  it('reads the mechanical pattern a rule names, and nothing else', () => {
    expect(ruleMechanism('Read the error output before running a failing command again')).toBe(
      'repeated-failing-command',
    );
    expect(ruleMechanism('Never retry the same command after it fails without a change')).toBe(
      'repeated-failing-command',
    );
    expect(ruleMechanism('Read a file in this session before editing it')).toBe('edit-without-read');
    expect(ruleMechanism('Run the full test suite before declaring a change done')).toBe(
      'unverified-success-claim',
    );
    expect(ruleMechanism('Ask before deleting tests')).toBeUndefined();
    expect(ruleMechanism('Keep commits small')).toBeUndefined();
    expect(ruleMechanism('Prefer small PRs', 'agent claimed success without running tests before it')).toBe(
      'unverified-success-claim',
    );
  });
});

describe('successClaim', () => {
  it('finds claims, not headings, plans or descriptions', async () => {
    const { successClaim } = await import('./mechanical.js');
    expect(successClaim('All 69 tests passing. Now the docs.')).toBe('All 69 tests passing');
    expect(successClaim('Perfect! The script is now working with the new folders.')).toBe('is now working');
    expect(successClaim("I've successfully fixed the layout issues.")).toBe('successfully fixed');
    expect(successClaim('### How It Works\n1. The form opens')).toBeUndefined();
    expect(successClaim('**How it works now:** the user logs in')).toBeUndefined();
    expect(successClaim('Run the test now to see if this works.')).toBeUndefined();
    expect(successClaim('Now clear the cache and verify everything works:')).toBeUndefined();
    expect(successClaim('Now it works like this: pass 1 reads the file')).toBeUndefined();
  });
});
