import { describe, expect, it } from 'vitest';
import { findingsOf, patternsOf, REFUSED, readOffline } from '../test-support/heuristic.js';
import { LONG_RUN_CALLS } from './interrupts.js';

describe('interrupts', () => {
  it('stopping a long autonomous run: report and check in every few steps', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('troubleshoot why the laptop gets no internet through the router');
      let last = '';
      for (let i = 0; i < LONG_RUN_CALLS; i++)
        last = s.tool(
          'Bash',
          { command: `ssh root@192.0.2.1 'logread | tail -${20 + i}'` },
          'daemon.info dnsmasq',
        ).call;
      const marker = s.interrupt(true);
      const reply = s.user(
        'I think we should look at the terminal issues on this machine before fiddling with the router.',
      );
      return { last, marker, reply };
    });
    expect(patternsOf(result)).toEqual(['long run']);
    expect(findingsOf(result)[0]!.citations).toEqual([
      { message_id: ids.marker, excerpt: '[Request interrupted by user for tool use]' },
      {
        message_id: ids.reply,
        excerpt:
          'I think we should look at the terminal issues on this machine before fiddling with the router.',
      },
      { message_id: ids.last, excerpt: "ssh root@192.0.2.1 'logread | tail -27'" },
    ]);
  });

  it('an interrupt answered with "keep going" is not friction', async () => {
    const { result } = await readOffline((s) => {
      s.user('build a page that lists recurring charges');
      for (let i = 0; i < LONG_RUN_CALLS + 2; i++) s.tool('Read', { file_path: `/app/src/f${i}.ts` }, 'x');
      s.interrupt();
      s.user('keep going');
      s.say('Continuing with the list view.');
    });
    expect(patternsOf(result)).toEqual([]);
    expect(result.observations).toEqual([]);
  });

  it('an edit stopped while it ran, on a question, points to answering first', async () => {
    const { result } = await readOffline((s) => {
      s.user('How can I handle all these cases in one place?');
      s.tool(
        'Edit',
        { file_path: '/api/db/check.sql', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.interrupt();
      s.user('stop, explain the logic to me first');
    });
    expect(patternsOf(result)).toContain('premature edit');
  });

  it('the marker after a refused prompt belongs to the refusal and is not counted twice', async () => {
    const { result } = await readOffline((s) => {
      s.user('add a helper that builds transactions from partial data');
      s.tool('Edit', { file_path: '/lib/test/helper.ts', old_string: 'a', new_string: 'b' }, REFUSED, {
        isError: true,
      });
      s.interrupt(true);
      s.user('Create a new method that takes one object instead, and call the old one from it.');
    });
    expect(patternsOf(result)).toEqual(['unwanted edit']);
    // Offline, a recognised pattern is an observation, never a rule by itself.
    expect(result.proposals).toEqual([]);
  });

  it('a short interrupt with nothing recognisable is only an observation', async () => {
    const { result } = await readOffline((s) => {
      s.user('what fonts do people use in terminals?');
      s.tool('Read', { file_path: '/home/d/.config/wezterm/wezterm.lua' }, 'return {}');
      s.interrupt();
      s.user('make it inside the hosts folder of the dots repo');
    });
    expect(patternsOf(result)).toEqual([]);
    expect(result.observations.map((o) => o.description)).toEqual([
      'The user interrupted the agent; the interrupted step alone does not show why.',
    ]);
  });
});
