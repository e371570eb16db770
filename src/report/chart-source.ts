import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Chart.js UMD build (it defines a global `Chart`) as text, read from the installed package at run time
 * so that the report carries the exact pinned version and needs no network. The package's exports map
 * does not list the UMD file, so it is found beside the resolved main entry (`dist/chart.cjs`).
 */
export function readChartJsSource(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}
