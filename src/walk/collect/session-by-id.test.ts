import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';

describe('walk --session ID', () => {
  it("walks the commits of the session its transcript names, with each hunk's fate", async () => {
    const repo = createTestRepo();
    const t = new TranscriptBuilder(undefined, repo.dir);
    t.user('Add a greeting');
    t.tool('Write', { file_path: `${repo.dir}/src/hello.ts`, content: 'export const hello = () => "hi";\n' });
    t.result('File created successfully');
    const transcript = t.write();
    repo.commit('Start', { 'README.md': '# Demo\n' }, '2026-10-01T08:00:00Z');
    const sha = repo.commit(
      'Greeting',
      { 'src/hello.ts': 'export const hello = () => "hi";\n' },
      '2026-10-01T09:01:00Z',
    );
    repo.commit('Docs', { 'README.md': '# Demo\n\nSays hi.\n' }, '2026-10-01T09:02:00Z');
    const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
    const walk = (session: string) =>
      walkChangeSet({ mode: 'summary-only', cwd: repo.dir, env, session, sessions: [transcript] });

    const { document } = await walk(t.sessionId);
    expect(document.target).toBe(`--session ${t.sessionId}`);
    expect(document.provenance_context.commits.map((c) => c.sha)).toEqual([sha]);
    expect(document.change_units[0]?.hunks).toEqual([
      expect.objectContaining({
        path: 'src/hello.ts',
        session_id: t.sessionId,
        fate: expect.objectContaining({ state: 'kept' }),
      }),
    ]);
    await expect(walk('../../etc/passwd')).rejects.toMatchObject({
      code: 'E_WALK_SESSION_ID_INVALID',
      fields: { id: '../../etc/passwd' },
    });
    await expect(walk('0000-not-there')).rejects.toThrow('no transcript of session 0000-not-there');
  });
});
