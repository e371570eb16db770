import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readChartJsSource } from './chart-source.js';
import { escapeHtml, jsonForScriptElement } from './escape.js';
import { buildReport } from './model.js';
import { PAGE_SCRIPT } from './page-script.js';
import { renderReportHtml } from './render.js';
import { storedSession, storeWith } from './test-support/records.js';

const HOSTILE_ID = '</script><script>window.__owned=1</script><!--';
const HOSTILE_PROJECT = '-home-"dev"-<img src=x onerror=alert(1)>';

function hostileHtml(): string {
  const store = storeWith(
    storedSession({ project: HOSTILE_PROJECT, sessionId: HOSTILE_ID, signals: { S1: 3 } }),
    storedSession({ sessionId: 'plain', signals: { S2: 1 } }),
  );
  try {
    const model = buildReport(store, {
      threshold: 5,
      project: undefined,
      trials: {
        skippedLines: 1,
        decisions: [
          {
            ts: '2026-07-20T10:11:12Z',
            agent: 'ic5',
            directive: 'Never <script>alert(2)</script> & co',
            decision: 'KEEP',
            decidedBy: 'user',
            trialStart: '2026-07-03',
            baseline: { mean: 9, n: 2 },
            inTrial: { mean: 1.5, n: 2 },
          },
        ],
      },
    });
    return renderReportHtml(model, readChartJsSource());
  } finally {
    store.close();
  }
}

describe('escaping', () => {
  it('escapes text for element content and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes JSON that cannot end its script element and parses back to the same value', () => {
    const value = { id: HOSTILE_ID, text: 'a & b > c \u2028 d' };
    const json = jsonForScriptElement(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('renderReportHtml', () => {
  it('shows untrusted session ids, project names and rules only as escaped text and JSON data', () => {
    const html = hostileHtml();
    expect(html.match(/<script\b/g)).toHaveLength(3);
    expect(html).not.toContain('<script>window.__owned');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__owned=1&lt;/script&gt;&lt;!--');
    expect(html).toContain('-home-&quot;dev&quot;-&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Never &lt;script&gt;alert(2)&lt;/script&gt; &amp; co');
    const data = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
    const model = JSON.parse(data ?? 'null');
    expect(model.topFlagged[0].sessionId).toBe(HOSTILE_ID);
    expect(model.projects[0].project).toBe(HOSTILE_PROJECT);
    expect(model.signalLabels.S3).toBe('edit loop');
  });

  it('allows only its own inline script and style, by hash, and loads nothing from anywhere', () => {
    const html = hostileHtml();
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${hash(readChartJsSource())} ${hash(PAGE_SCRIPT)};`);
    expect(csp).toContain(`style-src ${hash(style)};`);
    expect(csp).not.toContain('unsafe');
    const markup = html.slice(0, html.indexOf('<script'));
    expect(markup).not.toMatch(/<[a-z]+[^>]*\s(src|href)=/i);
    expect(html).toContain('Chart.js v4.6.1');
  });

  it('shows the trial decisions with their means, and says how many history lines were left out', () => {
    const html = hostileHtml();
    expect(html).toContain('KEEP 1 · REVERT 0 · INCONCLUSIVE 0 · DEFER 0');
    expect(html).toContain('9.0000 (n=2)');
    expect(html).toContain('1.5000 (n=2)');
    expect(html).toContain('1 lines of the history could not be read');
  });
});
