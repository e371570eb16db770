import { describe, expect, it } from 'vitest';
import { SessionBuilder } from '../deepread/test-support/session-builder.js';
import type { GateVerdict } from '../gate/score.js';
import { tempDir } from '../test-support/temp-dir.js';
import { adapterFor } from '../transcript/host.js';
import { validateAnswer } from './answer.js';
import { secondLookPrompt } from './prompt.js';
import { sessionView } from './view.js';

const VERDICT: GateVerdict = { score: 3, threshold: 5, passed: false, signals: [] };

function viewOf(write: (s: SessionBuilder) => void) {
  const s = new SessionBuilder('8e4b0f5d-2a7c-4b6e-9d9f-5c3a4b2e0d68');
  write(s);
  const path = s.write(`${tempDir('retrospect-second-look-prompt-')}/session.jsonl`);
  return sessionView(adapterFor(path).messages(path));
}

describe('the second look prompt', () => {
  it('shows short sessions whole: each turn, the tools, the errors, the claim and the last words', () => {
    const view = viewOf((s) => {
      s.user('rename the flag --fast to --quick everywhere');
      s.tool('Grep', { pattern: '--fast' }, 'src/cli.ts');
      s.tool(
        'Edit',
        { file_path: '/home/dev/shop/src/cli.ts', old_string: 'a', new_string: 'b' },
        'no match',
        { isError: true },
      );
      s.say('Done. All tests pass.');
      s.user('the README still says --fast');
    });
    const prompt = secondLookPrompt(VERDICT, [], view);
    expect(prompt).toContain(
      '[turn 0] person (opening request):\n  rename the flag --fast to --quick everywhere\n  agent:\n  tool calls: 2 (Grep 1, Edit 1)\n  failed tool calls: 1\n    - Edit: ',
    );
    expect(prompt).toContain('  it claimed: Done.');
    expect(prompt).toContain(
      '  its last words:\n    Done. All tests pass.\n[turn 1] person:\n  the README still says --fast\n',
    );
    expect(prompt).toContain('Signs the gate counted:\n(none)');
  });

  it('fits a long session by cutting turns, then keeping the first and the latest ones, and a quote of the last still validates', () => {
    const view = viewOf((s) => {
      for (let i = 0; i < 400; i++) {
        s.user(`request ${i}: ${'details of the change '.repeat(150)}`);
        s.say(`Working on request ${i}. ${'progress report '.repeat(100)}`);
      }
      s.user('this is still broken after all of that');
    });
    const prompt = secondLookPrompt(VERDICT, [], view);
    expect(prompt.length).toBeLessThanOrEqual(70_000);
    expect(prompt).toContain('[turn 0] person (opening request)');
    expect(prompt).toContain('[turn 400] person:\n  this is still broken after all of that');
    expect(prompt).toMatch(/\[turns \d+ to \d+ left out to keep the prompt short\]/);
    expect(
      validateAnswer({ verdict: 'rough', turn: 400, quote: 'still broken', kind: 'complaint' }, view).ok,
    ).toBe(true);
  });

  it('names a refused plan exit and says when a refusal came with no words from the person', () => {
    const view = viewOf((s) => {
      s.user('plan the cache layer');
      s.tool(
        'ExitPlanMode',
        { plan: 'add a cache' },
        "The user doesn't want to proceed with this tool use.",
        {
          isError: true,
        },
      );
      s.user('Implement the following plan: add a cache');
    });
    const prompt = secondLookPrompt(VERDICT, [], view);
    expect(prompt).toContain(
      "the person refused: ExitPlanMode (a plan exit: the agent's plan offered for approval): ",
    );
    expect(prompt).toContain('(no words from the person with it)\n');
  });
});
