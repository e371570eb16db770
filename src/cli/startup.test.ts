import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../test-support/cli.js';

/** Logs every module the CLI resolves (an ESM loader hook registered before the CLI starts). */
const HOOKS = `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('MODULE ' + r.url + '\\n'); return r; }`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;
function modulesLoadedBy(args: string[]): string[] {
  const run = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, BIN, ...args],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  return [
    ...new Set(
      run.stderr
        .split('\n')
        .filter((l) => l.startsWith('MODULE '))
        .map((l) => l.slice(7)),
    ),
  ];
}

/**
 * Runs the CLI inside a process that logs every CommonJS file it requires by a relative path, and says at
 * exit whether Node's ES module loader ran a module (its module jobs load with the first one).
 */
const TRACE_REQUIRES = `const M = require('node:module');
const load = M._load;
M._load = function (request, parent, isMain) {
  if (request.startsWith('.')) process.stderr.write('REQUIRE ' + M._resolveFilename(request, parent, isMain) + '\\n');
  return load.apply(this, arguments);
};
process.on('exit', () => {
  if (process.moduleLoadList.includes('NativeModule internal/modules/esm/module_job')) process.stderr.write('ESM LOADER\\n');
});
const [bin, ...args] = JSON.parse(process.env.TRACED_ARGV);
process.argv = [process.argv[0], bin, ...args];
require(bin);`;

/** The CommonJS files a run of the CLI requires, and whether it started the ES module loader. */
function requiresOf(args: string[]): { files: string[]; esmLoader: boolean } {
  const run = spawnSync(process.execPath, ['-e', TRACE_REQUIRES], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TRACED_ARGV: JSON.stringify([BIN, ...args]) },
  });
  const lines = run.stderr.split('\n');
  return {
    files: [...new Set(lines.filter((l) => l.startsWith('REQUIRE ')).map((l) => l.slice(8)))],
    esmLoader: lines.includes('ESM LOADER'),
  };
}

describe('CLI start-up', () => {
  it('`retrospect gate` loads the CLI core and one script of main() and the gate, which holds no package and nothing else', () => {
    const session = join(
      REPO_ROOT,
      'examples',
      'projects',
      '-home-ada-notes',
      '5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74.jsonl',
    );
    // The first run after a build writes the script's code cache (its writer loads for that); count a run
    // that finds it.
    requiresOf(['gate', session]);
    const { files, esmLoader } = requiresOf(['gate', session]);
    // No ES module at all: the loader and the modules that must stay one instance per process are
    // CommonJS files, and the script (main() and the gate) is run by that loader, not required.
    expect(esmLoader).toBe(false);
    expect(modulesLoadedBy(['gate', session]).filter((m) => m.includes('/dist/'))).toEqual([]);
    const gate = join(REPO_ROOT, 'dist', 'cli', 'main-gate.cjs');
    expect(files.filter((f) => f.includes('node_modules'))).toEqual([]);
    const own = files
      .filter((f) => f.includes(`${join(REPO_ROOT, 'dist')}/`))
      .map((f) => f.slice(REPO_ROOT.length + 6));
    // The loader (cli/main-gate-start), the script's runner (cli/script-cache) and the cache folder's
    // (cli/compile-cache), and what must stay one instance per process: errors, the output (cli/io) with
    // its guard (safety/redact, safety/terminal), the refused-read channel, and the module that finds the
    // two-thread read's worker file beside itself (gate/split-worker-url). The price table's reader, a
    // module of its own because it finds its JSON beside itself, loads only when a cost is priced.
    expect(own.sort()).toEqual(
      [
        'cli/compile-cache.cjs',
        'cli/io.cjs',
        'cli/main-gate-start.cjs',
        'cli/script-cache.cjs',
        'errors/errors.cjs',
        'fsx/refused-reads.cjs',
        'gate/split-worker-url.cjs',
        'safety/redact.cjs',
        'safety/terminal.cjs',
      ].sort(),
    );
    // The bundle names each module it inlined in a comment: only the gate's own code is in it.
    // A module whose code esbuild places in more than one piece is named once per piece: counted once.
    const inlined = [
      ...new Set([...readFileSync(gate, 'utf8').matchAll(/^\/\/ (\S*dist\/\S+\.js)$/gm)].map((m) => m[1]!)),
    ];
    expect(inlined.some((m) => m.endsWith('dist/transcript/claude/fast/wasm-scanner.js'))).toBe(true);
    expect(inlined.some((m) => m.includes('node_modules'))).toBe(false);
    expect(
      inlined.filter((m) => /dist\/(store|scan|sprint|trial|walk|llm|deepread|retro|hooks)\//.test(m)),
    ).toEqual([]);
    // The gate's own code (with the calibrated profile's small modules: lexicon, reader, machine, length,
    // rework, and Claude Code's tool-result reading; and the reading of lines too long to hold: the
    // streaming reducer, its sink and limits, and each profile's text reduction), plus the option parser,
    // the help it generates and the gate's option table (args, help, suggest, gate/spec), and every host's
    // reader (about 40 small modules: `gate FILE` tells a Codex, Gemini CLI, OpenCode or Copilot CLI session
    // by its place and head; OpenCode's through the SQLite adapter, whose engine loads only when an OpenCode
    // database is opened), and the one helper every reader opens files with. Their cost on a one-line Claude Code session: about 5 ms of CPU per run (120
    // against 115 ms, 20 runs each). The adapter's WebAssembly engine adds four (its adapter, the transaction
    // helper, and the file lock with its sleep); its WebAssembly is compiled only when a database is opened on it.
    // The bounded readers add three: the array helpers that never spread data-sized arrays, and the
    // ledger's streamed, capped reading of its tail. The lock's name token (fsx/unique-token) adds one.
    // The turn timeline the cost's friction share is cut by (gate/timeline) and the --pricing option's entry
    // in the option table add two; what --why reads of usage and prices is a module of its own, loaded for
    // --why only. Claude Code's reader keeps the shell commands a walk credits with writing files
    // (transcript/session-edits), and the other hosts' adapters the shell commands theirs ran
    // (transcript/session-commands, part of each adapter's edits reading). The Codex reader's named steps (codex/items, read-state, replay, results)
    // add four, and the one resolver of the gate's settings (gate/settings) one. The read of a large
    // transcript on two threads (gate/split-read; its thread's file is found beside a module of its own)
    // one; the calibrated profile's first-use compiling of its patterns to machine code
    // (gate/calibrated/compiled) one; version 8's readings, each in a small file of its own (carry-on,
    // complaint, frustration, later-concession, own-command), five; version 12's (back-to-before,
    // delivered-complaint, form-after-claim, rule-words, and the lower-cased match they share, lower-match),
    // five more; the re-sent check's requests (gate/calibrated/sent-requests) one. 118 distinct modules;
    // with main() in the same script, its command table and the version (cli/main, cli/registry, version)
    // and the gate's index its option table is reached through (gate/index), 122.
    expect(inlined.length).toBeLessThanOrEqual(122);
  });
});
