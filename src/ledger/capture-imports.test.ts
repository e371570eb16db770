import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';

const DIST = join(REPO_ROOT, 'dist');

/**
 * Static imports of a built module (`import ... from`, `export ... from`, bare `import '...'`), and the
 * top-level requires of a CommonJS one (the modules that stay one instance per process are `X.cjs`, which
 * their ES form `X.js` re-exports: scripts/bundle-commands.mjs).
 */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const imports = [...code.matchAll(/^\s*(?:import|export)\s(?:[^'"()]*?\sfrom\s)?['"]([^'"]+)['"]/gm)];
  const requires = file.endsWith('.cjs')
    ? [...code.matchAll(/^var [\w$]+ = (?:__toESM\()?require\("([^"]+)"\)/gm)]
    : [];
  return [...imports, ...requires].map((m) => m[1] ?? '');
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
  // A module and its CommonJS form are one module.
  const modules = new Set([...files].map((f) => relative(DIST, f).replace(/\.cjs$/, '.js')));
  return { files: [...modules].sort(), packages: [...packages].sort() };
}

describe('the friction-capture start-up path', () => {
  it('loads only node builtins and a handful of small modules (no zod, no yaml)', () => {
    // The capture core as tsc wrote it: its stdin reader and the ledger writer.
    const core = closure(['hooks/stdin.js', 'ledger/capture.js']);
    expect(core.packages.every((p) => p.startsWith('node:'))).toBe(true);
    // Loading node:crypto costs the hook ~4 ms: temp and lock names need no cryptographic randomness.
    expect(core.packages).not.toContain('node:crypto');
    expect(core.files).not.toContain('ledger/read.js');
    // What `retrospect hook friction-capture` loads when it comes through main.js (as with `--help`): 10,
    // the CLI core (main, io, registry, version, errors, safety/redact, safety/terminal, the refused-read
    // channel), the hook group and the capture command, each a bundle that holds the core above.
    const { files, packages } = closure([
      'cli/main.js',
      'cli/commands/hook.js',
      'cli/commands/hook/friction-capture.js',
    ]);
    expect(packages.every((p) => p.startsWith('node:'))).toBe(true);
    expect(files.length).toBeLessThanOrEqual(10);
  });

  it('the command line Claude Code runs loads one CommonJS bundle: no package, none of the gate, no stream', () => {
    // bin/retrospect.js (CommonJS: bin/package.json) requires this bundle for `hook friction-capture`
    // (nothing after it), so that Node starts no ES module loader.
    expect(JSON.parse(readFileSync(join(REPO_ROOT, 'bin', 'package.json'), 'utf8'))).toEqual({
      type: 'commonjs',
    });
    const code = readFileSync(join(DIST, 'cli', 'capture-main.cjs'), 'utf8');
    expect(code).not.toMatch(/\bimport\s*\(|import\.meta|^\s*import\s/m);
    const required = [
      ...new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1] ?? '')),
    ].sort();
    // node:fs/promises loads readline and the streams on Node 20; the stdin stream loads node:net.
    expect(required).toEqual(['node:fs', 'node:os', 'node:path']);
    // The bundle is minified: its first line lists the modules it holds.
    const inlined = (/^\/\/ modules: (.*)$/m.exec(code)?.[1] ?? '').split(' ').map((m) => `dist/${m}`);
    expect(inlined.some((m) => m.endsWith('dist/ledger/capture.js'))).toBe(true);
    expect(inlined.some((m) => m.endsWith('dist/hooks/stdin-fd.js'))).toBe(true);
    expect(
      inlined.filter((m) =>
        /dist\/(gate|transcript|store|scan|trial|ledger\/read|cli\/(main|args|io))/.test(m),
      ),
    ).toEqual([]);
    // The capture's own modules and the output guard: 27 today.
    expect(new Set(inlined).size).toBeLessThanOrEqual(27);
  });
});
