import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { trialProject } from '../../test-support/trial-project.js';

function embeddedData(html: string) {
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe('retrospect report --mroot: do the rules work?', () => {
  it('shows each trial as trial list does, open ones too, with effect, pattern, violations and cost', async () => {
    const p = trialProject(
      { turns: [60, 100], friction: 0.05 },
      { turns: [60, 100], friction: 0.05, rerunFailed: 1 },
      { count: 8 },
    );
    // A second rule whose trial started yesterday: open.
    p.writeRules(
      '.claude/memory/ic5/directives.md',
      '1. Read a file in this session before editing it <!-- trial start=2026-11-30 source=s1#m1 review-after=10-sessions -->\n',
    );
    expect((await runCli(['scan'], { cwd: p.root, env: p.env })).code).toBe(0);
    const out = join(p.root, '..', 'report.html');
    const run = await runCli(['report', '--out', out, '--mroot', p.root], { cwd: p.root, env: p.env });
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const data = embeddedData(html);
    const list = await runCli(['trial', 'list', '--json'], { cwd: p.root, env: p.env });
    const listed = JSON.parse(list.stdout);
    expect(data.rules.trials.map((t: { state: string }) => t.state)).toEqual(
      listed.map((t: { state: string }) => t.state),
    );
    expect(data.rules.trials.map((t: { effect: unknown }) => t.effect)).toEqual(
      listed.map((t: { effect: unknown }) => t.effect),
    );
    expect(listed.map((t: { state: string }) => t.state)).toEqual([
      'open: 0/10 sessions',
      'open: 8/10 sessions',
    ]);
    expect(html).toContain('<section id="rules"><h2>Do the rules work?</h2>');
    expect(html).toContain('<strong>ic5 #1</strong><br>Read a file in this session before editing it');
    expect(html).toMatch(/repeated-failing-command: \d+ → \d+<br>/);
    expect(html).toContain('retrospect init --guard repeated-failing-command');
    expect(html).toMatch(/<h3>claude: 1 rules, ≈\d+ tokens<\/h3>/);
  });
});
