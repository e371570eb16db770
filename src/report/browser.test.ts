import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { findBrowser, isCi, launchTestBrowser, NO_BROWSER, watchPage } from '../test-support/browser.js';
import { tempDir } from '../test-support/temp-dir.js';
import { TranscriptBuilder } from '../test-support/transcript.js';
import { trialProject } from '../test-support/trial-project.js';
import { gateScorer } from '../trial/gate-scorer.js';
import { transcriptScoreSource } from '../trial/sources.js';
import { readChartJsSource } from './chart-source.js';
import { buildReport } from './model.js';
import { renderReportHtml } from './render.js';
import { buildRulesReport } from './rules.js';
import { storedSession, storeWith } from './test-support/records.js';

/**
 * A Chromium-family browser already on the machine (never a downloaded one). CI installs chromium
 * (.ci/run) and sets CI=true, so there a missing browser fails; elsewhere the test is skipped, and says why.
 */
const BROWSER = findBrowser(process.env);
const REQUIRED = isCi(process.env);
if (!BROWSER && !REQUIRED)
  console.warn(`report browser test skipped: ${NO_BROWSER}; install chromium to run it`);
const HOSTILE_ID = '</script><script>window.__owned=1</script>';

/** The little of the page's globals the checks touch (the project compiles without the DOM library). */
interface PageCanvas {
  id: string;
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}
interface WeeklyChart {
  data: { labels: string[]; datasets: { data: unknown[]; spanGaps?: boolean }[] };
}
interface PageGlobals {
  Chart: { instances: Record<string, unknown>; getChart(id: string): WeeklyChart };
  __owned?: number;
  document: {
    scripts: { length: number };
    querySelectorAll(selector: 'canvas'): Iterable<PageCanvas>;
    querySelector(selector: string): { textContent: string | null } | null;
    querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
  };
}

function writeReport(): string {
  const store = storeWith(
    storedSession({ sessionId: HOSTILE_ID, start: '2026-09-29T10:00:00.000Z', signals: { S1: 3 } }),
    storedSession({ sessionId: 's-b', start: '2026-10-13T10:00:00.000Z', signals: { S2: 1 } }),
    storedSession({
      project: '-home-dev-api',
      sessionId: 's-c',
      start: '2026-10-07T10:00:00.000Z',
      signals: { S4: 3, S5: 2 },
    }),
  );
  try {
    const html = renderReportHtml(buildReport(store, { threshold: 5 }), readChartJsSource());
    const path = join(tempDir('retrospect-report-browser-'), 'report.html');
    writeFileSync(path, html);
    return path;
  } finally {
    store.close();
  }
}

describe.skipIf(!BROWSER && !REQUIRED)(
  BROWSER || REQUIRED ? 'the report in a browser' : `the report in a browser (skipped: ${NO_BROWSER})`,
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchTestBrowser(BROWSER);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('draws its charts offline, without errors, and shows a hostile session id as text', async () => {
      const url = pathToFileURL(writeReport()).href;
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const { errors, requests } = watchPage(page);
      await page.goto(url);

      const state = await page.evaluate(() => {
        const w = globalThis as unknown as PageGlobals;
        const painted = [...w.document.querySelectorAll('canvas')].map((c) => {
          const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
          let opaque = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) opaque++;
          return { id: c.id, width: c.width, opaque };
        });
        return {
          charts: Object.keys(w.Chart.instances).length,
          painted,
          owned: w.__owned,
          scripts: w.document.scripts.length,
          sessionText: w.document.querySelector('#flagged-table code')?.textContent,
        };
      });
      expect(errors).toEqual([]);
      expect(requests).toEqual([url]);
      expect(state.charts).toBe(3);
      expect(state.painted.map((p) => p.id)).toEqual([
        'chart-signal-totals',
        'chart-weekly',
        'chart-signal-mix',
      ]);
      for (const canvas of state.painted) expect(canvas.width > 0 && canvas.opaque > 100).toBe(true);
      expect(state.owned).toBeUndefined();
      expect(state.scripts).toBe(3);
      expect(state.sessionText).toBe(HOSTILE_ID);
      await page.close();
    });

    it('switches the weekly chart to one project', async () => {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(writeReport()).href);
      const weekly = () =>
        page.evaluate(() => {
          const chart = (globalThis as unknown as PageGlobals).Chart.getChart('chart-weekly');
          return { labels: chart.data.labels, sessions: chart.data.datasets[0]?.data };
        });
      expect(await weekly()).toEqual({
        labels: ['2026-09-28', '2026-10-05', '2026-10-12'],
        sessions: [1, 1, 1],
      });
      const options = await page.locator('#weekly-project option').allTextContents();
      expect(options).toEqual(['All projects', '-home-dev-shop', '-home-dev-api']);
      await page.selectOption('#weekly-project', { label: '-home-dev-api' });
      expect(await weekly()).toEqual({
        labels: ['2026-09-28', '2026-10-05', '2026-10-12'],
        sessions: [0, 1, 0],
      });
      await page.close();
    });

    it('answers "do the rules work?", drills a flagged session down to its messages, and breaks the line at a quiet week', async () => {
      const t = new TranscriptBuilder('a1b2c3d4-0000-4000-8000-000000000001');
      t.user('Add a retry to the upload');
      t.assistant('Done, the retry is in.');
      const reject = t.user("no that's wrong, <b>revert</b> it");
      const flagged = storedSession({
        sessionId: t.sessionId,
        start: '2026-09-29T10:00:00.000Z',
        signals: { S1: 3 },
      });
      flagged.path = t.write();
      flagged.verdict.signals = [{ name: 'S1', count: 3, ids: [reject] }];
      // Sessions in the first and third week only: the mean score line must not be drawn across the second.
      const store = storeWith(
        flagged,
        storedSession({ sessionId: 's-late', start: '2026-10-13T10:00:00.000Z', signals: { S2: 1 } }),
      );
      const p = trialProject(
        { turns: [60, 140], friction: 0.06 },
        { turns: [60, 140], friction: 0 },
        { count: 10 },
      );
      const source = transcriptScoreSource({
        mainCheckout: p.root,
        scope: 'current',
        env: p.env,
        scoreTranscript: gateScorer({
          gate: resolveGateSettings({ env: p.env, ledger: ledgerFromEnv(p.env) }),
          cwd: p.root,
        }),
      });
      const rules = await buildRulesReport(p.root, source, { today: '2026-07-20', budget: 800 });
      let path: string;
      try {
        const html = renderReportHtml(buildReport(store, { threshold: 5, rules }), readChartJsSource());
        path = join(tempDir('retrospect-report-browser-'), 'report.html');
        writeFileSync(path, html);
      } finally {
        store.close();
      }
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const { errors } = watchPage(page);
      await page.goto(pathToFileURL(path).href);
      expect(await page.locator('#rules h2').textContent()).toBe('Do the rules work?');
      const trial = page.locator('#rule-trials tbody tr');
      expect(await trial.count()).toBe(1);
      expect(await trial.locator('td').nth(1).textContent()).toBe('due: KEEP');
      expect(await trial.locator('svg.ci line').count()).toBe(2);
      expect(await trial.locator('td').nth(4).textContent()).toMatch(/^repeated-failing-command: \d+ → 0/);
      const excerpt = page.locator('#flagged-table details.drill pre.excerpt');
      expect(await excerpt.isVisible()).toBe(false);
      await page.locator('#flagged-table details.drill summary').click();
      expect(await excerpt.isVisible()).toBe(true);
      expect(await excerpt.textContent()).toBe("no that's wrong, <b>revert</b> it");
      const weekly = await page.evaluate(() => {
        const chart = (globalThis as unknown as PageGlobals).Chart.getChart('chart-weekly');
        const line = chart.data.datasets[2];
        return { labels: chart.data.labels, line: line?.data, spanGaps: line?.spanGaps };
      });
      expect(weekly).toEqual({
        labels: ['2026-09-28', '2026-10-05', '2026-10-12'],
        line: [9, null, 2],
        spanGaps: false,
      });
      expect(errors).toEqual([]);
      await page.close();
    });
  },
);
