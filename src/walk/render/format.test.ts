import { describe, expect, it } from 'vitest';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';
import { renderWalk, WALK_FORMATS } from './format.js';
import { renderMarkdown } from './render.js';

describe('renderWalk', () => {
  it('gives a real walk as its JSON document or its Markdown, the one dispatch both front ends use', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'README.md': '# Demo\n' });
    repo.commit('Add the notes', { 'notes.md': 'Ship the parser on Friday\n' });
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env: process.env,
    });
    expect(WALK_FORMATS).toEqual(['markdown', 'json']);
    const json = renderWalk(document, 'json');
    expect(json.endsWith('\n')).toBe(false);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(document)));
    expect(json.split('\n')[1]).toMatch(/^ {2}"/);
    const markdown = renderWalk(document, 'markdown');
    expect(markdown).toBe(renderMarkdown(document));
    expect(markdown).toContain('Add the notes');
    expect(renderWalk(document, 'markdown', { includeJson: false }).length).toBeLessThan(markdown.length);
  });
});
