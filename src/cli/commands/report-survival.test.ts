import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { survivalProject } from '../../test-support/survival-project.js';

/** The JSON data the page embeds. */
function embeddedData(html: string) {
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe('retrospect report --survival', () => {
  it("adds 'Was the agents' code kept?': lines alive N days on, per project and week, the rest counted apart", async () => {
    const project = survivalProject('retrospect-report-survival-');
    const { root } = project;
    const env = { ...project.env, XDG_DATA_HOME: '' };
    const store = join(root, 'store.sqlite');
    expect((await runCli(['scan', join(root, 'projects'), '--store', store], { env })).code).toBe(0);
    const page = async (name: string, ...args: string[]) => {
      const out = join(root, name);
      const run = await runCli(['report', '--store', store, '--out', out, ...args], { env });
      expect(run.code, run.stderr).toBe(0);
      return readFileSync(out, 'utf8');
    };

    const html = await page('kept.html', '--survival');
    const { survival } = embeddedData(html);
    const half = { sessions: 1, added: 2, alive: 1, share: 0.5 };
    expect(survival).toEqual({
      days: 14,
      all: half,
      projects: [{ project: expect.stringContaining('shop'), ...half }],
      weeks: [{ week: '2026-09-28', ...half }],
      younger: { sessions: 0, added: 0, alive: 0, share: null },
      unmeasured: 0,
      none: 1,
    });
    expect(html).toContain("<h2>Was the agents' code kept?</h2>");
    expect(html).toMatch(
      /<td>all<\/td><td class="num">1<\/td><td class="num">2<\/td><td class="num">1<\/td><td class="num">50\.0%<\/td>/,
    );
    expect(html).toContain('1 session has no committed work found.');

    // A session that has not lived the N days yet is measured at HEAD and kept out of the shares.
    const young = embeddedData(await page('young.html', '--survival-days', '400')).survival;
    expect(young.all).toEqual({ sessions: 0, added: 0, alive: 0, share: null });
    expect(young.younger).toEqual({ sessions: 1, added: 2, alive: 1, share: 0.5 });

    // Off by default.
    const plain = await page('plain.html');
    expect(plain).not.toContain('id="survival"');
    expect(embeddedData(plain)).not.toHaveProperty('survival');
  });
});
