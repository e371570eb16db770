import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestRepo } from '../walk/test-support/repo.js';
import { tempDir } from './temp-dir.js';
import { TranscriptBuilder } from './transcript.js';

const CART =
  'export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price * item.qty, 0);\n';

/**
 * What the survival tests of scan and report read: a session that wrote a file a person committed, one
 * that only talked, and the repository's later life (one of the two lines rewritten four days on).
 */
export function survivalProject(prefix: string) {
  const repo = createTestRepo();
  const root = tempDir(prefix);
  const folder = join(root, 'projects', '-tmp-shop');
  mkdirSync(folder, { recursive: true });
  const wrote = new TranscriptBuilder('aaaaaaaa-0000-4000-8000-000000000001', repo.dir);
  wrote.user('Add a cart total');
  wrote.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
  wrote.result('File created successfully');
  const idle = new TranscriptBuilder('bbbbbbbb-0000-4000-8000-000000000002', repo.dir);
  idle.user('What does this project do?');
  idle.assistant('It sells things.');
  for (const t of [wrote, idle]) writeFileSync(join(folder, `${t.sessionId}.jsonl`), t.text());
  repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
  const cart = repo.commit('Cart total', { 'src/cart.ts': CART }, '2026-10-01T09:01:00Z');
  const round = repo.commit(
    'Round',
    { 'src/cart.ts': CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty)') },
    '2026-10-05T09:00:00Z',
  );
  const env = { HOME: root, RETROSPECT_DATA_DIR: join(root, 'data'), CLAUDE_CONFIG_DIR: join(root, 'none') };
  return { repo, root, env, cart, round, wrote: wrote.sessionId, idle: idle.sessionId };
}
