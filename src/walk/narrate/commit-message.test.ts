import { describe, expect, it } from 'vitest';
import { bodyWithoutTrailers, firstBodyParagraph } from './commit-message.js';

describe('bodyWithoutTrailers', () => {
  it('never offers a trailer as the reason for a change', () => {
    expect(firstBodyParagraph('Signed-off-by: Ada Lovelace <ada@example.com>')).toBe('');
    expect(firstBodyParagraph('Change-Id: I8f2a\nReviewed-on: https://review.example/1234')).toBe('');
    expect(
      firstBodyParagraph(
        '\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\nCo-Authored-By: Claude <noreply@anthropic.com>',
      ),
    ).toBe('');
  });

  it('keeps the explanation and drops the trailer block and provenance lines around it', () => {
    const body = [
      'Totals were rounded per line, so the invoice and the receipt disagreed by a cent.',
      'Signed-off-by: Ada Lovelace <ada@example.com>',
      '',
      'Rounding once at the end matches the tax office rule.',
      '',
      'Fixes: #41',
      'Co-authored-by: Grace Hopper <grace@example.com>',
      '(cherry picked from commit 1234567abcdef)',
    ].join('\n');
    expect(bodyWithoutTrailers(body)).toBe(
      'Totals were rounded per line, so the invoice and the receipt disagreed by a cent.\n\nRounding once at the end matches the tax office rule.',
    );
    expect(firstBodyParagraph(body)).toBe(
      'Totals were rounded per line, so the invoice and the receipt disagreed by a cent.',
    );
  });

  it('keeps a body line that only looks like a trailer in the middle of prose', () => {
    expect(firstBodyParagraph('Note: the cache is per process.\nIt is rebuilt on start.')).toBe(
      'Note: the cache is per process.\nIt is rebuilt on start.',
    );
    expect(firstBodyParagraph('Note: the cache is per process.')).toBe('Note: the cache is per process.');
  });
});
