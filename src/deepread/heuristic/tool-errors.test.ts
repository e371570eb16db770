import { describe, expect, it } from 'vitest';
import { patternsOf, readOffline } from '../test-support/heuristic.js';

const NOT_READ =
  '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>';
const MODIFIED =
  '<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>';

describe('tool errors that recur', () => {
  it('one unread-file error is routine; two make a rule', async () => {
    const once = await readOffline((s) => {
      s.user('add the sync script');
      s.tool('Write', { file_path: '/repo/scripts/sync.py', content: 'x' }, NOT_READ, { isError: true });
      s.tool('Read', { file_path: '/repo/scripts/sync.py' }, '1→print()');
    });
    expect(patternsOf(once.result)).toEqual([]);
    const twice = await readOffline((s) => {
      s.user('add the sync script and its test');
      s.tool('Write', { file_path: '/repo/scripts/sync.py', content: 'x' }, NOT_READ, { isError: true });
      s.tool('Write', { file_path: '/repo/tests/test_sync.py', content: 'x' }, NOT_READ, { isError: true });
    });
    expect(patternsOf(twice.result)).toEqual(['unread edit']);
  });

  it('files changed since they were read, twice', async () => {
    const { result } = await readOffline((s) => {
      s.user('extract the wait block into a helper');
      for (let i = 0; i < 2; i++)
        s.tool('Edit', { file_path: '/lib/test/sync.ts', old_string: `w${i}`, new_string: 'x' }, MODIFIED, {
          isError: true,
        });
    });
    expect(patternsOf(result)).toEqual(['stale edit']);
  });

  it("the harness refusing the same call twice is a denial; the system's own permission errors are not", async () => {
    const denied = await readOffline((s) => {
      s.user('build the tile manager');
      for (let i = 0; i < 2; i++)
        s.tool('Bash', { command: 'swift build' }, 'This command requires approval', { isError: true });
    });
    expect(patternsOf(denied.result)).toContain('permission denial');
    const os = await readOffline((s) => {
      s.user('show the power draw');
      s.tool(
        'Bash',
        { command: 'dmesg | tail' },
        'dmesg: read kernel buffer failed: Operation not permitted',
        {
          isError: true,
        },
      );
      s.tool(
        'Bash',
        { command: 'cat /sys/class/powercap/intel-rapl:0/energy_uj' },
        'cat: Permission denied',
        {
          isError: true,
        },
      );
      s.tool('Bash', { command: 'sensors' }, 'sensors: Permission denied', { isError: true });
    });
    expect(patternsOf(os.result)).not.toContain('permission denial');
  });

  it('any tool failing the same way three times; cascade errors do not count', async () => {
    const { result } = await readOffline((s) => {
      s.user('execute the plan in parallel mode');
      for (let i = 0; i < 3; i++)
        s.tool(
          'Task',
          { subagent_type: 'junior-high', description: `step ${i}` },
          "Agent type 'junior-high' not found. Available agents: general-purpose",
          { isError: true },
        );
      for (let i = 0; i < 3; i++)
        s.tool(
          'Read',
          { file_path: `/x/${i}` },
          '<tool_use_error>Sibling tool call errored</tool_use_error>',
          {
            isError: true,
          },
        );
    });
    expect(patternsOf(result)).toEqual(['repeated error']);
  });
});
