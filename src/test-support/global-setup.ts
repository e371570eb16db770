import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { leftInRunTempFolder, useRunTempFolder } from './run-temp-folder.js';

// Many suites spawn bin/retrospect.js or import dist/: run against a build older than the sources, they
// would pass or fail on yesterday's code. Before any test runs, every compiled source must have an output
// at least as new as itself; when one does not, the build runs here (or, with RETRO_TEST_NO_BUILD=1, the
// run stops and names the stale file).

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
/** The line scanner is generated from assembly/ into src/ by the build; a newer assembly/ source means stale. */
const SCANNER_SOURCE = join(ROOT, 'assembly', 'line-scanner.ts');
const SCANNER_MODULE = join(SRC, 'transcript', 'claude', 'fast', 'line-scanner-wasm.ts');

/** What tsc compiles (tsconfig.build.json leaves out tests and test helpers). */
function isBuiltSource(path: string): boolean {
  if (!path.endsWith('.ts') || path.endsWith('.d.ts') || path.endsWith('.test.ts')) return false;
  return !path.split(/[\\/]/).includes('test-support');
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The first source whose compiled output is missing or older than it, or undefined when dist/ is current. */
export function staleSource(): string | undefined {
  if (!existsSync(SCANNER_MODULE)) return relative(ROOT, SCANNER_SOURCE);
  if (statSync(SCANNER_SOURCE).mtimeMs > statSync(SCANNER_MODULE).mtimeMs)
    return relative(ROOT, SCANNER_SOURCE);
  for (const source of walk(SRC)) {
    if (!isBuiltSource(source)) continue;
    const output = join(DIST, relative(SRC, source)).replace(/\.ts$/, '.js');
    if (!existsSync(output) || statSync(output).mtimeMs < statSync(source).mtimeMs)
      return relative(ROOT, source);
  }
  return undefined;
}

export default function setup(): () => void {
  buildIfStale();
  const run = useRunTempFolder();
  return () => {
    const left = leftInRunTempFolder(run);
    if (left.length === 0) return;
    // An error thrown here is printed but leaves vitest's exit status 0: the status is set as well.
    process.exitCode = 1;
    throw new Error(
      `the tests left ${left.length} entries in the temp folder (removed now; make them with tempDir): ${left.slice(0, 20).join(', ')}`,
    );
  };
}

function buildIfStale(): void {
  const stale = staleSource();
  if (stale === undefined) return;
  if (process.env.RETRO_TEST_NO_BUILD === '1') {
    throw new Error(
      `dist/ is older than ${stale}: run \`npm run build\` before the tests (RETRO_TEST_NO_BUILD=1 is set)`,
    );
  }
  process.stderr.write(`dist/ is older than ${stale}: building before the tests\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0)
    throw new Error(`npm run build failed (exit ${build.status}): the tests need a current dist/`);
}
