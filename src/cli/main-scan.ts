/**
 * `retrospect scan …` starts here (bin/retrospect.js picks it for any command line that begins with
 * `scan`): main() and the scan command as one script bundle, `main-scan.cjs`
 * (scripts/bundle-commands.mjs), run with V8's code cache of its last run (script-cache.ts), as the gate
 * is (main-gate.ts): a scan with nothing new is mostly start-up.
 *
 * The modules below stay modules, one instance per process, handed to the bundle for its `require` calls:
 * the error classes, the output with its secrets and guards, the channel on which readers report refused
 * files, and the modules that find a file beside themselves (the price table, the demo sessions). What the
 * scan imports only when asked for (the gate's pool, the PostgreSQL store, the OTLP export) stays a
 * dynamic import. The build checks that the bundle requires nothing else of ours.
 */
import * as bundledPrices from '../cost/bundled-prices.js';
import * as errors from '../errors/errors.js';
import * as refusedReads from '../fsx/refused-reads.js';
import * as redact from '../safety/redact.js';
import * as terminal from '../safety/terminal.js';
import * as demoRoot from '../scan/demo-root.js';
import { privateCacheFolder } from './compile-cache.js';
import * as io from './io.js';
import type * as Main from './main.js';
import { cachedMain, runCachedScript } from './script-cache.js';

const bundle = runCachedScript<typeof Main>({
  file: new URL('./main-scan.cjs', import.meta.url),
  shared: {
    '../cost/bundled-prices.js': bundledPrices,
    '../errors/errors.js': errors,
    '../fsx/refused-reads.js': refusedReads,
    '../safety/redact.js': redact,
    '../safety/terminal.js': terminal,
    '../scan/demo-root.js': demoRoot,
    './io.js': io,
  },
  folder: privateCacheFolder(process.env, 'script-cache'),
});

/** main() of the bundle; the cache is written once the command is done, when this run made it. */
export const main = cachedMain(bundle);
