import { describe, expect, it } from 'vitest';
import { findingsOf, patternsOf, REFUSED, readOffline, refusedBecause } from '../test-support/heuristic.js';

describe('refused tool calls', () => {
  it('an edit made while the user was asking why: answer first', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('Why do the line breaks in the gateway diagram not render in the preview?');
      s.tool('Read', { file_path: '/home/dev/gw/README.md' }, '1→# Gateway\n2→```mermaid');
      const edit = s.tool(
        'Edit',
        { file_path: '/home/dev/gw/README.md', old_string: 'A\\nB', new_string: 'A<br/>B' },
        REFUSED,
        { isError: true },
      );
      s.interrupt(true);
      const reply = s.user('Talk me through the cause first. What does the renderer do with the escapes?');
      return { edit, reply };
    });
    expect(result.dropped).toEqual([]);
    // What the person asked for is the rule, in their words; the refused edit itself is an observation.
    expect(result.proposals).toHaveLength(1);
    expect(result.proposals[0]).toMatchObject({
      pattern_summary: 'stated first',
      proposed_text:
        'Before you edit again, do what the user asked first: "Talk me through the cause first."',
      citations: [
        {
          message_id: ids.reply,
          excerpt: 'Talk me through the cause first. What does the renderer do with the escapes?',
        },
      ],
    });
    expect(patternsOf(result)).toContain('premature edit');
    expect(findingsOf(result).find((f) => f.pattern === 'premature edit')?.citations).toContainEqual({
      message_id: ids.edit.call,
      excerpt: '/home/dev/gw/README.md',
    });
  });

  it('an unwanted edit cites the reason typed at the prompt', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('Set up a pre-commit hook that keeps secrets out of the repository.');
      const write = s.tool(
        'Write',
        { file_path: '/home/dev/logs/.git/hooks/pre-commit', content: '#!/bin/sh\nexit 1\n' },
        refusedBecause(
          'not what I meant, replace the secrets with environment variables instead of blocking',
        ),
        { isError: true },
      );
      return write;
    });
    expect(patternsOf(result)).toEqual(['unwanted edit']);
    expect(findingsOf(result)[0]!.citations[0]).toEqual({
      message_id: ids.result,
      excerpt: 'not what I meant, replace the secrets with environment variables instead of blocking',
    });
  });

  it('sending the refused call again at once is its own pattern', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('what keybindings did we change in hyprland?');
      const first = s.tool('Glob', { pattern: '**/*.conf', path: '/home/v/.config/hypr' }, REFUSED, {
        isError: true,
      });
      const again = s.tool('Glob', { pattern: '**/*.conf', path: '/home/v/.config/hypr' }, REFUSED, {
        isError: true,
      });
      s.interrupt(true);
      return { first, again };
    });
    expect(patternsOf(result)).toContain('retried rejection');
    const retried = findingsOf(result).find((p) => p.pattern === 'retried rejection')!;
    expect(retried.citations.map((c) => c.message_id)).toEqual([ids.first.result, ids.again.call]);
  });

  it('the same call after the user said to go ahead is not a retry', async () => {
    const { result } = await readOffline((s) => {
      s.user('build the web tests');
      s.tool('Bash', { command: 'yarn build_web_test' }, REFUSED, { isError: true });
      s.user('go ahead');
      s.tool('Bash', { command: 'yarn build_web_test' }, 'Done in 41.2s.');
      s.say('The web tests are built.');
    });
    expect(patternsOf(result)).not.toContain('retried rejection');
  });

  it('a refused login: never run commands that wait for a person', async () => {
    const { result } = await readOffline((s) => {
      s.user('push the repo to github');
      s.tool('Bash', { command: 'gh auth login' }, REFUSED, { isError: true });
      s.interrupt(true);
      s.user('log in to git first, I will do it myself');
    });
    expect(patternsOf(result)).toEqual(['interactive command']);
  });

  it('a refused reinstall: ask before changing the system', async () => {
    const { result } = await readOffline((s) => {
      s.user('update yourself');
      s.tool('Bash', { command: 'brew reinstall claude-code' }, REFUSED, { isError: true });
    });
    expect(patternsOf(result)).toEqual(['unasked command']);
  });

  it('a refused plan with the next message as its reason', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('scrutinise the open pull request');
      s.tool('ExitPlanMode', { plan: '# Review plan\n1. Read the diff' }, REFUSED, { isError: true });
      s.interrupt(true);
      return s.user('no plans please, just tell me what you found');
    });
    expect(patternsOf(result)).toEqual(['rejected action']);
    expect(findingsOf(result)[0]!.citations[0]).toEqual({
      message_id: ids,
      excerpt: 'no plans please, just tell me what you found',
    });
  });

  it('one refused look-around is an observation, two are a rule; a dismissed question is nothing', async () => {
    const one = await readOffline((s) => {
      s.user('why did the theme switch to light?');
      s.tool('Bash', { command: 'timedatectl status' }, REFUSED, { isError: true });
      s.user('just disable the auto switch');
    });
    expect(patternsOf(one.result)).toEqual([]);
    expect(one.result.observations.map((o) => o.description)).toEqual([
      'The user refused a tool call without saying why.',
    ]);
    const two = await readOffline((s) => {
      s.user('commit the reports');
      s.tool('Bash', { command: 'git status' }, REFUSED, { isError: true });
      s.user('do it');
      s.tool('Bash', { command: 'git log --oneline -3' }, REFUSED, { isError: true });
    });
    expect(patternsOf(two.result)).toEqual(['rejected commands']);
    const dismissed = await readOffline((s) => {
      s.user('start a new repo for the tiling manager');
      s.tool(
        'AskUserQuestion',
        { questions: [{ question: 'Where should I create it?' }] },
        "The user doesn't want to proceed with this tool use. The tool use was rejected. To tell you how to proceed, the user said:\nThe user wants to clarify these questions.",
        { isError: true },
      );
    });
    expect(patternsOf(dismissed.result)).toEqual([]);
    expect(dismissed.result.observations).toEqual([]);
  });
});
