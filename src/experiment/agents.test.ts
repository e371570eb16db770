import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { AGENT_DRIVERS } from './agents.js';

function stream(lines: unknown[]): string {
  const path = join(tempDir('retrospect-agent-stream-'), 'stream.jsonl');
  writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return path;
}

describe('agent drivers', () => {
  it('claude: the prompt on stdin, never in the arguments; usage and cost from the result event', () => {
    const call = AGENT_DRIVERS.claude.invocation('$(rm -rf ~) fix it', {
      permissionMode: 'acceptEdits',
      model: 'sonnet',
    });
    expect(call.args).toEqual([
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--permission-mode',
      'acceptEdits',
      '--model',
      'sonnet',
    ]);
    expect(call.input).toBe('$(rm -rf ~) fix it');
    const report = AGENT_DRIVERS.claude.report(
      stream([
        { type: 'system', subtype: 'init', session_id: 'abc-1' },
        {
          type: 'result',
          subtype: 'success',
          is_error: false,
          num_turns: 4,
          session_id: 'abc-1',
          total_cost_usd: 0.05,
          usage: {
            input_tokens: 10,
            output_tokens: 5,
            cache_creation_input_tokens: 100,
            cache_read_input_tokens: 1000,
          },
        },
      ]),
    );
    expect(report).toEqual({ sessionId: 'abc-1', tokens: 1115, usd: 0.05, agentTurns: 4, error: undefined });
  });

  it('codex: thread id, per-turn usage (cached input is part of the input), a failed turn', () => {
    const call = AGENT_DRIVERS.codex.invocation('do it', { permissionMode: 'workspace-write' });
    expect(call).toEqual({ args: ['exec', '--json', '--sandbox', 'workspace-write', '-'], input: 'do it' });
    const report = AGENT_DRIVERS.codex.report(
      stream([
        { type: 'thread.started', thread_id: '0199a213-81c0-7800-8aa1-bbab2a035a53' },
        { type: 'turn.started' },
        {
          type: 'turn.completed',
          usage: { input_tokens: 2000, cached_input_tokens: 1500, output_tokens: 300 },
        },
        { type: 'turn.failed', error: { message: "You've hit your usage limit." } },
      ]),
    );
    expect(report).toEqual({
      sessionId: '0199a213-81c0-7800-8aa1-bbab2a035a53',
      tokens: 2300,
      usd: undefined,
      agentTurns: 1,
      error: "You've hit your usage limit.",
    });
  });

  it('gemini: the prompt as one argument; a warning in the stream is not a failure, the result is', () => {
    const call = AGENT_DRIVERS.gemini.invocation('-rf fix', { permissionMode: 'auto_edit' });
    expect(call.args.slice(-2)).toEqual(['--prompt', '-rf fix']);
    const ok = AGENT_DRIVERS.gemini.report(
      stream([
        { type: 'init', session_id: 'f00dbabe-1', model: 'gemini-2.5-pro' },
        { type: 'error', severity: 'warning', message: 'loop detected, continuing' },
        {
          type: 'result',
          status: 'success',
          stats: { total_tokens: 900, input_tokens: 700, output_tokens: 200 },
        },
      ]),
    );
    expect(ok).toMatchObject({ sessionId: 'f00dbabe-1', tokens: 900, error: undefined });
    const failed = AGENT_DRIVERS.gemini.report(
      stream([
        { type: 'init', session_id: 'x' },
        { type: 'result', status: 'error', error: { message: 'Quota exceeded' } },
      ]),
    );
    expect(failed.error).toBe('Quota exceeded');
  });

  it('carries a session on for a follow-up: the message on stdin, the session id one argument; gemini has no such mode', () => {
    const settings = { permissionMode: 'acceptEdits' };
    expect(AGENT_DRIVERS.claude.resumeInvocation?.('abc-1', 'And the tests?', settings)).toEqual({
      args: [
        '--resume',
        'abc-1',
        '-p',
        '--output-format',
        'stream-json',
        '--verbose',
        '--permission-mode',
        'acceptEdits',
      ],
      input: 'And the tests?',
    });
    // The grammar of the real Codex CLI, checked with 0.171.0 (`codex exec --help`, `codex exec resume
    // --help`, and a resume of a real thread): `codex exec resume [OPTIONS] [SESSION_ID] [PROMPT]`, where
    // `--sandbox` is an option of `exec` only (after `resume` it is "unexpected argument '--sandbox'"),
    // given before `resume` it applies to the resumed turn (its turn context records the new policy), and
    // `-` as PROMPT reads the message from stdin. `--json` and `--model` are accepted on either side.
    expect(
      AGENT_DRIVERS.codex.resumeInvocation?.('th-9', '$(id)', { permissionMode: 'workspace-write' }),
    ).toEqual({
      args: ['exec', '--json', '--sandbox', 'workspace-write', 'resume', 'th-9', '-'],
      input: '$(id)',
    });
    const withModel = AGENT_DRIVERS.codex.resumeInvocation?.('th-9', 'go on', {
      permissionMode: 'read-only',
      model: 'gpt-5',
    });
    expect(withModel?.args).toEqual([
      'exec',
      '--json',
      '--sandbox',
      'read-only',
      '--model',
      'gpt-5',
      'resume',
      'th-9',
      '-',
    ]);
    // The session id and the stdin marker are resume's two positionals, last and in that order.
    expect(withModel?.args.indexOf('--sandbox')).toBeLessThan(withModel?.args.indexOf('resume') ?? -1);
    expect(AGENT_DRIVERS.gemini.resumeInvocation).toBeUndefined();
    // The reply a follow-up's condition reads: Claude Code's result text, Codex's last agent message.
    expect(
      AGENT_DRIVERS.claude.report(
        stream([{ type: 'result', is_error: false, result: 'I skipped the linter.' }]),
      ).reply,
    ).toBe('I skipped the linter.');
    expect(
      AGENT_DRIVERS.codex.report(
        stream([
          { type: 'item.completed', item: { type: 'agent_message', text: 'first' } },
          { type: 'item.completed', item: { type: 'agent_message', text: 'Done, tests skipped.' } },
        ]),
      ).reply,
    ).toBe('Done, tests skipped.');
  });
});
