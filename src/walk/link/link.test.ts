import { describe, expect, it } from 'vitest';
import { type HunkSummary, parsePatchText } from '../collect/patch.js';
import { createTestRepo } from '../test-support/repo.js';
import type { AgentEdit } from './agent-edits.js';
import { createHunkLinker, type LinkedFile } from './link.js';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const ROOT = '/home/dev/shop';
const COMMITTED = '2026-10-01T12:00:00+00:00';

interface Hunk {
  file: LinkedFile;
  hunk: HunkSummary;
  added: string[];
}

/** The hunks git shows for one commit of these files (real git, so real hunk splitting and renames). */
function commitHunks(before: Record<string, string | null>, after: Record<string, string | null>): Hunk[] {
  const repo = createTestRepo();
  repo.commit('before', before);
  repo.commit('after', after);
  const hunks: Hunk[] = [];
  parsePatchText(repo.git('show', '-M', '--format=', 'HEAD'), (file, hunk, added) =>
    hunks.push({ file: { path: file.path, oldPath: file.oldPath }, hunk, added: [...added] }),
  );
  return hunks;
}

function edit(
  sessionId: string,
  filePath: string,
  pieces: AgentEdit['pieces'],
  timestamp: string,
  extra: Partial<AgentEdit> = {},
): AgentEdit {
  return {
    sessionId,
    filePath: `${ROOT}/${filePath}`,
    toolName: 'Edit',
    toolUseId: `toolu_${filePath}_${timestamp}`,
    timestamp,
    pieces,
    ...extra,
  };
}

const lines = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `export const ${word}${i} = compute('${word}', ${i});`);

describe('createHunkLinker (link by share)', () => {
  it('links every hunk of a whole-file Write that git splits into several hunks', () => {
    const old = lines(40, 'kept');
    const written = [...old];
    written.splice(3, 0, 'export const early = 1;');
    written.splice(20, 1, 'export const middle = rewritten(20);');
    written.push('export const late = finish();');
    const hunks = commitHunks(
      { 'src/a.ts': `${old.join('\n')}\n` },
      { 'src/a.ts': `${written.join('\n')}\n` },
    );
    expect(hunks.length).toBeGreaterThanOrEqual(3);
    const write = edit(
      A,
      'src/a.ts',
      [{ before: `${old.join('\n')}\n`, after: `${written.join('\n')}\n` }],
      '2026-10-01T11:50:00Z',
      {
        toolName: 'Write',
        toolUseId: 'toolu_write',
      },
    );
    const linker = createHunkLinker([write]);
    for (const { file, hunk, added } of hunks) {
      expect(linker.link(file, hunk, added, COMMITTED)).toMatchObject({
        share: 1,
        link: { sessionId: A, toolUseId: 'toolu_write', share: 1 },
      });
    }
  });

  it('credits an edit only with the lines it introduced, never with the context it carried', () => {
    const base = ['const alpha = first();', 'const beta = second();', 'const gamma = third();'];
    // The session removed `beta`; a person then added `delta` right there.
    const removal = edit(
      A,
      'src/b.ts',
      [{ before: base.join('\n'), after: [base[0], base[2]].join('\n') }],
      '2026-10-01T11:00:00Z',
    );
    const [hunk] = commitHunks(
      { 'src/b.ts': `${base.join('\n')}\n` },
      { 'src/b.ts': `${[base[0], 'const delta = fourth();', base[2]].join('\n')}\n` },
    );
    expect(createHunkLinker([removal]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED)).toEqual({
      share: 0,
    });
  });

  it('credits an edit with a block it re-indented (Python code moved out of an `if`)', () => {
    const body = [
      'parsed, raw_text = generate_json(model_name=config.model)',
      'annotations.append(build_annotation(sample, parsed, raw_text))',
      'result["reason"] = f"inference failed: {type(exc).__name__}"',
    ];
    const nested = [
      'def run(samples, config):',
      '    if is_remote(config.model):',
      ...body.map((l) => `        ${l}`),
    ];
    const flat = ['def run(samples, config):', ...body.map((l) => `    ${l}`)];
    const dedent = edit(
      A,
      'src/run.py',
      [{ before: nested.join('\n'), after: flat.join('\n') }],
      '2026-10-01T11:00:00Z',
      { toolName: 'apply_patch' },
    );
    const [hunk] = commitHunks(
      { 'src/run.py': `${nested.join('\n')}\n` },
      { 'src/run.py': `${flat.join('\n')}\n` },
    );
    expect(hunk!.added).toHaveLength(3);
    expect(createHunkLinker([dedent]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED)).toMatchObject({
      share: 1,
      link: { sessionId: A },
    });
    // The same lines carried unchanged (context of an edit elsewhere in the file) are still not credited.
    const elsewhere = edit(
      A,
      'src/run.py',
      [{ before: flat.join('\n'), after: [...flat, '    return result'].join('\n') }],
      '2026-10-01T11:00:00Z',
    );
    expect(createHunkLinker([elsewhere]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED)).toEqual({
      share: 0,
    });
  });

  it('counts only edits made no later than the commit (git keeps whole seconds)', () => {
    const [hunk] = commitHunks(
      { 'src/c.ts': 'export const c = 0;\n' },
      { 'src/c.ts': 'export const c = computeTheValue();\n' },
    );
    const piece = [{ before: 'export const c = 0;', after: 'export const c = computeTheValue();' }];
    const after = edit(A, 'src/c.ts', piece, '2026-10-01T12:09:43Z');
    expect(createHunkLinker([after]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED)).toEqual({});
    const sameSecond = edit(A, 'src/c.ts', piece, '2026-10-01T12:00:00.700Z');
    expect(
      createHunkLinker([sameSecond]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED).link?.sessionId,
    ).toBe(A);
  });

  it('finds lines a formatter split or joined after the edit', () => {
    const written = [
      'const total = computeTotal(items, taxRate, discountRule, roundingMode);',
      'const label = formatLabel(',
      '  customer.name,',
      '  customer.city,',
      ');',
    ].join('\n');
    const formatted = [
      'const total = computeTotal(',
      '  items,',
      '  taxRate,',
      '  discountRule,',
      '  roundingMode,',
      ');',
      'const label = formatLabel(customer.name, customer.city);',
    ].join('\n');
    const [hunk] = commitHunks({ 'src/d.ts': '' }, { 'src/d.ts': `${formatted}\n` });
    const write = edit(A, 'src/d.ts', [{ before: '', after: written }], '2026-10-01T11:00:00Z');
    const provenance = createHunkLinker([write]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED);
    expect(provenance.link?.sessionId).toBe(A);
    expect(provenance.share).toBeGreaterThanOrEqual(0.75);
  });

  it('follows a file renamed in the walk, and one moved before it was committed', () => {
    const script = lines(6, 'step').join('\n');
    const renamed = commitHunks(
      { 'scripts/x.sh': `${script}\n` },
      { 'scripts/x.sh': null, 'priv/scripts/x.sh': `${script}\nexport const added = extraStep();\n` },
    );
    expect(renamed[0]?.file).toEqual({ path: 'priv/scripts/x.sh', oldPath: 'scripts/x.sh' });
    const wrote = edit(
      A,
      'scripts/x.sh',
      [{ before: script, after: `${script}\nexport const added = extraStep();` }],
      '2026-10-01T11:00:00Z',
    );
    const linker = createHunkLinker([wrote]);
    expect(
      linker.link(renamed[0]!.file, renamed[0]!.hunk, renamed[0]!.added, COMMITTED).link?.sessionId,
    ).toBe(A);

    const moved = commitHunks({ README: 'x\n' }, { 'priv/tools/y.sh': `${script}\n` });
    const wroteY = edit(B, 'tools/y.sh', [{ before: '', after: script }], '2026-10-01T11:00:00Z', {
      toolName: 'Write',
    });
    expect(
      createHunkLinker([wroteY]).link(moved[0]!.file, moved[0]!.hunk, moved[0]!.added, COMMITTED).link
        ?.sessionId,
    ).toBe(B);
  });

  it('finds a file saved on a case-insensitive disk under another case', () => {
    const text = lines(4, 'audit').join('\n');
    const [hunk] = commitHunks({ README: 'x\n' }, { 'Docs/Security-Audit.sh': `${text}\n` });
    const wrote = edit(A, 'docs/security-audit.sh', [{ before: '', after: text }], '2026-10-01T11:00:00Z');
    expect(
      createHunkLinker([wrote]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED).link?.sessionId,
    ).toBe(A);
  });

  it('links the session with the largest share, and none when no session wrote at least half', () => {
    const fromA = lines(3, 'fromA');
    const fromB = lines(7, 'fromB');
    const [hunk] = commitHunks({ 'src/e.ts': '' }, { 'src/e.ts': `${[...fromA, ...fromB].join('\n')}\n` });
    const editA = edit(A, 'src/e.ts', [{ before: '', after: fromA.join('\n') }], '2026-10-01T10:00:00Z');
    const editB = edit(
      B,
      'src/e.ts',
      [{ before: fromA.join('\n'), after: [...fromA, ...fromB].join('\n') }],
      '2026-10-01T11:00:00Z',
    );
    expect(
      createHunkLinker([editA, editB]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED),
    ).toMatchObject({
      share: 0.7,
      link: { sessionId: B, share: 0.7 },
    });
    // Alone, A wrote 3 of 10 lines: not its hunk, but the share says how close it came.
    expect(createHunkLinker([editA]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED)).toEqual({
      share: 0.3,
    });
  });

  it('counts an introduced line for the first commit that adds it, not for a later one adding the text again', () => {
    const issues = ['## FW-5', '**Status:** Ready', '', '## FW-7', '**Status:** Ready'].join('\n');
    const done = edit(
      A,
      'issues.md',
      [{ before: '## FW-5\n**Status:** Ready', after: '## FW-5\n**Status:** Done' }],
      '2026-10-01T11:00:00Z',
    );
    const linker = createHunkLinker([done]);
    const [first] = commitHunks(
      { 'issues.md': `${issues}\n` },
      { 'issues.md': `${issues.replace('Ready', 'Done')}\n` },
    );
    expect(linker.link(first!.file, first!.hunk, first!.added, COMMITTED).link?.sessionId).toBe(A);
    // Days later someone closes FW-7 the same way: the session's one `Status: Done` is already committed.
    const [later] = commitHunks(
      { 'issues.md': `${issues.replace('Ready', 'Done')}\n` },
      { 'issues.md': `${issues.replaceAll('Ready', 'Done')}\n` },
    );
    expect(linker.link(later!.file, later!.hunk, later!.added, '2026-10-03T12:00:00+00:00')).toEqual({
      share: 0,
    });
  });

  it('does not credit a committed line again when a later commit re-wraps it', () => {
    const line = 'const out = { address: null, json: false, minUsdc: DEFAULT_MIN_USDC, help: false };';
    const write = edit(A, 'src/args.ts', [{ before: '', after: line }], '2026-10-01T11:00:00Z');
    const linker = createHunkLinker([write]);
    const [first] = commitHunks({ README: 'x\n' }, { 'src/args.ts': `${line}\n` });
    expect(linker.link(first!.file, first!.hunk, first!.added, COMMITTED).link?.sessionId).toBe(A);
    const wrapped = [
      'const out = {',
      '  address: null,',
      '  json: false,',
      '  minUsdc: DEFAULT_MIN_USDC,',
      '  mode: "settlement",',
      '  help: false,',
      '};',
    ];
    const [later] = commitHunks({ 'src/args.ts': `${line}\n` }, { 'src/args.ts': `${wrapped.join('\n')}\n` });
    expect(
      linker.link(later!.file, later!.hunk, later!.added, '2026-10-05T12:00:00+00:00').link,
    ).toBeUndefined();
  });

  it('does not link a hunk of braces and blank lines', () => {
    const [hunk] = commitHunks(
      { 'src/f.ts': 'if (x) {\n  go();\n' },
      { 'src/f.ts': 'if (x) {\n  go();\n}\n\n' },
    );
    const write = edit(
      A,
      'src/f.ts',
      [{ before: '', after: 'if (x) {\n  go();\n}\n\n' }],
      '2026-10-01T11:00:00Z',
    );
    expect(createHunkLinker([write]).link(hunk!.file, hunk!.hunk, hunk!.added, COMMITTED)).toEqual({
      trivial: true,
    });
  });
});
