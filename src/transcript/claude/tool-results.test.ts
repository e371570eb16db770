import { describe, expect, it } from 'vitest';
import { toTurnEvent } from './normalise.js';
import { toolErrorKind, toolResultKindsOf } from './tool-results.js';

function resultLine(results: { content: unknown; is_error?: unknown }[]): Record<string, unknown> {
  return {
    type: 'user',
    uuid: 'u1',
    message: {
      role: 'user',
      content: results.map((r, i) => ({ type: 'tool_result', tool_use_id: `toolu_${i}`, ...r })),
    },
  };
}

describe('Claude Code tool results', () => {
  it('tells refusals, cascade cancellations and failures apart', () => {
    expect(
      toolErrorKind(
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).",
      ),
    ).toBe('refused');
    expect(toolErrorKind('User chose to stay in plan mode and continue planning')).toBe('refused');
    expect(toolErrorKind([{ type: 'text', text: '[Request interrupted by user for tool use]' }])).toBe(
      'refused',
    );
    expect(toolErrorKind('<tool_use_error>Sibling tool call errored</tool_use_error>')).toBe('cancelled');
    expect(
      toolErrorKind('<tool_use_error>Cancelled: parallel tool call Read(/c) errored</tool_use_error>'),
    ).toBe('cancelled');
    expect(toolErrorKind('Exit code 1\nnpm ERR! missing script: lint')).toBe('error');
    expect(toolErrorKind(undefined)).toBe('error');
  });

  it('gives one kind per tool result, in order, on the event the gate reads', () => {
    const line = resultLine([
      { content: 'ok', is_error: false },
      { content: 'Exit code 2', is_error: true },
      { content: 'Sibling tool call errored', is_error: 1 },
      { content: 'fine' },
    ]);
    expect(toolResultKindsOf(line)).toEqual(['ok', 'error', 'cancelled', 'ok']);
    const event = toTurnEvent(line, 0);
    expect(event).toMatchObject({
      toolResultErrors: [false, true, true, false],
      toolResultKinds: ['ok', 'error', 'cancelled', 'ok'],
    });
  });
});
