#!/usr/bin/env node
// Bundles the commands that run most often into one file each, in place of the files tsc wrote:
// `gate` (every session end, and the benchmarks) and `hook` (after every failed tool call). Loading one
// module costs a fraction of loading the ~20-30 small modules behind each. Some modules stay shared
// imports: the error classes, so that the error boundary in cli/main.js still recognizes what a
// command throws, any module that finds a worker file beside itself through import.meta.url, and modules a
// command loads only on a rare path (the gate's session-id lookup), which stay out of its start-up.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// What cli/main.js loads anyway stays shared too: the CLI's output (whose secrets main() sets for the run)
// and its guards, and the channel on which readers report files they refused.
const CLI_CORE = ['cli/io.js', 'safety/redact.js', 'safety/terminal.js', 'fsx/refused-reads.js'];
// The price table's reader finds its JSON beside itself; a --pricing file's reader (and zod) loads only for
// --pricing: both stay modules wherever the cost is read.
const COST = ['cost/bundled-prices.js', 'cost/pricing-file.js'];
// The hook group and each of its handlers are bundles of their own: the friction capture runs after every
// failed tool call and loads neither the gate behind the hint nor the guards.
const HOOK_HANDLERS = ['cli/commands/hook/friction-capture.js', 'cli/commands/hook/hint.js', 'cli/commands/hook/guard.js'];
const BUNDLES = [
  {
    command: 'gate',
    // The split read finds its thread's file beside gate/split-worker-url.js.
    shared: [
      'errors/errors.js',
      'sessions/prefix.js',
      'cli/commands/gate/why-cost.js',
      'gate/split-worker-url.js',
      ...COST,
      ...CLI_CORE,
    ],
  },
  { command: 'hook', shared: ['errors/errors.js', ...HOOK_HANDLERS, ...CLI_CORE] },
  { command: 'hook/friction-capture', shared: ['errors/errors.js', ...CLI_CORE] },
  { command: 'hook/hint', shared: ['errors/errors.js', 'hooks/hint.js', ...CLI_CORE] },
  { command: 'hook/guard', shared: ['errors/errors.js', ...CLI_CORE] },
  // The scan: its ~150 modules were a third of a warm scan's time. The pool (which finds its worker beside
  // itself, and loads the gate only when a file must be read) and the demo folder's finder stay modules.
  // What it imports only when asked for (the PostgreSQL store, the OTLP export) stays a lazy import.
  {
    command: 'scan',
    shared: ['errors/errors.js', 'scan/pool.js', 'scan/demo-root.js', ...COST, ...CLI_CORE],
    keepLazy: true,
  },
];

/** Bundles `entry` into `outfile`; a relative import for which `external(target, kind)` holds stays an import. */
async function bundle(entry, outfile, external, extra = {}) {
  return build({
    entryPoints: [entry],
    outfile,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay imports: the PostgreSQL driver and the OpenTelemetry SDK load only when asked for.
    packages: 'external',
    // No source map: dist ships without the TypeScript sources a map would point at.
    sourcemap: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'shared-modules',
        setup(bundler) {
          bundler.onResolve({ filter: /^\./ }, (args) => {
            const target = resolve(args.resolveDir, args.path);
            if (!external(target, args.kind)) return undefined;
            const path = relative(dirname(outfile), target);
            return { path: path.startsWith('.') ? path : `./${path}`, external: true };
          });
        },
      },
    ],
    ...extra,
  });
}

// `retrospect hook friction-capture` with no other argument (what Claude Code runs after every failed tool
// call) starts from one CommonJS file that holds the capture and nothing else: bin/retrospect.js requires
// it for exactly that command line, so that Node starts no ES module loader (which on Node 20 loads
// node:fs/promises and readline) and the run compiles one small file. Nothing else is loaded in that
// process, so its own copies of the error classes and of the output guard are the only ones. The build
// stops when the bundle would load a module of ours, or one of Node's that the capture must not pay for.
const CAPTURE_FORBIDDEN = ['node:fs/promises', 'node:stream', 'node:readline', 'node:url', 'node:crypto', 'node:net'];
{
  const outfile = join(dist, 'cli', 'capture-main.cjs');
  // Minified: V8 scans every byte of the file at start-up, and the shorter file saves ~4 M of the ~10 M
  // that loading it costs on Node 20. Its modules are listed on its first line instead of in comments.
  const { metafile } = await bundle(join(dist, 'cli', 'capture-main.js'), outfile, () => false, {
    format: 'cjs',
    minify: true,
    metafile: true,
  });
  const code = readFileSync(outfile, 'utf8');
  if (/\bimport\s*\(|import\.meta/.test(code)) throw new Error('capture-main.cjs: an import() or import.meta left');
  const required = [...new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]))];
  const wrong = required.filter((name) => !name.startsWith('node:') || CAPTURE_FORBIDDEN.includes(name));
  if (wrong.length > 0) throw new Error(`capture-main.cjs requires ${wrong.join(', ')}`);
  const modules = Object.keys(metafile.inputs).map((input) => relative(dist, resolve(input)));
  writeFileSync(outfile, `// modules: ${modules.join(' ')}\n${code}`);
}

// `retrospect gate …` and `retrospect scan …`: main() and the command as one script (CommonJS-shaped),
// which dist/cli/main-<command>.js runs with V8's code cache of its last run (cli/script-cache.js). What
// must stay one instance per process is required from the modules that loader imports (the build stops
// when the script requires any other module of ours); every other command, and what the command imports
// only when asked for, stays a dynamic import, rewritten to the loader's __import.
async function bundleMainScript(command, shared) {
  const outfile = join(dist, 'cli', `main-${command}.cjs`);
  const target = join(dist, 'cli', 'commands', `${command}.js`);
  const keep = new Set(shared.map((name) => join(dist, name)));
  await bundle(
    join(dist, 'cli', 'main.js'),
    outfile,
    (file, kind) => keep.has(file) || (kind === 'dynamic-import' && file !== target),
    { format: 'cjs', define: { 'import.meta.url': '__bundleUrl' } },
  );
  const name = `main-${command}.cjs`;
  const code = readFileSync(outfile, 'utf8').replace(/\bimport\(("[^"]+")\)/g, '__import($1)');
  if (/\bimport\s*\(|import\.meta/.test(code)) throw new Error(`${name}: an import() or import.meta left`);
  const loader = readFileSync(join(dist, 'cli', `main-${command}.js`), 'utf8');
  const given = new Set([...loader.matchAll(/^\s*'(\.\.?\/[^']+)': /gm)].map((m) => m[1]));
  const required = [...new Set([...code.matchAll(/\brequire\("(\.[^"]+)"\)/g)].map((m) => m[1]))];
  const missing = required.filter((specifier) => !given.has(specifier));
  if (missing.length > 0) throw new Error(`${name} requires ${missing.join(', ')}, which its loader does not give`);
  const buildId = createHash('sha256').update(code).digest('hex').slice(0, 16);
  writeFileSync(outfile, `// build ${buildId}\n${code}`);
}
await bundleMainScript('gate', ['errors/errors.js', 'fsx/refused-reads.js', 'gate/split-worker-url.js', ...CLI_CORE]);
await bundleMainScript('scan', ['errors/errors.js', 'scan/demo-root.js', 'cost/bundled-prices.js', ...CLI_CORE]);

// The gate's threads: the scan's pool (which gates small files on the calling thread) and its worker, and
// the hint's gate worker. Each worker thread loads its modules anew, so a cold scan on two threads paid the
// gate's hundred-odd modules once per thread.
const THREADS = ['scan/pool.js', 'scan/worker.js', 'hooks/gate-worker.js', 'gate/split-worker.js'];
for (const name of THREADS) {
  const file = join(dist, name);
  const keep = new Set(['errors/errors.js', ...COST, ...CLI_CORE].map((shared) => join(dist, shared)));
  await bundle(file, file, (target, kind) => keep.has(target) || kind === 'dynamic-import');
}

for (const { command, shared, keepLazy } of BUNDLES) {
  const file = join(dist, 'cli', 'commands', `${command}.js`);
  const keep = new Set(shared.map((name) => join(dist, name)));
  await bundle(file, file, (target, kind) => keep.has(target) || (keepLazy && kind === 'dynamic-import'));
}

// `retrospect gate …` starts without Node's ES module loader: bin/retrospect.js requires the gate's loader
// as CommonJS (cli/main-gate-start.cjs, the CommonJS form of cli/main-gate.js), and the modules that must
// stay one instance per process are CommonJS files of their own (X.cjs beside each X.js), which the ES
// module of the same name re-exports. A module that imports the ES form (a command loaded later, the other
// bundles) gets the very objects the gate's loader required: Node keeps one instance of a CommonJS file for
// require() and import alike. On Node 20 the ES loader and what it loads (node:fs/promises, readline) cost
// a gate about a fifth of its start-up. Written last: every bundle above was built from the ES forms.
const ONE_INSTANCE = [
  'errors/errors.js',
  'fsx/refused-reads.js',
  'safety/redact.js',
  'safety/terminal.js',
  'cli/io.js',
  'gate/split-worker-url.js',
  'cli/compile-cache.js',
  'cli/script-cache.js',
];
/** Bundles dist/`name` (ES) into CommonJS at `outfile`; imports of ONE_INSTANCE modules require their .cjs. */
async function toCommonJs(name, outfile) {
  const source = readFileSync(join(dist, name), 'utf8');
  const keep = new Set(ONE_INSTANCE.map((shared) => join(dist, shared)));
  await build({
    entryPoints: [join(dist, name)],
    outfile,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: false,
    logLevel: 'warning',
    // A module that finds a file beside itself does so from its own .cjs, in the same folder.
    ...(source.includes('import.meta.url')
      ? {
          banner: { js: 'var __moduleUrl = require("node:url").pathToFileURL(__filename).href;' },
          define: { 'import.meta.url': '__moduleUrl' },
        }
      : {}),
    plugins: [
      {
        name: 'one-instance',
        setup(bundler) {
          bundler.onResolve({ filter: /^\./ }, (args) => {
            const target = resolve(args.resolveDir, args.path);
            if (target === join(dist, name) || !keep.has(target)) {
              // Anything else of ours is an ES module: only a dynamic import (a rare path) may load one.
              if (args.kind !== 'dynamic-import') return undefined;
              const path = relative(dirname(outfile), target);
              return { path: path.startsWith('.') ? path : `./${path}`, external: true };
            }
            const path = relative(dirname(outfile), target).replace(/\.js$/, '.cjs');
            return { path: path.startsWith('.') ? path : `./${path}`, external: true };
          });
        },
      },
    ],
  });
  const BANNER = 'var __moduleUrl = require("node:url").pathToFileURL(__filename).href;\n';
  let code = readFileSync(outfile, 'utf8');
  // The banner goes after the "use strict" that esbuild writes, which holds only as the file's first line.
  if (code.startsWith(`${BANNER}"use strict";\n`)) {
    code = `"use strict";\n${BANNER}${code.slice(BANNER.length + '"use strict";\n'.length)}`;
    writeFileSync(outfile, code);
  }
  const own = [...code.matchAll(/\brequire\("(\.[^"]+)"\)/g)].map((m) => m[1]).filter((s) => !s.endsWith('.cjs'));
  if (own.length > 0) throw new Error(`${relative(dist, outfile)} requires ${own.join(', ')}`);
}
for (const name of ONE_INSTANCE) {
  const cjs = join(dist, name.replace(/\.js$/, '.cjs'));
  await toCommonJs(name, cjs);
  writeFileSync(join(dist, name), `export * from './${name.split('/').pop().replace(/\.js$/, '.cjs')}';\n`);
}
await toCommonJs('cli/main-gate.js', join(dist, 'cli', 'main-gate-start.cjs'));
