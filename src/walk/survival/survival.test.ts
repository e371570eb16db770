import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { renderMarkdown } from '../render/render.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';

const CART = [
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) sum += item.price * item.qty;',
  '  return Math.round(sum * 100) / 100;',
  '}',
  '',
].join('\n');
const TAX = 'export const rate = 0.2;\nexport const tax = (x) => x * rate;\n';

/**
 * A session writes cart.ts and tax.ts (committed at 09:05); two days later a person rewrites one line of
 * cart.ts; three days later the same session's resumed work deletes tax.ts.
 */
function history() {
  const repo = createTestRepo();
  const t = new TranscriptBuilder(undefined, repo.dir);
  t.user('Add a cart total and a tax helper');
  t.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
  t.result('File created successfully', false, {
    type: 'create',
    filePath: `${repo.dir}/src/cart.ts`,
    content: CART,
    originalFile: null,
  });
  t.tool('Write', { file_path: `${repo.dir}/src/tax.ts`, content: TAX });
  t.result('File created successfully', false, {
    type: 'create',
    filePath: `${repo.dir}/src/tax.ts`,
    content: TAX,
    originalFile: null,
  });
  const transcript = t.write();
  const sha: Record<string, string> = {};
  sha.base = repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
  sha.agent = repo.commit(
    'Cart total and tax',
    { 'src/cart.ts': CART, 'src/tax.ts': TAX },
    '2026-10-01T09:05:00Z',
  );
  sha.person = repo.commit(
    'Round per item',
    { 'src/cart.ts': CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty * 100) / 100') },
    '2026-10-03T09:05:00Z',
  );
  sha.gone = repo.commit('Tax moved to the server', { 'src/tax.ts': null }, '2026-10-04T09:05:00Z');
  const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
  const walk = (extra: { survivalAt?: string; survival?: boolean } = {}) =>
    walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      target: `${sha.base}..${sha.agent}`,
      sessions: [transcript],
      ...extra,
    });
  return { repo, sha, walk, sessionId: t.sessionId };
}

describe('survival of agent-written hunks', () => {
  it('says what became of each linked hunk at HEAD: changed by a person, reverted, with commit and days', async () => {
    const { sha, walk, sessionId } = history();
    const { document } = await walk();
    const hunks = document.change_units.flatMap((u) => u.hunks ?? []);
    const cart = hunks.find((h) => h.path === 'src/cart.ts');
    const tax = hunks.find((h) => h.path === 'src/tax.ts');

    expect(cart?.fate).toEqual({
      state: 'changed',
      by: { kind: 'person', name: 'Ada Lovelace' },
      commit: sha.person,
      after_days: 2,
    });
    expect(tax?.fate).toEqual({
      state: 'reverted',
      by: { kind: 'person', name: 'Ada Lovelace' },
      commit: sha.gone,
      after_days: 3,
    });
    // cart.ts: 5 lines added, one rewritten; tax.ts: 2 lines, both gone.
    expect(document.survival).toEqual({
      added: 7,
      alive: 4,
      at: sha.gone,
      sessions: { [sessionId]: { added: 7, alive: 4 } },
    });
    expect(document.change_units[0]?.survival).toEqual({ added: 7, alive: 4, at: sha.gone });
    const markdown = renderMarkdown(document);
    expect(markdown).toContain(
      `Survival at ${sha.gone?.slice(0, 7)}: 4 of 7 agent-written lines alive; 0 hunks kept, 1 changed, 1 reverted; first changed by a person in ${sha.person?.slice(0, 7)} after 2 days`,
    );
    // The git calls that measured it are in the evidence baseline.
    expect(document.provenance_context.commands.map((c) => c.command).join('\n')).toContain(
      'blame --porcelain -C -M -w',
    );
  });

  it('measures at the revision --survival-at names, and not at all when turned off', async () => {
    const { sha, walk } = history();
    const { document } = await walk({ survivalAt: sha.agent });
    expect(document.change_units.flatMap((u) => u.hunks ?? []).map((h) => h.fate?.state)).toEqual([
      'kept',
      'kept',
    ]);
    expect(document.survival).toMatchObject({ added: 7, alive: 7, at: sha.agent });

    const off = await walk({ survival: false });
    expect(off.document.survival).toBeUndefined();
    expect(off.document.change_units[0]?.hunks?.[0]).not.toHaveProperty('fate');
    await expect(walk({ survivalAt: '--output=x.txt' })).rejects.toMatchObject({
      code: 'E_SURVIVAL_AT_INVALID',
      fields: { rev: '--output=x.txt', notACommit: false },
    });
    await expect(walk({ survivalAt: 'no-such-branch' })).rejects.toMatchObject({
      code: 'E_SURVIVAL_AT_INVALID',
      fields: { rev: 'no-such-branch', notACommit: true },
    });
  });

  it('names the same session when its later edits changed its own lines', async () => {
    const repo = createTestRepo();
    const t = new TranscriptBuilder(undefined, repo.dir);
    t.user('Add a cart total');
    t.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
    t.result('File created successfully', false, {
      type: 'create',
      filePath: `${repo.dir}/src/cart.ts`,
      content: CART,
      originalFile: null,
    });
    t.user('Round each item instead');
    t.tool('Edit', {
      file_path: `${repo.dir}/src/cart.ts`,
      old_string: 'item.price * item.qty;',
      new_string: 'Math.round(item.price * item.qty * 100) / 100;',
    });
    t.result('The file has been updated.');
    const transcript = t.write();
    const base = repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
    const first = repo.commit('Cart total', { 'src/cart.ts': CART }, '2026-10-01T09:00:17Z');
    const second = repo.commit(
      'Round per item',
      {
        'src/cart.ts': CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty * 100) / 100'),
      },
      '2026-10-01T09:01:00Z',
    );
    const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
    const { document } = await walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      target: `${base}..${first}`,
      sessions: [transcript],
    });
    expect(document.change_units[0]?.hunks?.[0]?.fate).toEqual({
      state: 'changed',
      by: { kind: 'same-session', session_id: t.sessionId },
      commit: second,
      after_days: 0,
    });
  });

  it('keeps a hunk whose unchanged lines forward blame gives to an older commit with the same text', async () => {
    const block = ['    st.markdown(', "        f'</div>',", '        unsafe_allow_html=True,', '    )'];
    const before = ['def header():', ...block, '', 'def footer():', '    return None', ''].join('\n');
    const added = ['def card(row):', "    title = row['title']", ...block, ''];
    const after = `${before}${added.join('\n')}`;
    const repo = createTestRepo();
    const t = new TranscriptBuilder(undefined, repo.dir);
    t.user('Add a card');
    t.tool('Edit', {
      file_path: `${repo.dir}/app.py`,
      old_string: '    return None\n',
      new_string: `    return None\n${added.join('\n')}`,
    });
    t.result('The file has been updated.');
    const transcript = t.write();
    const base = repo.commit('Start', { 'app.py': before }, '2026-10-01T08:00:00Z');
    const agent = repo.commit('Card', { 'app.py': after }, '2026-10-01T09:01:00Z');
    repo.commit('Footer', { 'app.py': after.replace('return None', 'return 0') }, '2026-10-02T09:01:00Z');
    const blame = repo.git('blame', '-C', '-M', '-w', 'HEAD', '--', 'app.py');
    // The premise: plain forward blame gives some of the card's unchanged lines to the first commit.
    expect(blame.split('\n').filter((line) => line.startsWith(agent.slice(0, 8))).length).toBeLessThan(
      added.length - 1,
    );
    const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
    const { document } = await walkChangeSet({
      mode: 'summary-only',
      cwd: repo.dir,
      env,
      target: `${base}..${agent}`,
      sessions: [transcript],
    });
    const hunk = document.change_units[0]?.hunks?.find((h) => h.session_id !== null);
    expect(hunk?.fate).toEqual({ state: 'kept', by: null, commit: null, after_days: null });
    expect(document.survival).toMatchObject({ added: hunk?.added_lines, alive: hunk?.added_lines });
  });
});
