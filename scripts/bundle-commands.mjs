#!/usr/bin/env node
// Bundles the commands that run most often into one file each, in place of the files tsc wrote:
// `gate` (every session end, and the benchmarks) and `hook` (after every failed tool call). Loading one
// module costs a fraction of loading the ~20-30 small modules behind each. Some modules stay shared
// imports: the error classes, so that the error boundary in cli/main.js still recognizes what a
// command throws, any module that finds a worker file beside itself through import.meta.url, and modules a
// command loads only on a rare path (the gate's session-id lookup), which stay out of its start-up.
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// What cli/main.js loads anyway stays shared too: the CLI's output (whose secrets main() sets for the run)
// and its guards, and the channel on which readers report files they refused.
const CLI_CORE = ['cli/io.js', 'safety/redact.js', 'safety/terminal.js', 'fsx/refused-reads.js'];
const BUNDLES = [
  // The price table's reader finds its JSON beside itself; a --pricing file's reader (and zod) loads only for --pricing.
  {
    command: 'gate',
    shared: ['errors/errors.js', 'sessions/prefix.js', 'cost/bundled-prices.js', 'cost/pricing-file.js', ...CLI_CORE],
  },
  { command: 'hook', shared: ['errors/errors.js', 'hooks/hint.js', ...CLI_CORE] },
];

for (const { command, shared } of BUNDLES) {
  const file = join(dist, 'cli', 'commands', `${command}.js`);
  const keep = new Set(shared.map((name) => join(dist, name)));
  await build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // No source map: dist ships without the TypeScript sources a map would point at.
    sourcemap: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'shared-modules',
        setup(bundler) {
          bundler.onResolve({ filter: /^\./ }, (args) => {
            const target = resolve(args.resolveDir, args.path);
            if (!keep.has(target)) return undefined;
            const path = relative(dirname(file), target);
            return { path: path.startsWith('.') ? path : `./${path}`, external: true };
          });
        },
      },
    ],
  });
}
