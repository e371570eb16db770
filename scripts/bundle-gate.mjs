#!/usr/bin/env node
// Bundles the `gate` command into one file, in place of the one tsc wrote. `retrospect gate` runs at every
// session end and in benchmarks, where loading ~30 small modules costs more than the gate itself on a
// small file; one module loads in a third of the time. The CLI's error classes stay a shared import, so
// that the error boundary in cli/main.js still recognizes the errors the command throws.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const command = join(root, 'dist', 'cli', 'commands', 'gate.js');
const shared = join(root, 'dist', 'cli', 'errors.js');

await build({
  entryPoints: [command],
  outfile: command,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'shared-cli-errors',
      setup(bundler) {
        bundler.onResolve({ filter: /errors\.js$/ }, (args) =>
          join(args.resolveDir, args.path) === shared ? { path: '../errors.js', external: true } : undefined,
        );
      },
    },
  ],
});
