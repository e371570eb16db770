#!/usr/bin/env node
// Entry point for `retrospect` and `retro`. Kept tiny: the CLI module loads each command lazily so that
// hook handlers and the gate start fast.
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`retrospect: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
