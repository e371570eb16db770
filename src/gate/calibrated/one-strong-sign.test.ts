import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { type GateResult, gateSessionSync, renderWhy } from '../index.js';
import { errorLinesOf } from './complaint.js';
import { humanTextKind } from './human-text.js';

/**
 * Version 10: one strong sign of the person's, read in the forms real sessions show it (docs/gate.md,
 * version 10). Each fixture is a Claude Code transcript written by the test in the real line format.
 */

function gate(t: TranscriptBuilder): GateResult {
  return gateSessionSync(t.write(), { profile: 'calibrated', env: {}, ledgerPath: null });
}

function s1(result: GateResult): number {
  return result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
}

function reasons(result: GateResult): string[] {
  return (result.reasons ?? []).map((r) => r.reason);
}

/** Claude Code writes interrupts as a text block on the user channel. */
function interrupt(t: TranscriptBuilder): string {
  return t.user('', {
    message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user]' }] },
  });
}

const REFUSAL =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

describe('an interrupt that stops the agent at work', () => {
  it('counts twice when the person then redirects: it flags the session alone, with its reason', () => {
    const t = new TranscriptBuilder();
    t.user('fix the make setup execution');
    t.tool('Bash', { command: 'git log --oneline -5' });
    t.result('a1b2c3 setup: install uv');
    const stop = interrupt(t);
    t.user('try running the make setup with timeout and tail and nothing happens idk please help');
    t.assistant('Let me run it with a timeout.');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [stop, stop],
    });
    expect(result.verdict.passed).toBe(true);
    expect(reasons(result)).toContain('stopped the agent at work to redirect it: counts twice');
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'stopped the agent at work to redirect it: counts twice',
    );
  });

  it('counts once when the agent had done nothing yet with the request', () => {
    const t = new TranscriptBuilder();
    t.user('저 .mcp.json 이 생성되어있어야하는데 안되있네 확인하고 만들어줄래?');
    interrupt(t);
    t.user('context7 MCP를 설치하려는거야');
    t.assistant('context7 설정을 추가하겠습니다.');
    expect(s1(gate(t))).toBe(1);
  });

  it('does not count a redirect that completes a fragment the person sent too soon', () => {
    const t = new TranscriptBuilder();
    t.user('my dircolors are not working in my shell');
    t.assistant(LONG_ANSWER);
    t.user('i have a ');
    t.tool('Read', { file_path: '/home/me/.bashrc' });
    t.result('export LS_COLORS=...');
    interrupt(t);
    t.user('i have a ~/.bashrc and a ~/dotfiles/.zshrc - consolidate them into the zshrc');
    t.assistant('Merging the two files.');
    expect(s1(gate(t))).toBe(0);
  });

  it('leaves a refused call and its redirect at one hit: refusals steer smooth sessions as often', () => {
    const t = new TranscriptBuilder();
    t.user('버전 확인하고 업데이트 해');
    t.tool('Bash', { command: 'cat package.json' });
    t.result(REFUSAL, true);
    t.user('', {
      message: {
        role: 'user',
        content: [{ type: 'text', text: '[Request interrupted by user for tool use]' }],
      },
    });
    t.user('클로드코드 버전 확인하고 업데이트 할거 있으면 업데이트해');
    t.assistant('Claude Code 버전을 확인하겠습니다.');
    expect(s1(gate(t))).toBe(1);
  });
});

describe("the person's words over a pasted log that holds a tag", () => {
  const log =
    'Download the React DevTools for a better development experience\n:3000/favicon.ico:1 Failed to load resource\nWarning: <illegal path> is using incorrect casing.';

  it('is read as a reaction, not as a harness notice', () => {
    expect(humanTextKind(`no, the same error still exists.\n${log}`)).toBe('pasted');
    expect(humanTextKind('<task-notification>done</task-notification>')).toBe('wrapped');
    expect(humanTextKind('see <b>this</b> tag in the first line')).toBe('wrapped');
  });

  it('counts the correction its opening line makes, twice right after a claim of success', () => {
    const t = new TranscriptBuilder();
    t.user('the 3D scene renders black, fix it');
    t.assistant(LONG_ANSWER);
    t.assistant('Fixed. The scene should now render correctly with no console errors.');
    const turn = t.user(`no, the same error still exists.\n${log}`);
    t.assistant('Let me look at the console output.');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [turn, turn],
    });
    expect(reasons(result)[0]).toContain('correction "the same error" in reply to the agent');
  });

  it('reads nothing in a pasted log under words that correct nothing', () => {
    const t = new TranscriptBuilder();
    t.user('add the favicon');
    t.assistant(LONG_ANSWER);
    t.user(`here is the console now, all good.\n${log}`);
    expect(s1(gate(t))).toBe(0);
  });
});

describe('"no" said twice at the start of a turn', () => {
  it.each([
    'no no, in dotfiles, there is a lua script. Nothing related to a plugin',
    'No no no, the sample file DO NOT SHOULD BE MODIFY',
    'não não, é o outro arquivo',
    'нет, нет, в другом файле',
    '不不，是另一个文件',
  ])('rejects the agent\'s course outright: "%s" counts twice', (turn) => {
    const t = new TranscriptBuilder();
    t.user('help me modify the shortcuts in app keybindings');
    t.assistant(LONG_ANSWER);
    t.user(turn);
    t.assistant('Got it.');
    const result = gate(t);
    expect(s1(result), turn).toBe(2);
    expect(reasons(result)[1]).toMatch(/^rejected the agent's work \(/u);
  });

  it('leaves one "no" and a "no" inside the sentence alone', () => {
    for (const turn of ['no - leave it with local agents', 'there is no notes folder yet']) {
      const t = new TranscriptBuilder();
      t.user('set up the agents');
      t.assistant(LONG_ANSWER);
      t.user(turn);
      expect(s1(gate(t)), turn).toBe(0);
    }
  });
});

describe('the same error pasted again', () => {
  it("reads error lines, not a brief's bullets, short lines or a traceback header", () => {
    expect(
      errorLinesOf(
        'still\nGoogle OAuth error: Error [AxiosError]: Request failed with status code 401\n- Detailed error codes, logs, stack traces\n[Function: AssertionError]\nTraceback (most recent call last):',
      ),
    ).toEqual(['google oauth error: error [axioserror]: request failed with status code #']);
    expect(errorLinesOf('please add a login page with a remember-me box')).toEqual([]);
  });

  it('counts the second paste after the agent worked on it, twice right after a claim of success', () => {
    const t = new TranscriptBuilder();
    t.user('login fails:\nGoogle OAuth error: Error [AxiosError]: Request failed with status code 401');
    t.tool('Edit', { file_path: '/app/auth.ts', old_string: 'a', new_string: 'b' });
    t.result('The file /app/auth.ts has been updated.');
    t.assistant('Done: the token exchange is fixed.');
    const again = t.user(
      'at 17:03:59\nGoogle OAuth error: Error [AxiosError]: Request failed with status code 401',
    );
    t.assistant('Let me check the client secret.');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [again, again],
    });
    expect(reasons(result)[0]).toBe(
      'pasted the same error again: "google oauth error: error [axioserror]: request failed wi..."',
    );
  });

  it('does not count a different error, nor the first paste', () => {
    const t = new TranscriptBuilder();
    t.user('login fails:\nGoogle OAuth error: Error [AxiosError]: Request failed with status code 401');
    t.assistant(LONG_ANSWER);
    t.user(
      'now the import breaks:\nImport failed: SQLSTATE[HY000]: General error: 1366 Incorrect integer value',
    );
    expect(s1(gate(t))).toBe(0);
  });
});
