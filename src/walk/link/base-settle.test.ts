import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';

const issues = (fw5: string, fw7: string) =>
  `## FW-5 Zerion readiness demo\n**Status:** ${fw5}\n\n## FW-7 Expense proof upload\n**Status:** ${fw7}\n`;

describe('a walk that starts after the session’s work was committed', () => {
  it('does not credit the session with the same text added again later', async () => {
    const repo = createTestRepo();
    repo.commit('Plan the backlog', { 'issues.md': issues('Ready', 'Ready') }, '2026-05-04T09:00:00Z');
    const t = new TranscriptBuilder();
    t.user('Mark FW-5 as done now that the demo shipped');
    t.tool('Edit', {
      file_path: `${repo.dir}/issues.md`,
      old_string: '## FW-5 Zerion readiness demo\n**Status:** Ready',
      new_string: '## FW-5 Zerion readiness demo\n**Status:** Done',
    });
    t.result('The file has been updated.');
    const sessions = tempDir('retrospect-settle-');
    writeFileSync(join(sessions, 's.jsonl'), t.text());
    repo.commit('Mark FW-5 shipped', { 'issues.md': issues('Done', 'Ready') }, '2026-10-01T10:00:00Z');
    repo.commit('Close FW-7', { 'issues.md': issues('Done', 'Done') }, '2026-10-06T10:00:00Z');
    const walk = (target: string) =>
      walkChangeSet({ target, mode: 'summary-only', cwd: repo.dir, env: process.env, sessions: [sessions] });

    // The whole history: the first commit adding the line takes it.
    const all = await walk('HEAD~2..HEAD');
    expect(all.document.change_units.flatMap((u) => u.hunks?.map((h) => h.session_id) ?? [])).toEqual([
      t.sessionId,
      null,
    ]);
    // Only the later commit: the base already holds the session's line, so it was committed before.
    const later = await walk('HEAD~1..HEAD');
    expect(later.document.change_units[0]?.hunks?.[0]).toMatchObject({ session_id: null });
    expect(later.document.provenance_context.commands.some((c) => c.command.includes(':issues.md'))).toBe(
      true,
    );
  });
});
