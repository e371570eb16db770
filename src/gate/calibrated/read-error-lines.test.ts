import { describe, expect, it } from 'vitest';
import { newLineView, scanLine } from '../../transcript/claude/fast/line.js';
import { toolResultKindsOfView } from '../../transcript/claude/fast/read.js';
import { toolResultErrorsOf } from '../../transcript/claude/fast/view-fields.js';
import { resultKindsOfLine } from './read.js';

const REFUSAL =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";

/** A user line of tool results, each `[content, isError]`, as Claude Code writes it. */
function resultLine(results: Array<[unknown, boolean]>): string {
  const content = results.map(([text, isError], k) => ({
    tool_use_id: `toolu_${k}`,
    type: 'tool_result',
    content: text,
    ...(isError ? { is_error: true } : {}),
  }));
  return JSON.stringify({ type: 'user', uuid: 'u1', message: { role: 'user', content } });
}

/** Both readings of one line: the shortcut's and the full parse's. */
function bothReadings(line: string) {
  const b = Buffer.from(line);
  const view = scanLine(b, 0, b.length, newLineView());
  if (!view) throw new Error('the line did not scan');
  const errors = toolResultErrorsOf(view);
  return {
    shortcut: resultKindsOfLine(b, errors, 0, b.length),
    parsed: toolResultKindsOfView(b, errors, 0, b.length),
  };
}

describe('version 11: error lines without a refusal or cancellation marker are not parsed', () => {
  it.each<[string, Array<[unknown, boolean]>, string[]]>([
    ['a plain failure', [['Error: ENOENT: no such file, open config.json', true]], ['error']],
    [
      'a failure beside a success',
      [
        ['ok', false],
        ['exit code 1\n\u001b[31mfailed\u001b[0m', true],
      ],
      ['ok', 'error'],
    ],
    ['a refusal', [[REFUSAL, true]], ['refused']],
    ['a plan kept', [['User chose to stay in plan mode', true]], ['refused']],
    ['an interrupt', [['[Request interrupted by user for tool use]', true]], ['refused']],
    [
      'a cascade',
      [
        ['Error', true],
        ['<tool_use_error>Sibling tool call errored</tool_use_error>', true],
      ],
      ['error', 'cancelled'],
    ],
    [
      'text blocks',
      [[[{ type: 'text', text: 'Cancelled: parallel tool call Bash(ls) errored' }], true]],
      ['cancelled'],
    ],
    [
      'a marker past the opening 400 characters',
      [[`${'x'.repeat(500)} Sibling tool call errored`, true]],
      ['error'],
    ],
  ])('reads %s as the full parse does', (_case, results, kinds) => {
    const { shortcut, parsed } = bothReadings(resultLine(results));
    expect(parsed).toEqual(kinds);
    expect(shortcut).toEqual(parsed);
  });

  it('parses a line whose marker is spelt with escapes, which the raw bytes do not show', () => {
    const escaped = resultLine([['Sibling tool call errored', true]]).replace('Sibling', '\\u0053ibling');
    const { shortcut, parsed } = bothReadings(escaped);
    expect(parsed).toEqual(['cancelled']);
    expect(shortcut).toEqual(['cancelled']);
  });

  it('does not take an escaped backslash before "u00" for an escape', () => {
    const line = resultLine([['path C:\\u0052eports not found', true]]);
    expect(line).toContain('C:\\\\u0052');
    const { shortcut, parsed } = bothReadings(line);
    expect(shortcut).toEqual(parsed);
    expect(shortcut).toEqual(['error']);
  });
});
