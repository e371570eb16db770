import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../test-support/repo.js';
import { survivalAfterDays } from './after-days.js';

const CART =
  'export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price * item.qty, 0);\n';
const ROUNDED = CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty)');
const DAY = 24 * 60 * 60 * 1000;

/** A repository where a session's two committed lines lose one four days later, and the rest on day 19. */
function history() {
  const repo = createTestRepo();
  const wrote = new TranscriptBuilder('aaaaaaaa-0000-4000-8000-000000000001', repo.dir);
  wrote.user('Add a cart total');
  wrote.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
  wrote.result('File created successfully');
  repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
  const cart = repo.commit('Cart total', { 'src/cart.ts': CART }, '2026-10-01T09:01:00Z');
  const round = repo.commit('Round', { 'src/cart.ts': ROUNDED }, '2026-10-05T09:00:00Z');
  const gone = repo.commit('Drop the cart', { 'src/cart.ts': null }, '2026-10-20T09:00:00Z');
  const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
  return { repo, wrote: wrote.write(), cart, round, gone, env };
}

describe('survivalAfterDays', () => {
  it("blames a session's committed lines at HEAD's last commit N days after the session's commit", async () => {
    const { wrote, cart, round, env } = history();
    const now = Date.parse('2026-11-30T00:00:00Z');
    const two = await survivalAfterDays({ sessions: [{ path: wrote }], days: 2, env, now });
    expect(two.get(wrote)).toEqual({ added: 2, alive: 2, at: cart, days: 2 });
    const fortnight = await survivalAfterDays({ sessions: [{ path: wrote }], days: 14, env, now });
    expect(fortnight.get(wrote)).toEqual({ added: 2, alive: 1, at: round, days: 14 });
  });

  it('measures a session younger than N days at HEAD and says how old it was', async () => {
    const { wrote, gone, env } = history();
    const now = Date.parse('2026-10-01T09:01:00Z') + 7.25 * DAY;
    const measured = await survivalAfterDays({ sessions: [{ path: wrote }], days: 30, env, now });
    expect(measured.get(wrote)).toEqual({ added: 2, alive: 0, at: gone, days: 7.3 });
  });

  it('gives null to a session that committed nothing or ran outside a repository, and names the bound it missed', async () => {
    const { repo, wrote, env } = history();
    const idle = new TranscriptBuilder('bbbbbbbb-0000-4000-8000-000000000002', repo.dir);
    idle.user('What does this project do?');
    idle.assistant('It sells things.');
    const elsewhere = new TranscriptBuilder('cccccccc-0000-4000-8000-000000000003', tempDir('no-repo-'));
    elsewhere.user('Write a note');
    elsewhere.tool('Write', { file_path: `${elsewhere.cwd}/note.md`, content: 'hi\n' });
    elsewhere.result('File created successfully');
    const sessions = [idle.write(), elsewhere.write(), `${tempDir('gone-')}/missing.jsonl`].map((path) => ({
      path,
    }));
    const measured = await survivalAfterDays({ sessions, days: 14, env });
    expect([...measured.values()]).toEqual([null, null, null]);
    const ticks = [0, 5_000];
    const bounded = await survivalAfterDays({
      sessions: [{ path: wrote }],
      days: 14,
      env,
      budgetMs: 1_000,
      clock: () => ticks.shift() ?? 5_000,
    });
    expect(bounded.get(wrote)).toEqual({
      added: null,
      alive: null,
      at: null,
      days: 14,
      unmeasured: 'over the survival time bound of 1 s',
    });
  });
});
