import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { asksToCarryOn, opensWithApproval, takesStopBack } from './carry-on.js';

function s1Of(path: string): number {
  const result = gateSessionSync(path, { profile: 'calibrated', env: {}, ledgerPath: null });
  return result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
}

function answeredWith(turn: string, reply: string): string {
  const t = new TranscriptBuilder();
  t.user('Analyse the lock failure in the logs.');
  t.assistant(LONG_ANSWER);
  t.user(turn);
  t.assistant(reply);
  return t.write();
}

describe('version 8: an apology answering a carry-on is not a conceded correction', () => {
  it.each([
    ['继续任务', '抱歉，我继续分析日志。'],
    ['please continue the task', 'Sorry for the pause, continuing with the logs.'],
    ['ok, tiếp tục nhé', 'Xin lỗi, mình tiếp tục phân tích.'],
    ['yes, go on', 'My apologies, resuming the analysis.'],
  ])('reads "%s" answered with an apology as carrying on', (turn, reply) => {
    expect(s1Of(answeredWith(turn, reply))).toBe(0);
  });

  it('still counts the concession of a turn that says more than carry on', () => {
    expect(s1Of(answeredWith('继续任务，但是日志路径不对', '抱歉，我换个路径。'))).toBeGreaterThan(0);
    expect(
      s1Of(answeredWith('continue, but read the lock log first', 'Sorry, I will read the lock log first.')),
    ).toBe(1);
  });

  it('still counts a carry-on after a refused call as a redirect (only the concession reading changes)', () => {
    const t = new TranscriptBuilder();
    t.user('Analyse the lock failure in the logs.');
    t.tool('Bash', { command: 'grep lock app.log' });
    t.result(
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
      true,
    );
    t.user('[Request interrupted by user for tool use]');
    t.user('继续执行');
    t.assistant('好的，继续。');
    expect(s1Of(t.write())).toBe(1);
  });

  it('tells a carry-on in a few words from a request', () => {
    for (const turn of [
      '继续任务',
      '繼續執行',
      'continue the implementation',
      'Please continue.',
      '続けてください',
      '계속해줘',
    ])
      expect(asksToCarryOn(turn), turn).toBe(true);
    for (const turn of [
      'continue with the login page instead',
      '继续分析为什么失败',
      'go on and delete the cache',
      '',
    ])
      expect(asksToCarryOn(turn), turn).toBe(false);
  });
});

/** A request the agent works on (a tool call), stopped by `stop`, then the person's `next` words. */
function stoppedThen(stop: 'interrupt' | 'refuse', next: string): string {
  const t = new TranscriptBuilder();
  t.user('Convert the PDF invoices to CSV.');
  t.tool('Bash', { command: 'python convert.py invoices/' });
  if (stop === 'refuse')
    t.result(
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
      true,
    );
  else t.result('converted 3 of 40 files');
  t.user(stop === 'refuse' ? '[Request interrupted by user for tool use]' : '[Request interrupted by user]');
  t.user(next);
  t.assistant('Carrying on with the conversion.');
  return t.write();
}

describe('version 11: a stop the person takes back redirects nothing', () => {
  it('reads "please continue" after an interrupt, and a slip owned after either stop, as carrying on', () => {
    expect(s1Of(stoppedThen('interrupt', 'please continue'))).toBe(0);
    expect(s1Of(stoppedThen('interrupt', 'ok, continue'))).toBe(0);
    expect(s1Of(stoppedThen('refuse', "I didn't mean to interrupt you, continue"))).toBe(0);
    expect(s1Of(stoppedThen('interrupt', 'sorry, pressed escape by accident'))).toBe(0);
  });

  it('still counts a refusal followed by "please continue", and a stop followed by a new direction', () => {
    expect(s1Of(stoppedThen('refuse', 'please continue'))).toBe(1);
    expect(s1Of(stoppedThen('interrupt', 'convert only the 2024 invoices'))).toBeGreaterThan(0);
    expect(takesStopBack('please continue', true)).toBe(false);
    expect(takesStopBack('please continue', false)).toBe(true);
    // A slip named inside a longer new request is a new request.
    expect(
      takesStopBack(
        `by accident I gave you the wrong folder, use archive/2023 instead and ${'skip the scans '.repeat(6)}`,
        false,
      ),
    ).toBe(false);
  });
});

describe('version 11: a concession answering an approval is not a conceded correction', () => {
  it.each([
    ['yes merge them', 'You are right, merging both.'],
    ["yes, but that's unimportant, that's implementation detail", "You're right, I'll leave it."],
    ['是的，再加一个测试', '你说得对，我加上。'],
  ])('reads "%s" answered with a concession as agreeing', (turn, reply) => {
    expect(s1Of(answeredWith(turn, reply))).toBe(0);
  });

  it('still counts a concession of a turn that opens with "ok" or "好" and corrects', () => {
    expect(
      s1Of(answeredWith('ok then something needs fixing, the lock is never released', "You're right.")),
    ).toBe(1);
    expect(s1Of(answeredWith('好像日志路径也要改', '你说得对，我改一下路径。'))).toBe(1);
    expect(opensWithApproval('yes merge them')).toBe(true);
    expect(opensWithApproval('对不对？')).toBe(false);
    expect(opensWithApproval('yesterday the lock held')).toBe(false);
  });
});
