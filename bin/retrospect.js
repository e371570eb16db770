#!/usr/bin/env node
// Entry point for `retrospect` and `retro`. Kept tiny: the CLI module loads each command lazily so that
// hook handlers and the gate start fast.
import module from 'node:module';

// V8's compile cache (Node >= 22.1) keeps the compiled code of the CLI's modules between runs, so a hook
// or a gate does not compile the same ~300 KB again each time: in this user's own cache folder, never the
// shared temp one (dist/cli/compile-cache.js). A Node without it (20) loads nothing for it and runs as before.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
if (module.enableCompileCache) {
  const { enableCompileCache } = await import('../dist/cli/compile-cache.js');
  enableCompileCache(process.env, module.enableCompileCache);
}

const argv = process.argv.slice(2);
// What Claude Code runs after every failed tool call starts from one bundle that holds main() and the
// capture (scripts/bundle-commands.mjs); any other command line, the capture's --help included, from main.
const capture = argv.length === 2 && argv[0] === 'hook' && argv[1] === 'friction-capture';
// A gate (every session end) and a scan run main() and the command as one script with V8's code cache of
// an earlier run (dist/cli/main-gate.js, main-scan.js).
const script = argv[0] === 'gate' || argv[0] === 'scan';
const entry = capture
  ? '../dist/cli/main-capture.js'
  : script
    ? `../dist/cli/main-${argv[0]}.js`
    : '../dist/cli/main.js';
const { main } = await import(entry);

main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`retrospect: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
