import { describe, expect, it } from 'vitest';
import { parsePatchText, unquoteGitPath } from './patch.js';

describe('parsePatchText', () => {
  it('reads git patches: added, deleted, renamed, mode-only and binary files', () => {
    const text = [
      'diff --git a/src/new.ts b/src/new.ts',
      'new file mode 100644',
      'index 0000000..1111111',
      '--- /dev/null',
      '+++ b/src/new.ts',
      '@@ -0,0 +1,2 @@',
      '+export function hello() {}',
      '+diff --git a/looks/like b/a/header',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      '\\ No newline at end of file',
      'diff --git a/a b.ts b/c d.ts',
      'similarity index 90%',
      'rename from a b.ts',
      'rename to c d.ts',
      'diff --git a/run.sh b/run.sh',
      'old mode 100644',
      'new mode 100755',
      'diff --git a/logo.png b/logo.png',
      'index 1..2 100644',
      'Binary files a/logo.png and b/logo.png differ',
    ].join('\n');
    const files = parsePatchText(text);
    expect(files.map((f) => [f.path, f.status, f.added, f.deleted])).toEqual([
      ['src/new.ts', 'added', 2, 0],
      ['old.txt', 'deleted', 0, 1],
      ['c d.ts', 'renamed', 0, 0],
      ['run.sh', 'modified', 0, 0],
      ['logo.png', 'modified', 0, 0],
    ]);
    expect(files[0]?.symbols).toEqual(['hello']);
    const prose = parsePatchText(
      [
        '--- a/x.ts',
        '+++ b/x.ts',
        '@@ -0,0 +1,5 @@',
        "+import { type CliIo } from '../io.js';",
        '+// the type proposal is folded',
        '+export async function runWalk() {}',
        '+  pub fn parse_line(x: &str) {}',
        '+export const LIMIT = 3;',
      ].join('\n'),
    );
    expect(prose[0]?.symbols).toEqual(['runWalk', 'parse_line', 'LIMIT']);
    expect(files[2]).toMatchObject({ oldPath: 'a b.ts', similarity: 90 });
    expect(files[3]?.modeChange).toEqual({ from: '100644', to: '100755' });
    expect(files[4]?.binary).toBe(true);
  });

  it('reads plain diff -u output and hands each hunk with its added lines to the listener', () => {
    const seen: string[] = [];
    const files = parsePatchText(
      [
        '--- a/x.py\t2026-11-02 10:00:00',
        '+++ b/x.py\t2026-11-02 10:01:00',
        '@@ -1,2 +1,2 @@',
        ' a',
        '-b',
        '+c',
        '--- y.py',
        '+++ y.py',
        '@@ -5 +5,2 @@',
        ' keep',
        '+more',
      ].join('\n'),
      (file, hunk, added) => seen.push(`${file.path} ${hunk.range} ${added.join('|')}`),
    );
    expect(files.map((f) => f.path)).toEqual(['x.py', 'y.py']);
    expect(seen).toEqual(['x.py @@ -1,2 +1,2 @@ c', 'y.py @@ -5 +5,2 @@ more']);
  });

  it('unquotes C-style quoted paths', () => {
    expect(unquoteGitPath('"a/t\\303\\244b\\tx.ts"')).toBe('a/täb\tx.ts');
    expect(unquoteGitPath('plain.ts')).toBe('plain.ts');
  });
});

describe('paths git quotes', () => {
  it('reads a quoted path that git follows with a tab (a name with a space and a line break)', () => {
    const files = parsePatchText(
      [
        'diff --git "a/notes\\n## Open Questions\\n- x y.md" "b/notes\\n## Open Questions\\n- x y.md"',
        'new file mode 100644',
        '--- /dev/null',
        '+++ "b/notes\\n## Open Questions\\n- x y.md"\t',
        '@@ -0,0 +1 @@',
        '+first line',
      ].join('\n'),
    );
    expect(files.map((f) => f.path)).toEqual(['notes\n## Open Questions\n- x y.md']);
  });
});
