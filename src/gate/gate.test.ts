import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { LONG_ANSWER, TranscriptBuilder } from '../test-support/transcript.js';
import {
  formatVerdictJson,
  type GateOptions,
  type GateVerdict,
  gateSessionSync as gateWithProfile,
} from './index.js';
import { scoreHits, signalOf, withSignal } from './score.js';

/** These are the seed's suites: every verdict here is the seed profile's (RETRO_GATE_PROFILE=seed). */
function gateSessionSync(path: string | undefined, options: GateOptions = {}) {
  return gateWithProfile(path, { profile: 'seed', ...options });
}

const id = TranscriptBuilder.id;
const noLedger = { ledgerPath: null, env: {} } as const;

function gate(t: TranscriptBuilder, options: Parameters<typeof gateSessionSync>[1] = noLedger): GateVerdict {
  return gateSessionSync(t.write(), options).verdict;
}

function signal(verdict: GateVerdict, name: string) {
  return verdict.signals.find((s) => s.name === name);
}

describe('S1 explicit reject', () => {
  it('counts every match in real user text, capped at 3, with the message ids', () => {
    const t = new TranscriptBuilder();
    t.user('please add validation');
    t.assistant('Done.');
    const reject = t.user("no that's wrong, revert it");
    const verdict = gate(t);
    expect(signal(verdict, 'S1')).toEqual({ name: 'S1', count: 3, ids: [reject, reject, reject] });
    expect(verdict.score).toBe(9);
  });

  it('one reject does not trigger (3.0), two do (6.0)', () => {
    const one = new TranscriptBuilder();
    one.user('stop');
    expect(gate(one)).toMatchObject({ score: 3, passed: false });
    const two = new TranscriptBuilder();
    two.user('stop');
    two.user('nope');
    expect(gate(two)).toMatchObject({ score: 6, passed: true });
  });

  it('uses Unicode word boundaries and is case-insensitive', () => {
    const t = new TranscriptBuilder();
    t.user('éstop stopé _stop stop_ ²stop');
    expect(signal(gate(t), 'S1')).toBeUndefined();
    const u = new TranscriptBuilder();
    const hit = u.user('STOP! Why did you do that?');
    expect(signal(gate(u), 'S1')).toEqual({ name: 'S1', count: 2, ids: [hit, hit] });
  });

  it('skips meta turns, tool results, system notifications and continuation summaries', () => {
    const t = new TranscriptBuilder();
    t.meta('<command-name>/lint</command-name> Never stop. Do not revert. That is wrong.');
    t.user('<task-notification> the job was stopped, revert pending');
    t.user('This session is being continued from a previous conversation. The user said stop.');
    t.tool('Bash', { command: 'npm test' });
    t.result('stop: wrong revert undo');
    expect(gate(t).signals).toEqual([]);
  });
});

describe('S2 tool error run', () => {
  it('a run of two or more consecutive errors is one entry anchored at its first error', () => {
    const t = new TranscriptBuilder();
    t.tool('Edit', { file_path: '/src/a.ts', old_string: 'a', new_string: 'b' });
    const first = t.result('String to replace not found in file.', true);
    t.tool('Edit', { file_path: '/src/a.ts', old_string: 'a', new_string: 'b' });
    t.result('String to replace not found in file.', true);
    t.tool('Edit', { file_path: '/src/a.ts', old_string: 'a', new_string: 'b' });
    t.result('String to replace not found in file.', true);
    expect(signal(gate(t), 'S2')).toEqual({ name: 'S2', count: 1, ids: [first] });
  });

  it('a success or a real user turn resets the run; meta turns and assistant lines do not', () => {
    const reset = new TranscriptBuilder();
    reset.result('fail', true);
    reset.result('ok');
    reset.result('fail', true);
    reset.user('try the other file');
    reset.result('fail', true);
    expect(signal(gate(reset), 'S2')).toBeUndefined();

    const kept = new TranscriptBuilder();
    const first = kept.result('fail', true);
    kept.meta('<system-reminder>todo list updated</system-reminder>');
    kept.assistant('Let me look again.');
    kept.result('fail', true);
    expect(signal(gate(kept), 'S2')).toEqual({ name: 'S2', count: 1, ids: [first] });
  });

  it('counts several error blocks of one line and closes a run open at the end of the file', () => {
    const t = new TranscriptBuilder();
    t.user('go on');
    const line = t.nextId();
    t.raw(
      JSON.stringify({
        type: 'user',
        uuid: line,
        sessionId: t.sessionId,
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a', content: 'x', is_error: true },
            { type: 'tool_result', tool_use_id: 'b', content: 'y', is_error: 'false' },
          ],
        },
      }),
    );
    expect(signal(gate(t), 'S2')).toEqual({ name: 'S2', count: 1, ids: [line] });
  });

  it('reads is_error with Python truthiness', () => {
    const t = new TranscriptBuilder();
    for (const isError of [0, '', [], {}, null, false]) {
      t.raw(
        JSON.stringify({
          type: 'user',
          uuid: t.nextId(),
          message: { content: [{ type: 'tool_result', content: 'x', is_error: isError }] },
        }),
      );
    }
    expect(signal(gate(t), 'S2')).toBeUndefined();
  });
});

describe('S3 edit loop', () => {
  function edit(t: TranscriptBuilder, path: string, tool = 'Edit'): string {
    return tool === 'Write'
      ? t.tool('Write', { file_path: path, content: 'export {}\n' })
      : t.tool(tool, { file_path: path, old_string: 'a', new_string: 'b' });
  }

  it('pre-existing thrash: three edits of a file within 10 assistant turns score once, at the first edit', () => {
    const t = new TranscriptBuilder();
    const first = edit(t, '/src/cart.ts');
    t.result('ok');
    edit(t, '/src/cart.ts');
    t.result('ok');
    edit(t, '/src/cart.ts', 'MultiEdit');
    t.result('ok');
    edit(t, '/src/cart.ts');
    expect(signal(gate(t), 'S3')).toEqual({ name: 'S3', count: 1, ids: [first] });
  });

  it('skips windows spanning more than 10 assistant turns', () => {
    const t = new TranscriptBuilder();
    edit(t, '/src/a.ts');
    for (let i = 0; i < 5; i++) t.assistant('reading');
    const second = edit(t, '/src/a.ts');
    for (let i = 0; i < 5; i++) t.assistant('reading');
    edit(t, '/src/a.ts'); // window (0, 6, 12): span 12
    expect(signal(gate(t), 'S3')).toBeUndefined();
    edit(t, '/src/a.ts'); // window (6, 12, 13): span 7
    expect(signal(gate(t), 'S3')).toEqual({ name: 'S3', count: 1, ids: [second] });
  });

  it('clean draft-polish: a session-created file polished without errors or rejections is exempt', () => {
    const t = new TranscriptBuilder();
    edit(t, '/src/new.ts', 'Write');
    t.result('File created');
    edit(t, '/src/new.ts');
    t.result('ok');
    edit(t, '/src/new.ts');
    t.result('ok');
    edit(t, '/src/new.ts');
    expect(gate(t).signals).toEqual([]);
  });

  it('write-then-error: a tool error after the Write and within the window scores', () => {
    const t = new TranscriptBuilder();
    const write = edit(t, '/src/new.ts', 'Write');
    t.result('File created');
    edit(t, '/src/new.ts');
    t.result('String to replace not found in file.', true);
    edit(t, '/src/new.ts');
    expect(signal(gate(t), 'S3')).toEqual({ name: 'S3', count: 1, ids: [write] });
  });

  it('write-then-rejection: an S1 rejection after the Write and within the window scores', () => {
    const t = new TranscriptBuilder();
    const write = edit(t, '/src/new.ts', 'Write');
    t.user("that's not what I asked");
    edit(t, '/src/new.ts');
    edit(t, '/src/new.ts');
    expect(signal(gate(t), 'S3')).toEqual({ name: 'S3', count: 1, ids: [write] });
  });

  it('an error after the first passing window does not lift the exemption', () => {
    const t = new TranscriptBuilder();
    edit(t, '/src/new.ts', 'Write');
    edit(t, '/src/new.ts');
    edit(t, '/src/new.ts');
    t.result('boom', true);
    t.result('boom', true);
    edit(t, '/src/new.ts');
    expect(signal(gate(t), 'S3')).toBeUndefined();
    expect(signal(gate(t), 'S2')?.count).toBe(1);
  });

  it('scores one entry per file, in first-edit order; paths come from file_path, notebook_path or path', () => {
    const t = new TranscriptBuilder();
    const nb = t.tool('NotebookEdit', { notebook_path: '/nb/a.ipynb', new_source: 'x' });
    const p = t.tool('Edit', { path: '/src/b.ts' });
    for (let i = 0; i < 2; i++) {
      t.tool('NotebookEdit', { notebook_path: '/nb/a.ipynb', new_source: 'x' });
      t.tool('Edit', { file_path: '', path: '/src/b.ts' });
    }
    t.tool('Read', { file_path: '/src/c.ts' });
    expect(signal(gate(t), 'S3')).toEqual({ name: 'S3', count: 2, ids: [nb, p] });
  });
});

describe('S4 assistant retry and S5 terse follow-up', () => {
  it('S4 matches assistant text only (thinking dropped), capped at 3', () => {
    const t = new TranscriptBuilder();
    t.assistantBlocks([{ type: 'thinking', thinking: 'let me try again' }]);
    const a = t.assistant("That didn't work. Actually, let me check the imports. My mistake.");
    const b = t.assistant("Sorry, let me fix that. I'll try the other path.");
    t.user('let me try again');
    expect(signal(gate(t), 'S4')).toEqual({ name: 'S4', count: 3, ids: [a, a, a] });
    expect(gate(t).score).toBe(4.5);
    // The second message matches on its own: the cap, not the pattern, is what leaves it out above.
    expect(signal(gate(t), 'S4')?.ids).not.toContain(b);
    const alone = new TranscriptBuilder();
    const only = alone.assistant("Sorry, let me fix that. I'll try the other path.");
    expect(signal(gate(alone), 'S4')?.ids[0]).toBe(only);
  });

  it('S4 folds case as Python does, Kelvin sign and long s included', () => {
    const t = new TranscriptBuilder();
    const a = t.assistant("THAT DIDN'T WOR\u212a, my mi\u017ftake");
    t.assistant('I tried again and it worked; let us move on');
    expect(signal(gate(t), 'S4')).toEqual({ name: 'S4', count: 2, ids: [a, a] });
  });

  it('S5 fires on a short reply after a long answer, not on approvals, slash commands or after short answers', () => {
    const t = new TranscriptBuilder();
    t.assistant(LONG_ANSWER);
    const hmm = t.user('hmm');
    const really = t.user('really?');
    t.user('ok.');
    t.user('Fine!');
    t.user('  /compact');
    t.user('this has four words');
    t.assistant('Short.');
    t.user('hmm');
    expect(signal(gate(t), 'S5')).toEqual({ name: 'S5', count: 2, ids: [hmm, really] });
  });

  it('S5 counts code points, not UTF-16 units', () => {
    const t = new TranscriptBuilder();
    t.assistant('😀'.repeat(499));
    t.user('and?');
    expect(signal(gate(t), 'S5')).toBeUndefined();
    t.assistant('😀'.repeat(500));
    t.user('and?');
    expect(signal(gate(t), 'S5')?.count).toBe(1);
  });

  it('a tool-only assistant line sets the last length to 0', () => {
    const t = new TranscriptBuilder();
    t.assistant(LONG_ANSWER);
    t.tool('Read', { file_path: '/src/a.ts' });
    t.user('and?');
    expect(signal(gate(t), 'S5')).toBeUndefined();
  });
});

describe('ledger-covered S2 (hybrid)', () => {
  function ledgerWith(rows: unknown[]): string {
    const dir = tempDir('retrospect-ledger-');
    const path = join(dir, 'friction.jsonl');
    writeFileSync(path, rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
    return path;
  }

  function twoRuns(): TranscriptBuilder {
    const t = new TranscriptBuilder();
    t.result('fail', true);
    t.result('fail', true);
    t.user('try again please');
    t.result('fail', true);
    t.result('fail', true);
    return t;
  }

  const row = (session: string, ts: string, event = 'PostToolUseFailure') => ({
    ts,
    session_id: session,
    event,
    tool: 'Bash',
    path: '',
  });

  it('no ledger file: S2 from the transcript', () => {
    expect(signal(gate(twoRuns(), { ledgerPath: '/nonexistent/friction.jsonl', env: {} }), 'S2')?.count).toBe(
      2,
    );
  });

  it('ledger without rows for this session: S2 from the transcript', () => {
    const t = twoRuns();
    const ledger = ledgerWith([row('other-session', '2026-10-01T09:00:00Z'), row('x', 'y')]);
    expect(signal(gate(t, { ledgerPath: ledger, env: {} }), 'S2')?.count).toBe(2);
  });

  it('one row: covered, the run is too short, S2 is zero', () => {
    const t = twoRuns();
    const ledger = ledgerWith([row(t.sessionId, '2026-10-01T09:00:00Z')]);
    expect(signal(gate(t, { ledgerPath: ledger, env: {} }), 'S2')).toBeUndefined();
  });

  it('two or more rows: exactly one run with a synthetic id from the first row', () => {
    const t = new TranscriptBuilder();
    const ledger = ledgerWith([
      'not json',
      row(t.sessionId, '2026-10-01T09:00:00Z', 'PermissionDenied'),
      { session_id: t.sessionId, event: 5 },
      row('other', '2026-10-01T09:00:01Z'),
      row(t.sessionId, '2026-10-01T09:00:02Z'),
      row(t.sessionId, '2026-10-01T09:00:03Z', 'StopFailure'),
    ]);
    t.user('hello');
    expect(signal(gate(t, { ledgerPath: ledger, env: {} }), 'S2')).toEqual({
      name: 'S2',
      count: 1,
      ids: ['ledger:PermissionDenied:2026-10-01T09:00:00Z'],
    });
  });

  it('RETRO_FORCE_TRANSCRIPT_S2=1 ignores coverage', () => {
    const t = twoRuns();
    const ledger = ledgerWith([row(t.sessionId, 'a'), row(t.sessionId, 'b')]);
    const env = { RETRO_FORCE_TRANSCRIPT_S2: '1' };
    expect(signal(gate(t, { ledgerPath: ledger, env }), 'S2')?.count).toBe(2);
  });

  it('FRICTION_LEDGER selects the ledger; an unreadable ledger leaves the transcript S2', () => {
    const t = twoRuns();
    const ledger = ledgerWith([row(t.sessionId, 'a'), row(t.sessionId, 'b')]);
    expect(signal(gate(t, { env: { FRICTION_LEDGER: ledger } }), 'S2')?.ids).toEqual([
      'ledger:PostToolUseFailure:a',
    ]);
    const dir = tempDir('retrospect-ledger-');
    expect(signal(gate(t, { env: { FRICTION_LEDGER: dir } }), 'S2')?.count).toBe(2);
  });
});

describe('verdicts, thresholds and errors', () => {
  it('prints the seed output shape with Python-style numbers', () => {
    const t = new TranscriptBuilder();
    t.user('stop');
    t.user('stop');
    expect(formatVerdictJson(gate(t))).toBe(
      `{"score":6.0,"passed":true,"threshold":5.0,"signals":[{"name":"S1","count":2,"ids":["${id(1)}","${id(2)}"]}]}`,
    );
  });

  it('honours RETRO_THRESHOLD and an explicit threshold; an invalid value falls back with a warning', () => {
    const t = new TranscriptBuilder();
    t.user('stop');
    t.user('stop');
    const path = t.write();
    expect(
      gateSessionSync(path, { ledgerPath: null, env: { RETRO_THRESHOLD: '7.5' } }).verdict,
    ).toMatchObject({
      passed: false,
      threshold: 7.5,
    });
    expect(gateSessionSync(path, { ledgerPath: null, env: {}, threshold: '6' }).verdict.passed).toBe(true);
    const invalid = gateSessionSync(path, { ledgerPath: null, env: { RETRO_THRESHOLD: 'high' } });
    expect(invalid.verdict.threshold).toBe(5);
    expect(invalid.warnings[0]).toMatch(/invalid RETRO_THRESHOLD 'high'/);
  });

  it('answers missing path, missing file and empty file with verdicts, never throws', () => {
    expect(gateSessionSync(undefined, noLedger).verdict.error).toBe('missing jsonl path');
    expect(gateSessionSync('/nonexistent/x.jsonl', noLedger).verdict.error).toBe('file not found');
    const dir = tempDir('retrospect-empty-');
    writeFileSync(join(dir, 'e.jsonl'), '');
    const empty = gateSessionSync(join(dir, 'e.jsonl'), noLedger);
    expect(empty.verdict).toEqual({ score: 0, passed: false, threshold: 5, signals: [] });
    expect(empty.warnings).toEqual([]);
  });

  it('warns about schema drift when no known field appears in the first 50 lines', () => {
    const dir = tempDir('retrospect-drift-');
    const path = join(dir, 'drift.jsonl');
    writeFileSync(path, '{"kind":"human","body":"stop"}\n'.repeat(60));
    const result = gateSessionSync(path, noLedger);
    expect(result.warnings).toEqual([
      `retro-gate: no known JSONL fields seen in first 50 lines of ${path}; possible schema drift.`,
    ]);
    expect(result.sessionId).toBe('drift');
  });

  it('tolerates torn, blank, non-object and invalid UTF-8 lines, CRLF and lone CR, keeping physical line numbers', () => {
    const t = new TranscriptBuilder();
    t.raw('');
    t.raw('{"type":"user","message":{"content":"sto');
    t.raw('[1,2,3]');
    t.user('stop');
    const text = t.text('\r\n').replace('\r\n', '\r');
    const dir = tempDir('retrospect-torn-');
    const path = join(dir, 's.jsonl');
    const bytes = Buffer.concat([
      Buffer.from(text),
      Buffer.from('{"type":"user","message":{"content":"stop \xff"}}\n', 'latin1'),
    ]);
    writeFileSync(path, bytes);
    const result = gateSessionSync(path, noLedger);
    expect(result.lines).toBe(5);
    expect(signal(result.verdict, 'S1')).toEqual({ name: 'S1', count: 2, ids: [id(1), 'line:4'] });
  });
});

describe('rescoring one signal', () => {
  it('gives exactly what scoring the changed hits gives (S2 swapped for ledger runs, or dropped)', () => {
    const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    for (let seed = 0; seed < 200; seed += 1) {
      const n = (k: number) => (seed * (k + 7) * 2654435761) % (k + 5);
      const hits = {
        s1: ids('a', n(1)),
        s2: ids('b', n(2)),
        s3: ids('c', n(3)),
        s4: ids('d', n(4)),
        s5: ids('e', n(5)),
      };
      const s2 = ids('ledger:x:', n(6) % 3);
      const threshold = 1 + (seed % 9);
      const rescored = withSignal(scoreHits(hits, threshold), 'S2', signalOf('S2', s2), threshold);
      expect(rescored).toEqual(scoreHits({ ...hits, s2 }, threshold));
    }
  });
});
