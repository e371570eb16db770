import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../../llm/test-support/llm-server.js';
import { runCli } from '../../../test-support/cli.js';
import { copyDemo } from '../../../test-support/sprint.js';
import {
  ACTION_DRAFT,
  IMPROVE_DRAFT,
  MODEL_ANSWER,
  WENT_WELL_DRAFT,
} from '../../../test-support/sprint-drafts.js';
import type { CliIo } from '../../io.js';
import { run } from './retro.js';

const NOW = '2026-11-28T15:30:00Z';
const RETRO_DIR = '.gaia/artifacts/implementation-artifacts/retrospective';
const ARTIFACT = `${RETRO_DIR}/retrospective-sprint-7-2026-11-28.md`;
// A provider chosen on purpose is the only way to send anything: clear what the machine may have set.
const BASE_ENV = { RETROSPECT_NOW: NOW, RETROSPECT_PROVIDER: '', RETROSPECT_MODEL: '' };

let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: 'sk-test-retro' });
});
afterAll(async () => {
  await server.close();
});

function sink(): PassThrough & { text(): string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') });
}

function artifactOf(root: string): string {
  return readFileSync(join(root, ARTIFACT), 'utf8');
}

describe('sprint retro drafts from a provider', () => {
  it('offers drafts at the prompts; the accepted ones reach the artifact with a Drafted with note', async () => {
    const root = copyDemo();
    server.enqueue({ text: MODEL_ANSWER });
    const before = server.requests.length;
    const keys = [
      'y', // went-well draft
      '', // keep the went-well list
      'y', // could-improve draft (its action is asked for: no placeholder is proposed)
      '', // keep the could-improve list
      ...Array(9 * 4).fill(''), // the nine data-driven actions as proposed
      'Flag every block older than two days in the stand-up notes',
      'dana',
      '',
      '', // the action of the drafted improvement, given by the facilitator
      'y',
      '',
      '',
      '', // the drafted action, with its suggested role
      '', // no further action
      '', // no lessons
      ...Array(6).fill('n'),
    ];
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.end(`${keys.join('\n')}\n`);
    const [stdout, stderr] = [sink(), sink()];
    const env = {
      ...BASE_ENV,
      OPENAI_API_KEY: 'sk-test-retro',
      RETROSPECT_LLM_TIMEOUT_MS: '10000',
    };
    const io: CliIo = { stdin, stdout, stderr, env, cwd: root };
    const args = ['--provider', 'openai', '--model', 'test-model', '--base-url', server.openAiBaseUrl];
    expect(await run(args, io)).toBe(0);

    expect(server.requests.length).toBe(before + 1);
    const sent = server.requests[before]!;
    expect(sent.body.model).toBe('test-model');
    expect(sent.body.response_format).toMatchObject({ json_schema: { name: 'sprint_retro_drafts' } });
    const prompt = JSON.stringify(sent.body.messages);
    expect(prompt).toContain('Velocity: 21/26 points (81%)');
    expect(prompt).toContain('Carryover: E4-S2, E4-S3');
    expect(prompt).toContain('Signature comparison is not constant-time');

    const shown = stderr.text();
    expect(shown).toContain(`  (draft) ${WENT_WELL_DRAFT}`);
    expect(shown).toMatch(/\d+\. \(draft\) Two stories passed every review/);
    for (const reason of [
      'a URL',
      'empty',
      'backticks',
      'control or invisible characters',
      'longer than 200 characters',
      'not a string',
      'shell-looking text',
      'not {text, owner, classification}',
    ])
      expect(shown).toContain(reason);
    expect(shown.match(/^drafts: dropped /gm)).toHaveLength(9);

    const artifact = artifactOf(root);
    expect(artifact).toContain(`- ${WENT_WELL_DRAFT}\n`);
    expect(artifact).toContain(`- ${IMPROVE_DRAFT}\n`);
    const actionLine = new RegExp(
      `- (AI-\\d+): ${ACTION_DRAFT}\\. Owner: Scrum Master\\. Target: sprint-8\\.\\n`,
    );
    const id = actionLine.exec(artifact)?.[1];
    expect(id).toBeDefined();
    const wentWell = artifact.slice(artifact.indexOf('## What Went Well'), artifact.indexOf('## What Could'));
    expect(wentWell).toMatch(
      /\n> Drafted with openai\/test-model, accepted by the facilitator: item \d+\.\n/,
    );
    expect(artifact).toContain(`> Drafted with openai/test-model, accepted by the facilitator: ${id}.\n`);
    for (const unsafe of ['https://', 'rm -rf', 'curl', 'bell', 'Rename the sprint board'])
      expect(artifact).not.toContain(unsafe);
    expect(readFileSync(join(root, '.gaia/state/action-items.yaml'), 'utf8')).toContain(ACTION_DRAFT);
  });

  it('with --answers, retries a 500 and lists the drafts without adding any (Anthropic Messages)', async () => {
    const root = copyDemo();
    writeFileSync(join(root, 'answers.yaml'), 'lessons: []\n');
    server.enqueue({ status: 500, body: { type: 'error', error: { type: 'api_error', message: 'boom' } } });
    server.enqueue({ text: MODEL_ANSWER });
    const before = server.requests.length;
    const cli = await runCli(['sprint', 'retro', '--root', root, '--answers', join(root, 'answers.yaml')], {
      env: {
        ...BASE_ENV,
        RETROSPECT_PROVIDER: 'anthropic',
        ANTHROPIC_API_KEY: 'sk-test-retro',
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      },
    });
    expect(cli.code).toBe(0);
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/v1/messages', '/v1/messages']);
    expect(cli.stderr).toContain('Drafts from anthropic/');
    expect(cli.stderr).toContain(`    (draft) ${ACTION_DRAFT} (Scrum Master, process)`);
    const artifact = artifactOf(root);
    for (const draft of [WENT_WELL_DRAFT, IMPROVE_DRAFT, ACTION_DRAFT]) expect(artifact).not.toContain(draft);
    expect(artifact).not.toContain('Drafted with');
  });

  it('warns once on an answer that is not JSON and records the skeleton retro all the same', async () => {
    const root = copyDemo();
    server.enqueue({ text: 'Sure! Here are some ideas for your retro: keep pairing.' });
    const cli = await runCli(
      ['sprint', 'retro', '--root', root, '--yolo-defaults', 'seed-from-metrics', '--provider', 'openai'],
      { env: { ...BASE_ENV, OPENAI_API_KEY: 'sk-test-retro', OPENAI_BASE_URL: server.openAiBaseUrl } },
    );
    expect(cli.code).toBe(0);
    expect(cli.stderr.match(/^warning:/gm)).toHaveLength(1);
    expect(cli.stderr).toContain('gave no usable drafts (invalid-json');
    expect(cli.stdout).toContain('validator: written');
    expect(artifactOf(root)).toContain('auto_generated: true');
  });

  it('sends nothing without a chosen provider, for the heuristic one, with --dry-run or without a key', async () => {
    const before = server.requests.length;
    const keyOnly = { ...BASE_ENV, OPENAI_API_KEY: 'sk-test-retro', OPENAI_BASE_URL: server.openAiBaseUrl };
    const yolo = ['--yolo-defaults', 'seed-from-metrics'];
    const [root, dryRoot] = [copyDemo(), copyDemo()];
    const noKeyRoot = copyDemo();
    const [plain, heuristic, dry, noKey] = await Promise.all([
      runCli(['sprint', 'retro', '--root', root, ...yolo], { env: keyOnly }),
      runCli(['sprint', 'retro', '--root', copyDemo(), ...yolo], {
        env: { ...keyOnly, RETROSPECT_PROVIDER: 'heuristic' },
      }),
      runCli(['sprint', 'retro', '--root', dryRoot, ...yolo, '--provider', 'openai', '--dry-run'], {
        env: keyOnly,
      }),
      runCli(['sprint', 'retro', '--root', noKeyRoot, ...yolo, '--provider', 'anthropic'], {
        env: { ...keyOnly, ANTHROPIC_API_KEY: '' },
      }),
    ]);
    expect([plain.code, heuristic.code, dry.code, noKey.code]).toEqual([0, 0, 0, 2]);
    expect(noKey.stderr).toContain('anthropic: ANTHROPIC_API_KEY is not set');
    expect(plain.stderr).not.toContain('draft');
    expect(heuristic.stderr).toContain('the offline heuristic provider drafts nothing for a sprint retro');
    expect(dry.stderr).toContain('drafts: --dry-run sends nothing to openai; no drafts');
    expect(server.requests.length).toBe(before);
    const today = (dir: string) => readdirSync(join(dir, RETRO_DIR)).filter((n) => n.includes('2026-11-28'));
    expect([today(root), today(dryRoot), today(noKeyRoot)]).toEqual([
      [ARTIFACT.slice(RETRO_DIR.length + 1)],
      [],
      [],
    ]);
  });
});
