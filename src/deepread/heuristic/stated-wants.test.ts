import { describe, expect, it } from 'vitest';
import { REFUSED, readOffline, refusedBecause } from '../test-support/heuristic.js';

describe('what the person said they want', () => {
  it('a reason typed at a refused write that says what to do instead is a rule in their words', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('document the export flags');
      const write = s.tool(
        'Write',
        { file_path: '/repo/docs/export-flags.md', content: '# Flags' },
        refusedBecause('put it in the existing doc, not a new file'),
        { isError: true },
      );
      s.tool('Edit', { file_path: '/repo/docs/export.md', old_string: 'a', new_string: 'b' }, 'updated');
      return write;
    });
    expect(result.dropped).toEqual([]);
    expect(result.proposals.map((p) => [p.pattern_summary, p.proposed_text])).toEqual([
      [
        'stated instead',
        "Put it in the existing doc, not a new file. (The user's words after you wrote a file and they refused it.)",
      ],
    ]);
    expect(result.proposals[0]?.citations).toEqual([
      { message_id: ids.result, excerpt: 'put it in the existing doc, not a new file' },
    ]);
  });

  it('a step wanted first, after a refused edit', async () => {
    const { result } = await readOffline((s) => {
      s.user('clear the goal fields when the target date changes');
      s.tool('Edit', { file_path: '/repo/src/goals.ts', old_string: 'a', new_string: 'b' }, REFUSED, {
        isError: true,
      });
      s.interrupt(true);
      s.user('Talk to me about the logic first. How can I handle all these cases?');
    });
    expect(result.proposals.map((p) => p.proposed_text)).toEqual([
      'Before you edit again, do what the user asked first: "Talk to me about the logic first."',
    ]);
  });

  it('proof and a step handed back cite every time the person asked', async () => {
    const { result } = await readOffline((s) => {
      s.user('switch the power mode to performance');
      s.say('Good news! Your system is already configured for maximum performance.');
      s.user('prove it!');
      s.tool('Bash', { command: 'powerprofilesctl get' }, 'performance');
      s.say('The installer needs an interactive terminal, so you will need to run it.');
      s.user('you can run it');
      s.say('To test it you need to set the capabilities first.');
      s.user('you run it');
    });
    expect(result.proposals.map((p) => [p.pattern_summary, p.citations.length])).toEqual([
      ['stated yourself', 2],
      ['stated proof', 1],
    ]);
    expect(result.proposals[1]?.proposed_text).toBe(
      'Back every result you report with output that shows it: after you said "Your system is already configured for maximum performance", the user said "prove it!"',
    );
  });

  it('the code in a want is left out: the rule keeps the words before it', async () => {
    const { result } = await readOffline((s) => {
      s.user('add tests for the sync payload');
      s.tool('Write', { file_path: '/repo/test/sync.ts', content: 'x' }, 'File created successfully');
      s.say('I wrote a comprehensive suite of 14 tests.');
      s.user('Good but simplify. I just want 2 tests...one that ensures be_budget is undefined');
    });
    expect(result.proposals.map((p) => p.proposed_text)).toEqual([
      'Build no more than the user asked for: after you wrote a file, they said "Good but simplify. I just want 2 tests"',
    ]);
  });

  it('is silent on a request, a question, a sentence of code, an instruction for later and a bare go-ahead', async () => {
    const { result } = await readOffline((s) => {
      s.user('Always use pnpm here. Never push to main.');
      s.tool('Bash', { command: 'pnpm test' }, 'Tests: 4 passed');
      s.say('The tests pass.');
      s.user("don't run the migrations yet");
      s.say('Understood.');
      s.user("why won't you run it?");
      s.say('It needs your credentials.');
      s.user('never call fetchAll() in the loop');
      s.say('Noted.');
      s.user('go ahead');
    });
    expect(result.proposals).toEqual([]);
  });
});
