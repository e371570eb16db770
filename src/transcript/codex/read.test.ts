import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTS_HOME } from '../../test-support/hosts.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { parsePatch } from '../apply-patch.js';
import { isHumanTurn } from '../messages.js';
import { codexAdapter } from './adapter.js';
import { outcomeOfOutput } from './failure.js';
import { codexTypedText } from './human.js';
import { codexParentLookup } from './layout.js';
import { readCodexSession } from './read.js';

const SESSIONS = join(HOSTS_HOME, '.codex', 'sessions');
const V39 = join(
  SESSIONS,
  '2025/09/24/rollout-2025-09-24T11-10-00-01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6.jsonl',
);
const V77 = join(
  SESSIONS,
  '2025/12/20/rollout-2025-12-20T15-00-00-019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff.jsonl',
);
const V146 = join(
  SESSIONS,
  '2026/08/06/rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
);
const FORK = join(
  SESSIONS,
  '2025/12/21/rollout-2025-12-21T10-00-00-019b40aa-0000-7111-8222-333344445555.jsonl',
);
const SUBAGENT = join(
  SESSIONS,
  '2026/08/06/rollout-2026-08-06T09-40-30-019fd609-bbbb-7ccc-8ddd-eeeeffff0001.jsonl',
);

function read(path: string) {
  return readCodexSession(path, codexParentLookup(path));
}

function humans(path: string): string[] {
  return read(path)
    .messages.filter(isHumanTurn)
    .map((m) => m.text);
}

function failures(path: string): string[] {
  return read(path)
    .messages.flatMap((m) => m.toolOutputs)
    .filter((o) => o.isError && !o.refused)
    .map((o) => o.toolUseId);
}

describe('Codex rollouts', () => {
  it("reads a person's turns from the user_message events, without Codex's context and the IDE wrapper", () => {
    expect(humans(V39)).toEqual([
      'the cart total ignores the discount, fix it',
      'no, the discount must apply before tax',
    ]);
    // AGENTS.md, the environment and the /init expansion are Codex's.
    expect(humans(V77)).toEqual(['also run the linter and fix what it finds']);
    // An aborted turn's notice is Codex's; the redirect after it is the person's.
    expect(humans(V146)).toEqual([
      'the integration tests hang on CI, find out why',
      'export handle from setup.ts',
    ]);
    // Early Rust rollouts have no events: the user message items are read.
    expect(
      humans(
        join(SESSIONS, '2025/08/21/rollout-2025-08-21T10-00-00-c0ffee00-1111-4222-8333-444455556666.jsonl'),
      ),
    ).toEqual(['add a --verbose flag to the CLI']);
  });

  it('finds failures from exit codes in every output generation', () => {
    // legacy {"output", "metadata": {"exit_code"}} of the shell tool
    expect(failures(V39)).toEqual(['call_39a', 'call_39b']);
    // `Exit code: N` headers of shell_command
    expect(failures(V77)).toEqual(['call_77c', 'call_77d']);
    // unified exec: the running command ends with exit 130 (exec_command_end), a later one exits 1; the
    // write_stdin answer that repeats the 130 is not a second failure, and the stopped run is a refusal.
    const session = read(V146);
    expect(failures(V146)).toEqual(['call_x1', 'call_x6']);
    const stopped = session.messages.flatMap((m) => m.toolOutputs).find((o) => o.toolUseId === 'call_x7');
    expect(stopped).toMatchObject({ isError: true, refused: true });
    expect(session.facts.session?.turns).toEqual({ human: 2, assistant: 2, toolErrors: 2 });
  });

  it('attributes a running process’s exit code, reported by a later write_stdin, to the command that started it', () => {
    const dir = tempDir('retrospect-codex-');
    const path = join(dir, 'rollout-2026-01-01T00-00-00-019b0000-0000-7000-8000-000000000001.jsonl');
    const line = (payload: unknown) =>
      JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'response_item', payload });
    writeFileSync(
      path,
      [
        JSON.stringify({
          timestamp: '2026-01-01T00:00:00Z',
          type: 'session_meta',
          payload: { id: 'x', cwd: '/w' },
        }),
        line({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"make"}', call_id: 'c1' }),
        line({
          type: 'function_call_output',
          call_id: 'c1',
          output: 'Chunk ID: 1\nProcess running with session ID 7\nOutput:\n',
        }),
        line({
          type: 'function_call',
          name: 'write_stdin',
          arguments: '{"session_id":7,"chars":""}',
          call_id: 'c2',
        }),
        line({
          type: 'function_call_output',
          call_id: 'c2',
          output: 'Chunk ID: 2\nProcess exited with code 2\nOutput:\nmake: *** [all] Error 2\n',
        }),
      ].join('\n'),
    );
    const outputs = read(path).messages.flatMap((m) => m.toolOutputs);
    expect(outputs).toEqual([{ toolUseId: 'c1', isError: true, text: expect.stringContaining('Error 2') }]);
  });

  it('splits an apply_patch into one edit per file, a whole new file counting as a Write', () => {
    const edits = read(V146).messages.flatMap((m) => m.edits ?? []);
    expect(edits).toEqual([
      { tool: 'apply_patch', path: 'test/integration/setup.ts' },
      { tool: 'apply_patch', path: 'test/integration/teardown.ts' },
      { tool: 'Write', path: 'test/integration/port.ts' },
    ]);
    expect(
      read(V77)
        .messages.flatMap((m) => m.edits ?? [])
        .map((e) => e.path),
    ).toEqual(['AGENTS.md', 'src/tax.ts', 'src/cart.ts']);
  });

  it("skips the parent's history a fork replays, and gives a sub-agent's prompt to its parent agent", () => {
    const fork = read(FORK);
    expect(fork.messages.filter(isHumanTurn).map((m) => m.text)).toEqual([
      'now write a changelog entry for the lint fixes',
    ]);
    expect(fork.facts.session).toMatchObject({
      turns: { human: 1, assistant: 1, toolErrors: 0 },
      parentSessionId: '019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff',
    });
    // Without the parent's file, the copy is told by its time: written at the fork's creation.
    const alone = tempDir('retrospect-codex-fork-');
    copyFileSync(FORK, join(alone, 'rollout-fork.jsonl'));
    expect(readCodexSession(join(alone, 'rollout-fork.jsonl')).facts.session?.turns.human).toBe(1);
    const sub = read(SUBAGENT);
    expect(sub.facts.session).toMatchObject({
      subagent: true,
      parentSessionId: '019fd608-aaaa-7bbb-8ccc-123456789abc',
      turns: { human: 0 },
    });
  });

  it('reads a .jsonl.zst rollout as its plain text, and the TypeScript CLI’s JSON', () => {
    const plain = codexAdapter.readEvents(V146, () => {});
    const events: unknown[] = [];
    const compressed = codexAdapter.readEvents(`${V146}.zst`, (e) => events.push(e));
    expect(compressed).toEqual(plain);
    expect(events.length).toBeGreaterThan(10);
    const ts = read(join(SESSIONS, 'rollout-2025-04-20-1e2d3c4b-5a69-4788-9766-554433221100.json'));
    expect(ts.facts.sessionId).toBe('1e2d3c4b-5a69-4788-9766-554433221100');
    expect(ts.facts.session?.turns).toEqual({ human: 1, assistant: 1, toolErrors: 1 });
  });

  it('counts record kinds it does not know and torn lines, and goes on', () => {
    const session = read(V146);
    expect(session.facts.session?.unknownRecords).toBe(1);
    const dir = tempDir('retrospect-codex-');
    const path = join(dir, 'rollout-torn.jsonl');
    writeFileSync(
      path,
      `${JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 'x' } })}\n{"timestamp":"t","ty`,
    );
    expect(read(path).facts.session?.unreadableLines).toBe(1);
  });

  it('names the session, its folder and its time span', () => {
    const { facts } = read(V39);
    expect(facts).toMatchObject({
      sessionId: '01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6',
      firstTimestamp: '2025-09-24T09:10:00.100Z',
      lastTimestamp: '2025-09-24T09:11:05.000Z',
      session: { cwd: '/home/ada/shop' },
    });
  });
});

describe('Codex rules', () => {
  it('tells the person’s text from Codex’s envelopes', () => {
    expect(codexTypedText('<environment_context>\n  <cwd>/w</cwd>\n</environment_context>')).toBeUndefined();
    expect(
      codexTypedText('<skill>\nreview\n</skill>\n<recommended_plugins>x</recommended_plugins>'),
    ).toBeUndefined();
    expect(
      codexTypedText('# Files mentioned by the user:\n\n## a.ts\n\n## My request for Codex:\nrename it'),
    ).toBe('rename it');
    expect(codexTypedText("Review the code changes against the base branch 'main'.")).toBeUndefined();
    expect(codexTypedText('<div> in the header looks wrong')).toBe('<div> in the header looks wrong');
  });

  it('reads exit codes from each output shape', () => {
    expect(outcomeOfOutput('{"output":"x","metadata":{"exit_code":3,"duration_seconds":1}}')).toEqual({
      kind: 'exit',
      code: 3,
    });
    expect(outcomeOfOutput('Exit code: 0\nWall time: 1 seconds\nOutput:\nok')).toEqual({
      kind: 'exit',
      code: 0,
    });
    expect(outcomeOfOutput('Chunk ID: a\nWall time: 1\nProcess exited with code 127\nOutput:\n')).toEqual({
      kind: 'exit',
      code: 127,
    });
    expect(outcomeOfOutput('Chunk ID: a\nProcess running with session ID 42\n')).toEqual({
      kind: 'running',
      session: '42',
    });
    expect(outcomeOfOutput('apply_patch verification failed: Failed to find expected lines')).toEqual({
      kind: 'failed',
    });
    expect(outcomeOfOutput('Wall time: 3.0 seconds\naborted by user')).toEqual({ kind: 'aborted' });
    expect(outcomeOfOutput('Plan updated')).toEqual({ kind: 'unknown' });
    // An exit code printed by the command itself is not the header.
    expect(outcomeOfOutput('Output:\nthe tool said: Exit code: 1 is fine')).toEqual({ kind: 'unknown' });
  });

  it('parses a multi-file patch with moves and deletions', () => {
    const files = parsePatch(
      '*** Begin Patch\n*** Update File: a.ts\n*** Move to: b.ts\n@@ fn\n ctx\n-old\n+new\n*** Delete File: c.ts\n*** Add File: d.ts\n+one\n+two\n*** End Patch',
    );
    expect(files).toEqual([
      { path: 'a.ts', op: 'update', moveTo: 'b.ts', hunks: [{ before: 'ctx\nold', after: 'ctx\nnew' }] },
      { path: 'c.ts', op: 'delete', hunks: [] },
      { path: 'd.ts', op: 'add', hunks: [{ before: '', after: 'one\ntwo' }] },
    ]);
  });
});
