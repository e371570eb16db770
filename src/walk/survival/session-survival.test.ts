import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../test-support/repo.js';
import { sessionSurvival } from './session-survival.js';

const CART =
  'export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price * item.qty, 0);\n';

describe('sessionSurvival', () => {
  it("gives each session's committed lines and those alive at HEAD; null for a session that committed nothing", async () => {
    const repo = createTestRepo();
    const wrote = new TranscriptBuilder('aaaaaaaa-0000-4000-8000-000000000001', repo.dir);
    wrote.user('Add a cart total');
    wrote.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
    wrote.result('File created successfully');
    const idle = new TranscriptBuilder('bbbbbbbb-0000-4000-8000-000000000002', repo.dir);
    idle.user('What does this project do?');
    idle.assistant('It sells things.');
    repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
    repo.commit('Cart total', { 'src/cart.ts': CART }, '2026-10-01T09:01:00Z');
    repo.commit(
      'Round',
      { 'src/cart.ts': CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty)') },
      '2026-10-05T09:00:00Z',
    );
    const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
    const measured = await sessionSurvival({
      cwd: repo.dir,
      env,
      transcripts: [
        { sessionId: wrote.sessionId, path: wrote.write() },
        { sessionId: idle.sessionId, path: idle.write() },
      ],
    });
    expect(measured.get(wrote.sessionId)).toEqual({ added: 2, alive: 1 });
    expect(measured.get(idle.sessionId)).toBeNull();
    const none = await sessionSurvival({
      cwd: repo.dir,
      env,
      transcripts: [{ sessionId: wrote.sessionId, path: wrote.write() }],
      maxSessions: 0,
    });
    expect(none.size).toBe(0);
  });
});
