import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';

const DIST = join(REPO_ROOT, 'dist');

/** Static imports of a built module (`import ... from`, `export ... from`, bare `import '...'`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^\s*(?:import|export)\s(?:[^'"()]*?\sfrom\s)?['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );
}

/** Every module loaded when the given modules load, following static imports only. */
function closure(roots: string[]): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = roots.map((r) => join(DIST, r));
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { files: [...files].map((f) => relative(DIST, f)).sort(), packages: [...packages].sort() };
}

describe('the friction-capture start-up path', () => {
  it('loads only node builtins and a handful of small modules (no zod, no yaml)', () => {
    // What `retrospect hook friction-capture` loads: the CLI entry, then (lazily) the hook command, its stdin
    // reader and the capture core.
    const { files, packages } = closure([
      'cli/main.js',
      'cli/commands/hook.js',
      'hooks/stdin.js',
      'ledger/capture.js',
    ]);
    expect(packages.every((p) => p.startsWith('node:'))).toBe(true);
    expect(files).not.toContain('ledger/read.js');
    // 25: the ledger's real-path check (fsx/paths, fsx/project), the output guard every command's text
    // passes through (safety/characters, redact, terminal) and the one-level-at-a-time folder maker
    // (fsx/make-dirs: a recursive mkdir can spin forever in the hook) and the no-follow append opener
    // (fsx/append-open), and the regular-files-only reader (fsx/read-regular) are small leaf modules.
    expect(files.length).toBeLessThanOrEqual(25);
  });
});
