import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { recordTrialDecision } from '../../trial/history.js';

function isolated(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir('retrospect-report-cli-');
  return {
    dir,
    env: {
      HOME: dir,
      RETROSPECT_DATA_DIR: join(dir, 'data'),
      CLAUDE_CONFIG_DIR: join(dir, '.claude'),
      XDG_DATA_HOME: '',
      RETRO_THRESHOLD: '',
    },
  };
}

/** The JSON data the page embeds. */
function embeddedData(html: string) {
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe('retrospect report', () => {
  it('--demo writes a self-contained page from the bundled sessions, without a store on disk', async () => {
    const { dir, env } = isolated();
    const out = join(dir, 'demo.html');
    const run = await runCli(['report', '--demo', '--out', out], { env, cwd: dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([0, `${out}\n`, '']);
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<div class="value" id="summary-sessions">7</div>');
    expect(html).toContain('<div class="value" id="summary-flagged">3</div>');
    expect(html).toContain('1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24');
    const data = embeddedData(html);
    expect(data.summary.signals).toEqual({ S1: 4, S2: 3, S3: 1, S4: 5, S5: 3 });
    expect(data.weekly.weeks).toEqual(['2026-09-28', '2026-10-05']);
    expect(existsSync(env.RETROSPECT_DATA_DIR!)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['demo.html']);
  });

  it('reads a scanned store, after its transcripts are gone, with filters and the trial decisions', async () => {
    const { dir, env } = isolated();
    const projects = join(dir, 'projects');
    cpSync(join(REPO_ROOT, 'examples', 'projects'), projects, { recursive: true });
    const store = join(dir, 'store.sqlite');
    expect((await runCli(['scan', projects, '--store', store, '--json'], { env, cwd: dir })).code).toBe(0);
    rmSync(projects, { recursive: true });
    const root = join(dir, 'checkout');
    recordTrialDecision(root, {
      agent: 'ic5',
      directive: 'Run the tests before <b>every</b> commit',
      source: 'sess#a1',
      trial_start: '2026-10-01',
      baseline: { mean: 6.5, n: 3, sessions: [] },
      in_trial: { mean: 2.25, n: 4, sessions: [] },
      decision: 'KEEP',
      decided_by: 'user',
    });
    const out = join(dir, 'shop.html');
    const args = ['report', '--store', store, '--project', 'shop', '--since', '2026-10-03', '--mroot', root];
    const run = await runCli([...args, '--out', out], { env, cwd: dir });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const html = readFileSync(out, 'utf8');
    const data = embeddedData(html);
    expect(data.scope).toMatchObject({ project: 'shop', since: '2026-10-03T00:00:00.000Z', threshold: 5 });
    expect([data.summary.sessions, data.summary.flagged]).toEqual([2, 2]);
    expect(data.projects.map((p: { project: string }) => p.project)).toEqual(['-home-ada-code-shop']);
    expect(html).toContain('Run the tests before &lt;b&gt;every&lt;/b&gt; commit');
    expect(html).toContain('6.5000 (n=3)');
    // Run again: an earlier report is replaced.
    expect((await runCli([...args, '--out', out], { env, cwd: dir })).code).toBe(0);
  });

  it('reports transcripts whose timestamps are words, far future or far past by their file times', async () => {
    const { dir, env } = isolated();
    const shop = join(dir, 'projects', '-home-ada-code-shop');
    cpSync(join(REPO_ROOT, 'examples', 'projects', '-home-ada-code-shop'), shop, { recursive: true });
    const stamps = ['yesterday', '9999-01-01T00:00:00.000Z', '1999-01-01T00:00:00.000Z'];
    const files = readdirSync(shop).sort();
    files.forEach((file, i) => {
      const path = join(shop, file);
      const text = readFileSync(path, 'utf8').replace(/"timestamp":"[^"]*"/g, `"timestamp":"${stamps[i]}"`);
      writeFileSync(path, text);
      const fileTime = new Date(Date.parse('2026-10-05T09:00:00Z') + i * 86_400_000);
      utimesSync(path, fileTime, fileTime);
    });
    const store = join(dir, 'store.sqlite');
    const scanned = await runCli(['scan', join(dir, 'projects'), '--store', store, '--json'], {
      env,
      cwd: dir,
    });
    expect(scanned.code).toBe(0);
    const out = join(dir, 'odd.html');
    const run = await runCli(['report', '--store', store, '--out', out], { env, cwd: dir });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const html = readFileSync(out, 'utf8');
    const data = embeddedData(html);
    expect(data.summary).toMatchObject({
      sessions: 3,
      firstStart: '2026-10-05T09:00:00.000Z',
      lastStart: '2026-10-07T09:00:00.000Z',
      startsFromFile: { sessions: 3, subAgentTranscripts: 0 },
    });
    expect(data.weekly.weeks).toEqual(['2026-10-05']);
    expect(html).toContain('3 sessions had no usable start time; their file time was used.');
    expect(statSync(out).size).toBeLessThan(400_000);
  });

  it('refuses a missing store, a non-HTML target and a missing folder, and writes nothing', async () => {
    const { dir, env } = isolated();
    const missingStore = join(dir, 'none.sqlite');
    const out = join(dir, 'r.html');
    const noStore = await runCli(['report', '--store', missingStore, '--out', out], { env, cwd: dir });
    expect([noStore.code, noStore.stderr]).toEqual([
      1,
      `retrospect report: no session store at ${missingStore} (run 'retrospect scan' first, or give --store PATH)\n`,
    ]);
    const notes = join(dir, 'notes.html');
    writeFileSync(notes, 'my notes\n');
    const clobber = await runCli(['report', '--demo', '--out', notes], { env, cwd: dir });
    expect([clobber.code, clobber.stderr]).toEqual([
      1,
      `retrospect report: ${notes} exists and is not a retrospect report; not replacing it (choose another --out, or pass --force to replace it)\n`,
    ]);
    expect(readFileSync(notes, 'utf8')).toBe('my notes\n');
    const noFolder = await runCli(['report', '--demo', '--out', join(dir, 'sub', 'r.html')], {
      env,
      cwd: dir,
    });
    expect(noFolder.code).toBe(1);
    expect(readdirSync(dir)).toEqual(['notes.html']);
  });

  it('explains its usage errors with exit status 2', async () => {
    const { dir, env } = isolated();
    const noOut = await runCli(['report', '--demo'], { env, cwd: dir });
    expect([noOut.code, noOut.stderr]).toEqual([
      2,
      'retrospect report: --out FILE.html is required; usage: retrospect report --out FILE.html [options]\n',
    ]);
    const badDate = await runCli(['report', '--demo', '--since', 'last week', '--out', join(dir, 'r.html')], {
      env,
    });
    expect([badDate.code, badDate.stderr]).toEqual([
      2,
      "retrospect report: --since takes a date (2026-01-31, 20260131), an ISO time or 7d / 12h / 2w, got 'last week'\n",
    ]);
  });
});
