import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrowser, isCi, launchTestBrowser, NO_BROWSER, watchPage } from '../test-support/browser.js';
import { experimentTaskRepo } from '../test-support/experiment-repo.js';
import { CHECK_FIRST_RULE, installScriptedClaude } from '../test-support/scripted-agent.js';
import { tempDir } from '../test-support/temp-dir.js';
import { runExperiment } from './experiment.js';
import { parseTasksJsonl } from './tasks.js';
import { REPORT_FILES, writeExperimentReports } from './write-report.js';

/** As the session report's browser test: a browser already on the machine; CI must have one. */
const BROWSER = findBrowser(process.env);
const REQUIRED = isCi(process.env);
if (!BROWSER && !REQUIRED) console.warn(`experiment report browser test skipped: ${NO_BROWSER}`);
const HOSTILE = '</p><script>window.__owned=1</script>';

interface PageGlobals {
  __owned?: number;
  document: {
    scripts: { length: number };
    querySelectorAll(
      selector: string,
    ): Iterable<{ getAttribute(name: string): string | null; textContent: string | null }>;
  };
}

/** A small real experiment (one task, two runs per arm, the scripted claude) and its HTML report. */
async function reportPage(): Promise<{ url: string; outDir: string }> {
  const { env } = installScriptedClaude('rule-helps', { seed: 2 });
  const { tasksFile } = experimentTaskRepo(1);
  const outDir = join(tempDir('retrospect-experiment-html-'), 'out');
  const outcome = await runExperiment({
    tasks: parseTasksJsonl(readFileSync(tasksFile, 'utf8'), 'tasks'),
    rules: { source: HOSTILE, text: CHECK_FIRST_RULE },
    agent: 'claude',
    runsPerArm: 2,
    seed: 2,
    timeLimitMs: 60_000,
    checkTimeLimitMs: 30_000,
    budget: { runs: 10 },
    keep: false,
    confidence: 0.95,
    outDir,
    env,
    checkoutRoot: tempDir('retrospect-experiment-html-checkouts-'),
  });
  writeExperimentReports(outcome.state, outDir);
  return { url: pathToFileURL(join(outDir, REPORT_FILES.html)).href, outDir };
}

describe.skipIf(!BROWSER && !REQUIRED)('the experiment report in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchTestBrowser(BROWSER);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws one chart per measure offline, arm against arm with intervals, a transcript one click away', async () => {
    const { url } = await reportPage();
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const { errors, requests } = watchPage(page);
    await page.goto(url);
    const state = await page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals;
      const attr = (selector: string, name: string) =>
        [...w.document.querySelectorAll(selector)].map((e) => e.getAttribute(name));
      return {
        charts: attr('svg.chart', 'data-measure'),
        intervals: attr('svg.chart[data-measure="check_pass"] line.interval', 'data-arm'),
        // Two runs an arm are too few for a median's interval: the chart says so rather than draw none silently.
        notes: [...w.document.querySelectorAll('svg.chart[data-measure="friction"] text.no-interval')].length,
        centres: attr('svg.chart[data-measure="check_pass"] rect.centre', 'data-arm'),
        dots: [...w.document.querySelectorAll('svg.chart[data-measure="friction"] circle.run')].length,
        owned: w.__owned,
        scripts: w.document.scripts.length,
      };
    });
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    expect(state.charts).toEqual([
      'friction',
      'check_pass',
      'friction_runs',
      'tokens',
      'cost_usd',
      'turns',
      'wall_seconds',
      'phrasing',
    ]);
    expect(state.centres).toEqual(['with', 'without']);
    expect(state.intervals).toEqual(['with', 'without']);
    expect(state.notes).toBe(2);
    expect(state.dots).toBe(4);
    expect(state.owned).toBeUndefined();
    expect(state.scripts).toBe(0);
    // One click on a run's dot opens its transcript.
    await page.click('svg.chart[data-measure="friction"] a >> nth=0');
    await page.waitForURL(/\.transcript\.jsonl$/);
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { body: { textContent: string } } }).document.body
            .textContent,
      ),
    ).toContain('"type":"assistant"');
    await page.close();
  }, 60_000);
});
