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

  it('"always" is a reaction when a command showed what was missing, not when the agent only talked of it', async () => {
    const summary = await readOffline((s) => {
      s.user('set up the background agents');
      s.tool('Bash', { command: 'docker compose up -d' }, 'Started');
      s.say(
        'Status: the agents are not working on anything yet; what still needs to be done is listed below.',
      );
      s.user('always have agents working on something they can do');
    });
    expect(summary.result.proposals).toEqual([]);
    const hooks = await readOffline((s) => {
      s.user('commit the audit reports');
      s.tool(
        'Bash',
        { command: 'git commit --no-verify -m "audit reports"' },
        '[main 7a23400] audit reports',
      );
      s.say('Committed.');
      s.user('complete the commit, always verify and run hooks');
    });
    expect(hooks.result.proposals.map((p) => p.proposed_text)).toEqual([
      "Complete the commit, always verify and run hooks. (The user's words after you ran a command.)",
    ]);
  });

  it('the requirements of new work are no reaction, even where a command named the topic', async () => {
    const { result } = await readOffline((s) => {
      s.user('build the pre-order landing page');
      s.tool(
        'Bash',
        { command: 'grep -rn "charity mission" marketing/' },
        'index.html:12: our charity mission',
      );
      s.say('The page is live.');
      s.user(
        'We need to refactor the landing page. The charity mission must stay a backend surprise, never used as a hook.\n1. Remove the governance section.\n2. Sanitise the footer.',
      );
    });
    expect(result.proposals).toEqual([]);
  });

  it('a want too long to quote whole is not cut into a rule that says something else', async () => {
    const { result } = await readOffline((s) => {
      s.user('write the release notes');
      s.tool('Bash', { command: 'git log --oneline' }, 'a1 fix');
      s.say('I wrote the notes and mentioned the sponsors and the charity mission at the top of the page.');
      s.user(
        "Don't mention the charity mission or the sponsors anywhere on the public release page or in the announcement e-mail we send to customers, ever, it stays internal",
      );
    });
    expect(result.proposals).toEqual([]);
  });

  it('two wants in different words are two rules, each citing its own turn', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('tidy the module');
      s.tool('Bash', { command: 'git commit --no-gpg-sign -m "tidy"' }, '[main 1b2c3d4] tidy');
      s.say('Committed with signing turned off.');
      const first = s.user('never commit without signing');
      s.tool('Bash', { command: 'git push --force origin main' }, 'forced update');
      s.say('Pushed.');
      const second = s.user('never force push to main');
      return { first, second };
    });
    expect(result.proposals.map((p) => [p.proposed_text, p.citations.map((c) => c.message_id)])).toEqual([
      ["Never commit without signing. (The user's words after you ran a command.)", [ids.first]],
      ["Never force push to main. (The user's words after you ran a command.)", [ids.second]],
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
