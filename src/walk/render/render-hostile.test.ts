import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { codeSpansOf, outsideCodeSpans } from '../test-support/markdown.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';
import { renderMarkdown } from './render.js';

const SUBJECT = '<script>alert(1)</script> [x](javascript:alert(1)) \u001b[31mred\u001b[0m evil\u202Etxt.exe';
const BODY =
  '<img src=x onerror=alert(1)>\n\n## Open Questions\n- fake question\n\nSigned-off-by: Mallory <m@example.com>';
const NEWLINE_NAME = 'notes\n## Open Questions\n- injected.md';
const HTML_NAME = '<img src=x onerror=alert(1)>.md';
const LINK_NAME = 'docs/[a](javascript:b)`tick.md';

describe('the walk Markdown with hostile commit messages, file names and session prompts', () => {
  it('keeps every value from git and sessions literal: escaped prose, file names as code spans', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'README.md': '# Demo\n' });
    const t = new TranscriptBuilder();
    t.user(
      'Write the notes\n\n## Open Questions\n<img src=y onerror=alert(2)> [z](javascript:c) \u001b]0;PWNED\u0007',
    );
    t.tool('Write', { file_path: `${repo.dir}/${HTML_NAME}`, content: 'Hello from the notes file\n' });
    t.result('File created successfully', false, {
      type: 'create',
      content: 'Hello from the notes file\n',
      originalFile: null,
    });
    const sessions = tempDir('retrospect-hostile-sessions-');
    writeFileSync(join(sessions, `${t.sessionId}.jsonl`), t.text());
    repo.commit(
      `${SUBJECT}\n\n${BODY}`,
      { [NEWLINE_NAME]: 'first line\n', [HTML_NAME]: 'Hello from the notes file\n', [LINK_NAME]: 'x\n' },
      '2026-10-01T10:00:00Z',
    );
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'summary-only',
      cwd: repo.dir,
      env: process.env,
      sessions: [sessions],
    });
    expect(document.change_units[0]?.hunks?.find((h) => h.path === HTML_NAME)?.session_id).toBe(t.sessionId);
    const markdown = renderMarkdown(document);

    expect(markdown).not.toMatch(/[\u001b\u0007\u202e]/);
    const lines = markdown.slice(0, markdown.indexOf('```json')).split('\n');
    expect(lines.filter((l) => /^\s{0,3}#/.test(l))).toEqual([
      '# Retrospective Walk: HEAD~1..HEAD',
      '## Narrative',
      '## Change Units',
      expect.stringMatching(
        /^### cu_001 - &lt;script&gt;alert\(1\)&lt;\/script&gt; \\\[x\\\]\(javascript:alert\(1\)\) /,
      ),
      '## Open Questions',
      '## Evidence Package',
    ]);
    expect(lines.filter((l) => /^\s{0,3}[-*+] /.test(l) && l.includes('fake'))).toEqual([]);
    // The folded JSON block is the walk's own HTML, the one raw HTML in the document.
    const ownHtml = [
      '<details>',
      '<summary>The complete walk as JSON (the document <code>--json</code> writes)</summary>',
    ];
    for (const line of lines.filter((l) => !ownHtml.includes(l))) {
      const live = outsideCodeSpans(line);
      // No HTML, no link or image: `](` and `![` only ever appear escaped.
      expect(live, line).not.toMatch(/<[a-z!/?]|(?<!\\)\]\(|(?<!\\)!\[/i);
    }
    const spans = lines.flatMap(codeSpansOf);
    expect(spans).toContain(HTML_NAME);
    expect(spans).toContain('notes ## Open Questions - injected.md');
    expect(spans).toContain(LINK_NAME);
    // The why quotes the body, not its trailer, and the session's request, all of it escaped.
    const why = lines.find((l) => l.startsWith('Why: ')) ?? '';
    expect(why).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The escape characters are shown as text (`\u{1B}`, its backslash escaped for Markdown).
    expect(why).toContain(
      '&lt;img src=y onerror=alert(2)&gt; \\[z\\](javascript:c) \\\\u{1B}\\]0;PWNED\\\\u{7}',
    );
    expect(why).not.toContain('Signed-off-by');
  });
});
