import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLinePrompter } from '../../prompt/line-prompter.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { createTestRepo, type TestRepo } from '../test-support/repo.js';
import { type WalkOptions, walkChangeSet } from '../walk.js';
import { parseGuidedAnswer } from './comments.js';
import { DIFF_PAGE_LINES } from './guided.js';

let repo: TestRepo;
let env: NodeJS.ProcessEnv;
let noSessions: string;

const cart = Array.from({ length: 30 }, (_, i) => `export const line${i + 1} = ${i + 1};`).join('\n');
const cartChanged = cart
  .split('\n')
  .map((line, i) => (i >= 11 && i < 18 ? `${line} // qty ${i}` : line))
  .join('\n');

beforeAll(() => {
  env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
  noSessions = tempDir('retrospect-no-sessions-');
  repo = createTestRepo();
  repo.commit('Start the cart', { 'src/cart.ts': `${cart}\n`, 'docs/cart.md': '# Cart\n' });
  repo.commit('Count the quantity of each cart line, documented', {
    'src/cart.ts': `${cartChanged}\n`,
    'docs/cart.md': '# Cart\n\nEach line has a quantity.\n',
  });
});

async function guided(lines: string[], extra: Partial<WalkOptions> = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const shown: string[] = [];
  output.on('data', (b: Buffer) => shown.push(b.toString()));
  input.end(`${lines.join('\n')}\n`);
  const prompter = createLinePrompter(input, output);
  const { document } = await walkChangeSet({
    mode: 'guided',
    cwd: repo.dir,
    env,
    sessionDirs: [noSessions],
    target: 'HEAD~1..HEAD',
    prompter,
    reviewerName: 'werner',
    ...extra,
  });
  prompter.close();
  return { document, shown: shown.join('') };
}

describe('guided comment types', () => {
  it('reads the type with or without a colon, in full words; one letter only with a colon', () => {
    expect(parseGuidedAnswer('concern qty may be undefined')).toMatchObject({
      type: 'concern',
      text: 'qty may be undefined',
    });
    expect(parseGuidedAnswer('approval the tests cover both cases')).toMatchObject({
      type: 'approval',
      text: 'the tests cover both cases',
    });
    expect(parseGuidedAnswer('Suggestion: split it')).toMatchObject({ type: 'suggestion', text: 'split it' });
    expect(parseGuidedAnswer('intent this keeps old carts readable')).toMatchObject({
      type: 'intent_clarification',
    });
    expect(parseGuidedAnswer('intent_clarification why not a map?')).toMatchObject({
      type: 'intent_clarification',
    });
    expect(parseGuidedAnswer('a test is missing')).toMatchObject({ type: 'note', text: 'a test is missing' });
    expect(parseGuidedAnswer('c: a test is missing')).toMatchObject({ type: 'concern' });
    expect(parseGuidedAnswer('TODO: later')).toMatchObject({ type: 'note', text: 'TODO: later' });
    expect(parseGuidedAnswer('@docs/cart.md suggestion say what qty is')).toMatchObject({
      kind: 'comment',
      type: 'suggestion',
      location: { file: 'docs/cart.md' },
    });
    expect(parseGuidedAnswer('@src/cart.ts:12–18 concern qty')).toMatchObject({
      location: { file: 'src/cart.ts', line_start: 12, line_end: 18 },
    });
  });
});

describe('a guided walk', () => {
  it('keeps each comment typed, places it on the unit, file, hunk or line, and echoes it', async () => {
    const { document, shown } = await guided([
      'concern qty may be undefined',
      '@src/cart.ts:12-18 approval the tests cover both cases',
      '@docs/cart.md suggestion say what a quantity is',
      '',
    ]);
    expect(document.comments.map((c) => [c.type, c.text, c.location])).toEqual([
      ['concern', 'qty may be undefined', undefined],
      [
        'approval',
        'the tests cover both cases',
        { file: 'src/cart.ts', line_start: 12, line_end: 18, hunk_range: '@@ -9,13 +9,13 @@' },
      ],
      ['suggestion', 'say what a quantity is', { file: 'docs/cart.md' }],
    ]);
    expect(shown).toContain('recorded concern on cu_001');
    expect(shown).toContain('recorded approval on src/cart.ts:12–18 (hunk @@ -9,13 +9,13 @@)');
    expect(shown).toContain('recorded suggestion on docs/cart.md');
    // The types are in the help line of the first prompt, before any comment.
    const firstPrompt = shown.slice(shown.indexOf('comment>'));
    expect(firstPrompt.slice(0, 200)).toMatch(/note\|concern\|approval\|suggestion\|intent/);
  });

  it('refuses a file outside the unit and a line outside the file with a one-line reason', async () => {
    const { document, shown } = await guided([
      '@nonexistent.js:1 concern where is this',
      '@src/cart.ts:31 concern past the end',
      '@src/cart.ts:30 note the last line',
      '',
    ]);
    expect(shown).toContain(
      'not recorded: nonexistent.js is not a file of cu_001 (its files: docs/cart.md, src/cart.ts)',
    );
    expect(shown).toContain('not recorded: src/cart.ts has 30 lines in this change; line 31 is out of range');
    expect(document.comments.map((c) => c.location)).toEqual([
      { file: 'src/cart.ts', line_start: 30, line_end: 30 },
    ]);
  });

  it("names the unit that holds another unit's file, and lists a long unit's files in short", async () => {
    const two = createTestRepo();
    two.commit('Start the shop with a readme', { 'README.md': '# Shop\n' });
    const many = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`src/greet${i}.ts`, `export const greet${i} = 'hi';\n`]),
    );
    two.commit('Add greetings for new users in every language', many);
    two.commit('Add the orders table migration', {
      'db/migrations/001_orders.sql': 'CREATE TABLE orders (id int);\n',
    });
    const { document, shown } = await guided(
      ['@db/migrations/001_orders.sql note wrong unit', '@nope.ts note x', ''],
      { cwd: two.dir, target: 'HEAD~2..HEAD' },
    );
    const holder = document.change_units.find((u) => u.files.includes('db/migrations/001_orders.sql'));
    expect(holder?.change_unit_id).not.toBe('cu_001');
    expect(shown).toContain(
      `not recorded: db/migrations/001_orders.sql is not a file of cu_001; it is in ${holder?.change_unit_id}`,
    );
    expect(shown).toMatch(
      /not recorded: nope\.ts is not a file of cu_001 \(its files: (?:src\/greet\d\.ts, ){4}src\/greet\d\.ts and 3 more\)/,
    );
  });

  it("pages the unit's diff at the prompt: d shows the first page, m the next", async () => {
    const big = createTestRepo();
    const rows = (tag: string) => Array.from({ length: 60 }, (_, i) => `row ${i} ${tag}`).join('\n');
    big.commit('Start', { 'src/rows.txt': `${rows('a')}\n` });
    big.commit('Rewrite every row of the table for the new format', { 'src/rows.txt': `${rows('b')}\n` });
    const { shown } = await guided(['d', 'm', 'm', 'm', ''], { cwd: big.dir });
    expect(shown).toContain('diff --git a/src/rows.txt b/src/rows.txt');
    expect(shown).toContain(`-- ${DIFF_PAGE_LINES} of `);
    expect(shown).toContain('+row 59 b');
    expect(shown).toContain('-- end of the diff of cu_001 --');
    // The first page stops before the last rows; they come with m.
    const firstPage = shown.slice(shown.indexOf('diff --git'), shown.indexOf(`-- ${DIFF_PAGE_LINES} of `));
    expect(firstPage).not.toContain('+row 59 b');
  });

  it('says a supplied diff has no file behind it and checks lines against its hunks', async () => {
    const dir = tempDir('retrospect-diff-');
    const diffFile = join(dir, 'change.diff');
    writeFileSync(
      diffFile,
      'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,2 +1,3 @@\n export const a = 1;\n+export const b = 2;\n export const c = 3;\n',
    );
    const { document, shown } = await guided(['@src/a.ts:9 note far away', '@src/a.ts:2 note b', ''], {
      target: diffFile,
      scope: 'diff',
    });
    expect(shown).toContain('not recorded: line 9 of src/a.ts is in none of its hunks in this diff');
    expect(document.comments[0]?.location).toEqual({
      file: 'src/a.ts',
      line_start: 2,
      line_end: 2,
      hunk_range: '@@ -1,2 +1,3 @@',
    });
  });
});
