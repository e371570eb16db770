import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';

const walk = (cwd: string, target: string, sessions: string[] = []) =>
  walkChangeSet({ target, mode: 'summary-only', cwd, env: process.env, sessions });

describe('why a unit changed', () => {
  it('quotes the commit body, never its trailers', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'src/vat.ts': 'export const vat = 0.2;\n' });
    repo.commit(
      'Round VAT once per invoice\n\nPer-line rounding made invoices and receipts disagree by a cent.\n\nSigned-off-by: Ada Lovelace <ada@example.com>\nCo-authored-by: Grace Hopper <grace@example.com>',
      { 'src/vat.ts': 'export const vat = 0.2;\nexport const roundOnce = true;\n' },
    );
    const only = await walk(repo.dir, 'HEAD~1..HEAD');
    expect(only.document.change_units[0]?.why).toBe(
      'Commit ' +
        `${only.document.provenance_context.commits[0]?.sha.slice(0, 7)} says "Round VAT once per invoice": "Per-line rounding made invoices and receipts disagree by a cent.".`,
    );

    repo.commit('Tidy\n\nSigned-off-by: Ada Lovelace <ada@example.com>', {
      'src/vat.ts': 'export const vat = 0.21;\nexport const roundOnce = true;\n',
    });
    const tidy = await walk(repo.dir, 'HEAD~1..HEAD');
    expect(tidy.document.change_units[0]?.why).toMatch(/^Commit [0-9a-f]{7} says "Tidy"\.$/);
  });

  it('names the pull request that merged the commits, with its title', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'src/a.ts': 'export const a = 1;\n' });
    repo.git('checkout', '-q', '-b', 'feature');
    repo.commit('Add b', { 'src/b.ts': 'export const b = 2;\n' });
    repo.git('checkout', '-q', 'main');
    repo.git(
      'merge',
      '-q',
      '--no-ff',
      'feature',
      '-m',
      'Merge pull request #7 from ada/feature\n\nLet callers read b',
    );
    const { document } = await walk(repo.dir, 'HEAD~1..HEAD');
    const merge = document.provenance_context.commits.find((c) => c.parents.length === 2)?.sha.slice(0, 7);
    expect(document.change_units[0]?.why).toContain(
      `Merged in pull request #7 (merge ${merge}), titled "Let callers read b".`,
    );
    expect(document.provenance_context.commands.some((c) => c.command.includes(`rev-list --no-merges`))).toBe(
      true,
    );
  });

  it('keeps a one-line version bump with the code of its commit, and groups bump-only commits', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'src/a.ts': 'export const a = 1;\n', 'package.json': '{ "version": "1.0.0" }\n' });
    repo.commit('Grow a', {
      'src/a.ts': 'export const a = 2;\n',
      'package.json': '{ "version": "1.1.0" }\n',
    });
    repo.commit('Release 1.1.1', { 'package.json': '{ "version": "1.1.1" }\n' });
    repo.commit('Release 1.1.2', { 'package.json': '{ "version": "1.1.2" }\n' });
    const { document } = await walk(repo.dir, 'HEAD~3..HEAD');
    expect(document.change_units.map((u) => [u.title, u.files])).toEqual([
      ['Grow a', ['package.json', 'src/a.ts']],
      ['Small configuration changes to package.json (2 commits)', ['package.json']],
    ]);
  });

  it("quotes the agent session's request, and marks one reasoned over a 'continue' as inferred", async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'README.md': '# Shop\n' });
    const t = new TranscriptBuilder();
    t.user('Add a cart total that rounds VAT once per invoice');
    t.assistant('I will start with the total.');
    t.user('continue');
    t.tool('Write', {
      file_path: `${repo.dir}/src/total.ts`,
      content:
        'export function total(lines: number[]): number {\n  return Math.round(lines.reduce((a, b) => a + b, 0) * 1.2);\n}\n',
    });
    t.result('File created successfully', false, { type: 'create', originalFile: null });
    const sessions = tempDir('retrospect-why-');
    writeFileSync(join(sessions, 's.jsonl'), t.text());
    repo.commit(
      'Add the cart total',
      {
        'src/total.ts':
          'export function total(lines: number[]): number {\n  return Math.round(lines.reduce((a, b) => a + b, 0) * 1.2);\n}\n',
      },
      '2026-10-01T12:00:00Z',
    );
    const { document } = await walk(repo.dir, 'HEAD~1..HEAD', [sessions]);
    expect(document.change_units[0]?.why).toContain(
      `inferred: Agent session ${t.sessionId} wrote 1 of 1 hunk, carrying on with the request "Add a cart total that rounds VAT once per invoice".`,
    );
  });
});
