#!/usr/bin/env node
// Entry point for `retrospect` and `retro`. Kept tiny: the CLI module loads each command lazily so that
// hook handlers and the gate start fast.
import module from 'node:module';

// V8's compile cache (Node >= 22.1) keeps the compiled code of the CLI's modules between runs, so a hook
// or a gate does not compile the same ~300 KB again each time; a Node without it (20) runs as before.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();

const { main } = await import('../dist/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`retrospect: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
