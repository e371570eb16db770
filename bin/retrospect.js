#!/usr/bin/env node
// Entry point for `retrospect` and `retro`. Kept tiny, and CommonJS (bin/package.json): Node then starts
// its ES module loader only for the commands that import ES modules, and never for the friction hook,
// which on Node 20 paid that loader's node:fs/promises and readline on every failed tool call.
'use strict';

const argv = process.argv.slice(2);

function exitWith(promise) {
  promise.then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`retrospect: internal error: ${error?.stack ?? error}\n`);
      process.exitCode = 70;
    },
  );
}

// What Claude Code runs after every failed tool call: one CommonJS bundle of the capture alone
// (dist/cli/capture-main.cjs, scripts/bundle-commands.mjs). Any other command line, the capture's --help
// included, goes through main().
if (argv.length === 2 && argv[0] === 'hook' && argv[1] === 'friction-capture') {
  exitWith(require('../dist/cli/capture-main.cjs').captureMain());
} else if (argv[0] === 'gate') {
  exitWith(startGate());
} else {
  exitWith(startMain());
}

// A gate (every session end) runs main() and the gate command as one script with V8's code cache of an
// earlier run, started from CommonJS files alone (dist/cli/main-gate-start.cjs): no ES module loader,
// which on Node 20 was about a fifth of a gate's start-up (scripts/bundle-commands.mjs).
async function startGate() {
  const module = require('node:module');
  if (module.enableCompileCache) {
    require('../dist/cli/compile-cache.cjs').enableCompileCache(process.env, module.enableCompileCache);
  }
  return require('../dist/cli/main-gate-start.cjs').main(argv);
}

async function startMain() {
  const module = require('node:module');
  // V8's compile cache (Node >= 22.1) keeps the compiled code of the CLI's modules between runs, so a hook
  // or a gate does not compile the same ~300 KB again each time: in this user's own cache folder, never the
  // shared temp one (dist/cli/compile-cache.js). A Node without it (20) loads nothing for it and runs as
  // before. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  if (module.enableCompileCache) {
    const { enableCompileCache } = await import('../dist/cli/compile-cache.js');
    enableCompileCache(process.env, module.enableCompileCache);
  }
  // A scan runs main() and the command as one script with V8's code cache of an earlier run
  // (dist/cli/main-scan.js).
  const { main } = await import(argv[0] === 'scan' ? '../dist/cli/main-scan.js' : '../dist/cli/main.js');
  return main(argv);
}
