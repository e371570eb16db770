#!/usr/bin/env node
// Benchmark of `retrospect sprint report --json` on a large synthetic sprint project: STORIES stories with
// story files and review reports, RETROS prior retrospectives (every tenth one padded past the 64 KiB read
// cap) and an action items file with one item per prior retro bullet. Times the built CLI (wall clock, peak
// RSS of the CLI process) and checks that every input stays byte-identical.
// usage: node bench/sprint-report.mjs [--stories 300] [--retros 200] [--runs 3] [--keep]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => {
    if (a.startsWith('--'))
      acc.push([a.slice(2), all[i + 1]?.startsWith('--') ? true : (all[i + 1] ?? true)]);
    return acc;
  }, []),
);
const STORIES = Number(args.stories ?? 300);
const RETROS = Number(args.retros ?? 200);
const RUNS = Number(args.runs ?? 3);
const IA = '.gaia/artifacts/implementation-artifacts';
const STATUSES = ['done', 'done', 'done', 'review', 'in-progress', 'blocked'];
const GATE = [
  'Code Review',
  'QA Tests',
  'Security Review',
  'Test Automation',
  'Test Review',
  'Performance Review',
];

function put(root, rel, text) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

function build() {
  const root = mkdtempSync(join(tmpdir(), 'retrospect-sprint-bench-'));
  const stories = [];
  for (let n = 1; n <= STORIES; n++) {
    const key = `E${1 + (n % 20)}-S${n}`;
    const status = STATUSES[n % STATUSES.length];
    stories.push(
      `  - key: ${key}\n    title: Story ${n}\n    status: ${status}\n    points: ${1 + (n % 8)}\n    blocked_by: ${status === 'blocked' ? `E1-S${n - 1}` : 'null'}`,
    );
    const gate = GATE.map(
      (g, i) => `| ${g} | ${status === 'done' && (n + i) % 7 ? 'PASSED' : 'UNVERIFIED'} | r |`,
    ).join('\n');
    const findings = n % 3 === 0 ? `| 1 | bug | low | Finding ${n} | Fix it |` : '| - | - | - | - | - |';
    put(
      root,
      `${IA}/epic-${1 + (n % 20)}-bench/${key}-story/story.md`,
      `---\nkey: ${key}\nsprint_id: sprint-99\n---\n\n# ${key}\n\n## Review Gate\n\n| Review | Status | Report |\n|---|---|---|\n${gate}\n\n## Findings\n\n| # | Type | Severity | Finding | Suggested Action |\n|---|---|---|---|---|\n${findings}\n\n## Definition of Done\n\n- [x] merged\n- [${n % 2 ? 'x' : ' '}] documented\n`,
    );
    put(
      root,
      `${IA}/epic-${1 + (n % 20)}-bench/${key}-story/reviews/code-review-${key}.md`,
      `---\nsprint_id: ${n % 10 ? 'sprint-99' : 'sprint-98'}\n---\n\n**Verdict: ${n % 5 ? 'PASSED' : 'FAILED → PASSED'}**\n`,
    );
  }
  put(
    root,
    '.gaia/state/sprint-status.yaml',
    `sprint_id: sprint-99\nend_date: "2026-11-27"\nstories:\n${stories.join('\n')}\n`,
  );
  const items = [];
  for (let r = 1; r <= RETROS; r++) {
    const bullets = [
      `- AI-${r}: Theme ${r % 25}. Owner: a. Target: sprint-${r + 1}.`,
      `- Fix flaky thing ${r % 40}. Owner: b.`,
    ];
    items.push(
      `  - id: AI-${r}\n    sprint_id: sprint-${r}\n    text: Theme ${r % 25}\n    status: open\n    escalation_count: 0`,
    );
    const padding = r % 10 === 0 ? `\n<!-- ${'x'.repeat(200_000)} -->\n` : '';
    put(
      root,
      `${IA}/retrospective/retrospective-sprint-${r}-2026-01-01.md`,
      `---\nsprint_id: sprint-${r}\n---\n\n## Action Items\n\n${bullets.join('\n')}\n${padding}`,
    );
  }
  put(root, '.gaia/state/action-items.yaml', `items:\n${items.join('\n')}\n`);
  return root;
}

function snapshot(dir) {
  const hash = createHash('sha256');
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(p).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const root = build();
const before = snapshot(root);
// The CLI runs in a child that reports its own peak RSS on stderr when it is done.
const probe = `import(${JSON.stringify(join(repo, 'dist/cli/main.js'))}).then((m) => m.main(process.argv.slice(1))).then((code) => { process.stderr.write('\\nRSS ' + process.resourceUsage().maxRSS + '\\n'); process.exitCode = code; })`;
const times = [];
let rssKb = 0;
let output;
for (let i = 0; i < RUNS; i++) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['-e', probe, 'sprint', 'report', '--json', '--root', root], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
  if (run.status !== 0) throw new Error(run.stderr);
  rssKb = Math.max(rssKb, Number(/RSS (\d+)/.exec(run.stderr)?.[1] ?? 0));
  output = JSON.parse(run.stdout);
}
const unchanged = snapshot(root) === before;
console.log(
  JSON.stringify({
    stories: STORIES,
    retros: RETROS,
    median_ms: Math.round(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]),
    peak_rss_mb: rssKb ? Math.round(rssKb / 1024) : null,
    reviews: output.reviews.length,
    themes: output.themes.length,
    velocity: output.velocity,
    inputs_unchanged: unchanged,
  }),
);
if (!args.keep) rmSync(root, { recursive: true, force: true });
else console.error(`kept ${root}`);
if (!unchanged) process.exit(1);
