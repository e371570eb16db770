import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test-support/cli.js';
import { copyDemo, DEMO_PROJECT, snapshotFiles } from '../../../test-support/sprint.js';
import { tempDir } from '../../../test-support/temp-dir.js';
import type { CliIo } from '../../io.js';
import { run } from './retro.js';

const NOW = '2026-11-28T15:30:00Z';
/** `script` from util-linux runs a command at a pseudo-terminal; found on the PATH when installed. */
const SCRIPT = (process.env.PATH ?? '')
  .split(delimiter)
  .map((dir) => join(dir, 'script'))
  .find((path) => existsSync(path));
const IA = '.gaia/artifacts/implementation-artifacts';
const ARTIFACT = `${IA}/retrospective/retrospective-sprint-7-2026-11-28.md`;
const env = { RETROSPECT_NOW: NOW };
const original = snapshotFiles(DEMO_PROJECT);
const inputFiles = [...original.keys()].filter(
  (p) =>
    p.startsWith('.gaia/state/sprint-status') ||
    /\/(story\.md|E\d-S\d-[^/]*\.md)$/.test(p) ||
    p.includes('/reviews/') ||
    p.endsWith('tech-debt-dashboard.md'),
);

function text(root: string, rel: string): string {
  return readFileSync(join(root, rel), 'utf8');
}

function sink(): PassThrough & { text(): string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') });
}

/** The facilitator's keystrokes: the same decisions as the answers file below, made at the prompts. */
const KEYSTROKES = [
  'Recurring invoices shipped end to end two days before the sprint closed.',
  '',
  '4: E4-S3 sat blocked behind E4-S2 for 8.6 days and is still blocked.',
  'CI was red on a third of the runs from the same flaky integration tests.',
  'Stories over 5 points still entered sprint planning without being split.',
  '',
  '',
  'marco',
  '',
  '',
  '',
  'priya',
  '',
  'bug',
  '',
  'dana',
  '',
  '',
  '',
  'marco',
  '',
  '',
  '',
  'priya',
  '',
  '',
  'e',
  'Stabilise the flaky integration tests in CI',
  'dana',
  '',
  'automation',
  'e',
  'Split stories larger than 5 points before planning',
  'marco',
  '',
  '',
  'Pair on the next idempotency review',
  '',
  'marco',
  '',
  '', // an empty owner is refused, then given
  '',
  'folklore: not a category',
  'anti-pattern: Retrying a job without an idempotency key bills the customer twice.',
  "strategy: Land a story's dependency before the story enters the sprint.",
  '',
  'y',
  'n',
];

const EQUIVALENT_ANSWERS = `went_well:
  add: [Recurring invoices shipped end to end two days before the sprint closed.]
could_improve:
  edit: { 4: E4-S3 sat blocked behind E4-S2 for 8.6 days and is still blocked. }
  add:
    - CI was red on a third of the runs from the same flaky integration tests.
    - Stories over 5 points still entered sprint planning without being split.
action_items:
  edit:
    1: { owner: marco }
    2: { owner: priya, type: bug }
    3: { owner: dana }
    4: { owner: marco }
    5: { owner: priya }
    6: { text: Stabilise the flaky integration tests in CI, owner: dana, type: automation }
    7: { text: Split stories larger than 5 points before planning, owner: marco }
  add:
    - { text: Pair on the next idempotency review, owner: marco }
lessons:
  - { category: anti-pattern, synopsis: Retrying a job without an idempotency key bills the customer twice. }
  - { category: strategy, synopsis: "Land a story's dependency before the story enters the sprint." }
proposals: { retro-sprint-7-finding-1: approve, retro-sprint-7-finding-7: reject }
`;

describe('sprint retro, end to end', () => {
  it('at the prompts and from an answers file, writes the same files byte for byte', async () => {
    const live = copyDemo();
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.end(`${KEYSTROKES.join('\n')}\n`);
    const stdout = sink();
    const stderr = sink();
    const io: CliIo = { stdin, stdout, stderr, env: { ...env }, cwd: live };
    expect(await run(['--auto-file'], io)).toBe(0);
    expect(stderr.text()).toContain('Merge preview:');
    expect(stderr.text()).toContain('required: an action item needs it');
    expect(stderr.text()).toContain('unknown category');

    const scripted = copyDemo();
    writeFileSync(join(scripted, 'answers.yaml'), EQUIVALENT_ANSWERS);
    const cli = await runCli(
      ['sprint', 'retro', '--root', scripted, '--answers', join(scripted, 'answers.yaml'), '--auto-file'],
      { env },
    );
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe(stdout.text());

    const liveFiles = snapshotFiles(live);
    const scriptedFiles = snapshotFiles(scripted);
    scriptedFiles.delete('answers.yaml');
    expect(liveFiles).toEqual(scriptedFiles);
    for (const file of inputFiles) expect(liveFiles.get(file)).toBe(original.get(file));

    const artifact = text(live, ARTIFACT);
    expect(
      artifact.startsWith(
        '---\nsprint_id: sprint-7\ndate: 2026-11-28\nauto_generated: false\n---\n\n# Retrospective: sprint-7\n',
      ),
    ).toBe(true);
    expect(artifact).toContain(
      '## Bypasses\n\n- **gaia-test-automate** — E2E runner image broken after the Node upgrade; manual QA evidence attached to E4-S1 (recorded by priya at 2026-11-24T13:55:00Z)\n',
    );
    expect(artifact).toContain(
      '- AI-9: Stabilise the flaky integration tests in CI. Owner: dana. Target: sprint-8.\n',
    );
    expect(artifact).toContain('- retro-sprint-7-finding-7: REJECTED\n');
    expect(artifact).toContain(
      '- AI-5: auto_file: substrate-deferred — no spawn; queued /gaia-add-feature --text "Resolve the REQUEST_CHANGES of the security review of E4-S1"\n',
    );
    expect(artifact.indexOf('## What Could Improve')).toBeLessThan(artifact.indexOf('## Bypasses'));
    expect(artifact.indexOf('## Bypasses')).toBeLessThan(artifact.indexOf('## Action Items'));
    expect(text(live, '.gaia/memory/sm-sidecar/velocity-data.md')).toBe(
      `${text(DEMO_PROJECT, '.gaia/memory/sm-sidecar/velocity-data.md')}\n### Sprint sprint-7 — 2026-11-28T15:30:00Z\n\n| Metric | Value |\n|---|---|\n| Planned points | 26 |\n| Completed points | 21 |\n| Story count (done) | 4 |\n| Story count (rollover) | 2 |\n| Velocity % | 81 |\n\n<!-- dedup_key: ${text(live, '.gaia/memory/sm-sidecar/velocity-data.md').match(/dedup_key: ([0-9a-f]+) -->\n$/)?.[1]} -->\n`,
    );
    const items = text(live, '.gaia/state/action-items.yaml');
    expect(
      items.startsWith(text(DEMO_PROJECT, '.gaia/state/action-items.yaml').split('  - id: AI-1')[0]!),
    ).toBe(true);
    expect(items).toMatch(/- id: AI-1\n(?:.*\n)*? {4}escalation_count: 1\n/);
    expect(items).toContain(
      '    auto_file_queued: /gaia-add-feature --text "Stabilise the flaky integration tests in CI"\n',
    );
    // The rejected proposal wrote nothing; the approved one appended its section and kept the registration.
    expect(text(live, 'custom/skills/sprint-planning.md')).toBe(
      text(DEMO_PROJECT, 'custom/skills/sprint-planning.md'),
    );
    expect(
      text(live, 'custom/skills/code-review.md').startsWith(
        text(DEMO_PROJECT, 'custom/skills/code-review.md'),
      ),
    ).toBe(true);
    expect(text(live, 'custom/skills/all-dev.customize.yaml')).toBe(
      text(DEMO_PROJECT, 'custom/skills/all-dev.customize.yaml'),
    );
    for (const agent of ['architect', 'test-architect', 'security', 'devops', 'sm', 'pm']) {
      expect(text(live, `.gaia/memory/${agent}-sidecar/decision-log.md`)).toMatch(
        /### Sprint sprint-7 — 2026-11-28T15:30:00Z\n/,
      );
    }
    expect(text(live, '.gaia/memory/validator-sidecar/decision-log.md')).toContain(
      '### [2026-11-28] /gaia-retro: sprint-7\n',
    );
  });

  it.runIf(SCRIPT !== undefined)('runs at a real pseudo-terminal (util-linux script)', async () => {
    const root = copyDemo();
    // One went-well item added, improvements kept, the five proposed actions accepted as proposed (four
    // answers each), no extra action, one lesson, the one skill proposal declined.
    const keys = [
      'Pairing kept the generator review short.',
      '',
      '',
      ...Array(5 * 4).fill(''),
      '',
      'tool-constraint: Pin the E2E runner image.',
      '',
      'n',
    ];
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../../../test-support/cli.js');
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} sprint retro --root ${JSON.stringify(root)}`;
    const child = spawn(SCRIPT!, ['-qec', command, '/dev/null'], {
      env: { ...process.env, ...env, NO_COLOR: '1' },
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stdin.end(`${keys.join('\n')}\n`);
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, Buffer.concat(out).toString('utf8')]).toEqual([
      0,
      expect.stringContaining('validator: written'),
    ]);
    const artifact = text(root, ARTIFACT);
    expect(artifact).toContain('- Pairing kept the generator review short.\n');
    expect(artifact).toContain('- [tool-constraint] Pin the E2E runner image.\n');
    expect(artifact).toContain('- retro-sprint-7-finding-1: REJECTED\n');
  });

  it('re-runs safely: no new rows or entries, a new artifact name, inputs untouched', async () => {
    const root = copyDemo();
    const args = ['sprint', 'retro', '--root', root, '--answers', join(DEMO_PROJECT, 'retro-answers.yaml')];
    expect((await runCli(args, { env })).code).toBe(0);
    const first = snapshotFiles(root);
    const second = await runCli(args, { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^action items: (AI-\d+ skipped_idempotent(, )?)+$/m);
    expect(second.stdout).toContain('velocity: skipped_idempotent');
    expect(second.stdout).toContain(
      `artifact: ${IA}/retrospective/retrospective-sprint-7-2026-11-28-1530.md`,
    );
    const after = snapshotFiles(root);
    for (const [file, hash] of first) {
      if (file.includes('validator-sidecar') || file.endsWith('brain-index.yaml')) continue;
      expect([file, after.get(file)]).toEqual([file, hash]);
    }
    for (const file of inputFiles) expect(after.get(file)).toBe(original.get(file));
  });

  it('builds the skeleton from metrics alone when unattended, and refuses without it', async () => {
    const root = copyDemo();
    const refused = await runCli(['sprint', 'retro', '--root', root], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'no terminal to facilitate the retro at: pass --answers FILE, or --yolo-defaults seed-from-metrics',
    );
    expect(snapshotFiles(root)).toEqual(original);
    const skeleton = await runCli(
      ['sprint', 'retro', '--root', root, '--yolo-defaults', 'seed-from-metrics'],
      { env },
    );
    expect(skeleton.code).toBe(0);
    const artifact = text(root, ARTIFACT);
    expect(artifact).toContain('auto_generated: true');
    expect(artifact).toContain(
      '- retro-sprint-7-finding-1: SKIPPED (unattended run; proposals need an explicit approval)',
    );
    expect(artifact).toContain(
      '- AI-4: Walk through the review findings of E3-S2 and add the missed check to the code review checklist. Owner: Tech Lead. Target: sprint-8.',
    );
    expect(existsSync(join(root, '.gaia/knowledge/brain-index.yaml'))).toBe(false);
    expect(text(root, 'custom/skills/code-review.md')).toBe(
      text(DEMO_PROJECT, 'custom/skills/code-review.md'),
    );
  });

  it('stops before the velocity step when a lesson log is read-only, keeping the ones written', async () => {
    const root = copyDemo();
    const security = join(root, '.gaia/memory/security-sidecar/decision-log.md');
    (await import('node:fs')).mkdirSync(join(security, '..'), { recursive: true });
    writeFileSync(security, '# Decision Log\n\nLocked by the security team.\n');
    chmodSync(security, 0o444);
    const result = await runCli(
      ['sprint', 'retro', '--root', root, '--answers', join(DEMO_PROJECT, 'retro-answers.yaml')],
      { env },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /retro halted: the security decision log could not be written \(io_error: .*read-only\)/,
    );
    expect(result.stdout).toContain('lessons: architect ok, test-architect ok\n');
    expect(text(root, '.gaia/memory/security-sidecar/decision-log.md')).toBe(
      '# Decision Log\n\nLocked by the security team.\n',
    );
    expect(existsSync(`${security}.bak`)).toBe(false);
    expect(text(root, '.gaia/memory/test-architect-sidecar/decision-log.md')).toContain(
      '### Sprint sprint-7',
    );
    expect(existsSync(join(root, '.gaia/memory/devops-sidecar/decision-log.md'))).toBe(false);
    expect(text(root, '.gaia/memory/sm-sidecar/velocity-data.md')).toBe(
      text(DEMO_PROJECT, '.gaia/memory/sm-sidecar/velocity-data.md'),
    );
    expect(existsSync(join(root, ARTIFACT))).toBe(false);
    expect(text(root, '.gaia/memory/validator-sidecar/decision-log.md')).toContain('"verdict":"halted"');
  });

  it('rejects an unknown lesson category in the answers before writing anything', async () => {
    const root = copyDemo();
    writeFileSync(
      join(root, 'bad.yaml'),
      'lessons:\n  - { category: folklore, synopsis: Never deploy on Fridays }\n',
    );
    const before = snapshotFiles(root);
    const result = await runCli(['sprint', 'retro', '--root', root, '--answers', join(root, 'bad.yaml')], {
      env,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/lessons\.0\.category: category must be one of: strategy, writing-rule/);
    expect(snapshotFiles(root)).toEqual(before);
  });

  it('runs the whole demo on a temporary copy', async () => {
    const result = await runCli(['sprint', 'retro', '--demo'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('validator: written');
    const copy = /demo project copy: (.+)/.exec(result.stderr)?.[1];
    expect(copy && existsSync(join(copy, ARTIFACT))).toBe(true);
    expect(snapshotFiles(DEMO_PROJECT)).toEqual(original);
    // Away from a terminal the demo replays its recorded answers, and says so.
    expect(result.stderr).toContain("replaying the demo's recorded answers (retro-answers.yaml)");
    // The artifact's date is its name's, and no story is praised and criticised at once.
    const artifact = text(copy!, ARTIFACT);
    expect(artifact).toMatch(/^---\nsprint_id: sprint-7\ndate: 2026-11-28\n/);
    const section = (name: string) => artifact.split(`## ${name}\n`)[1]!.split('\n## ')[0]!;
    const stories = (text: string) => new Set(text.match(/\bE\d-S\d\b/g) ?? []);
    const improve = stories(section('What Could Improve'));
    expect([...stories(section('What Went Well'))].filter((key) => improve.has(key))).toEqual([]);
  });

  it('facilitates the demo at a terminal instead of replaying its answers', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.end(`${KEYSTROKES.join('\n')}\n`);
    const stdout = sink();
    const stderr = sink();
    // The demo's copy goes to the command's temp folder: a test folder, removed with the file's others.
    const cwd = tempDir('retrospect-sprint-demo-tty-');
    const io: CliIo = { stdin, stdout, stderr, env: { ...env, TMPDIR: cwd }, cwd };
    expect(await run(['--demo'], io)).toBe(0);
    expect(stderr.text()).not.toContain('replaying');
    expect(stderr.text()).toContain('What Went Well');
    expect(stdout.text()).toContain('validator: written');
  });
});
