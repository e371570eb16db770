import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/cli.js';

// The code cites the project's own design notes (docs/design/<page>.md §N); every citation must lead to a
// page and a section that exist, and nothing may cite a text the repository does not hold.

function* files(dir: string, ext: RegExp): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path, ext);
    else if (ext.test(entry.name)) yield path;
  }
}

const SOURCES = [...files(join(REPO_ROOT, 'src'), /\.ts$/)];
const DOCS = [...files(join(REPO_ROOT, 'docs'), /\.md$/), join(REPO_ROOT, 'README.md')];
const CITATION = /(?<![\w/])docs\/design\/([a-z-]+\.md)(?: §(\d+))?/g;
/** Texts that are not in the repository: the notes and the first contract documents. */
const FOREIGN = /notes §\d|(?<!design\/)\b(?:retro-gate|retro-subagent|sprint-retro|retrospective-walk)\.md/;

describe('citations of the design notes', () => {
  it('every docs/design citation in the code names a page and a section that exist', () => {
    const broken: string[] = [];
    for (const file of SOURCES) {
      for (const [text, page, section] of readFileSync(file, 'utf8').matchAll(CITATION)) {
        const path = join(REPO_ROOT, 'docs', 'design', page ?? '');
        const ok =
          existsSync(path) &&
          (section === undefined || new RegExp(`^## ${section}\\. `, 'm').test(readFileSync(path, 'utf8')));
        if (!ok) broken.push(`${relative(REPO_ROOT, file)}: ${text}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no code or doc cites a text the repository does not hold', () => {
    const foreign = [...SOURCES, ...DOCS]
      .filter((file) => !file.endsWith('docs-citations.test.ts'))
      // The design pages link to each other by bare name.
      .filter((file) => !relative(REPO_ROOT, file).startsWith(join('docs', 'design')))
      .filter((file) => FOREIGN.test(readFileSync(file, 'utf8')))
      .map((file) => relative(REPO_ROOT, file));
    expect(foreign).toEqual([]);
  });
});
