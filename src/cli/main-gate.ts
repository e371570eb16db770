/**
 * `retrospect gate …` starts here (bin/retrospect.js picks it for any command line that begins with
 * `gate`): main() and the gate command as one script bundle, `main-gate.cjs`
 * (scripts/bundle-commands.mjs), run with V8's code cache of its last run (script-cache.ts), so that a gate
 * neither loads a dozen modules nor compiles the same ~350 KB on every session end.
 *
 * The modules below stay modules, one instance per process, handed to the bundle for its `require` calls:
 * the error classes (main()'s error boundary and the modules it loads on an error path must see the same
 * classes), the output with its secrets and guards, the channel on which readers report refused files,
 * and the module that finds the two-thread read's worker file beside itself. The build checks that the
 * bundle requires nothing else of ours.
 */
import * as errors from '../errors/errors.js';
import * as refusedReads from '../fsx/refused-reads.js';
import * as splitWorkerUrl from '../gate/split-worker-url.js';
import * as redact from '../safety/redact.js';
import * as terminal from '../safety/terminal.js';
import { privateCacheFolder } from './compile-cache.js';
import * as io from './io.js';
import type * as Main from './main.js';
import { cachedMain, runCachedScript } from './script-cache.js';

const bundle = runCachedScript<typeof Main>({
  file: new URL('./main-gate.cjs', import.meta.url),
  shared: {
    '../errors/errors.js': errors,
    '../fsx/refused-reads.js': refusedReads,
    '../gate/split-worker-url.js': splitWorkerUrl,
    '../safety/redact.js': redact,
    '../safety/terminal.js': terminal,
    './io.js': io,
  },
  folder: privateCacheFolder(process.env, 'script-cache'),
});

/** main() of the bundle; the cache is written once the command is done, when this run made it. */
export const main = cachedMain(bundle);
