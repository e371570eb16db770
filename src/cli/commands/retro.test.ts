import { spawn } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { BIN, runCli } from '../../test-support/cli.js';
import { noonOf, type RetroProject, retroProject } from '../../test-support/retro-project.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const API_KEY = 'sk-test-retro';
let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: API_KEY });
});
afterAll(async () => {
  await server.close();
});

/** A rough session: the user rejects the assistant's work twice (gate score 9.0, flagged). */
function roughSession(p: RetroProject, sessionId: string, mtimeSecs: number): { rejectId: string } {
  const t = new TranscriptBuilder(sessionId);
  t.user('Please add input validation to the signup form and cover it with tests');
  t.assistant('I will read the form handler first.');
  t.tool('Read', { file_path: `${p.root}/src/signup.ts` });
  t.result('export function signup() {}');
  t.assistant('Added a schema check and removed the old test.');
  const rejectId = t.user("no that's wrong, you deleted the test without asking");
  t.assistant('Understood, restoring the previous version.');
  t.user('why did you delete the test?');
  t.assistant('I should not have; it is back now.');
  const path = join(p.sessionsFolder, `${sessionId}.jsonl`);
  writeFileSync(path, t.text());
  utimesSync(path, mtimeSecs, mtimeSecs);
  return { rejectId };
}

function answer(rejectId: string, ...rules: { target: string; text: string; pattern: string }[]): string {
  return JSON.stringify({
    proposals: rules.map((r) => ({
      target: r.target,
      proposed_text: r.text,
      confidence: 0.8,
      citations: [{ message_id: rejectId, excerpt: 'you deleted the test without asking' }],
      pattern_summary: r.pattern,
    })),
    observations: [],
    fabrication_anchors: [],
  });
}

const SESSION = 'aaaaaaaa-1111-4222-8333-444444444444';
const NEW_RULE = {
  target: 'ic5',
  text: 'Ask before deleting or weakening an existing test',
  pattern: 'deleted tests',
};

function run(p: RetroProject, args: string[], input = '') {
  return runCli(['retro', ...args, '--provider', 'openai', '--base-url', server.openAiBaseUrl], {
    cwd: p.root,
    env: { ...p.env, OPENAI_API_KEY: API_KEY },
    input,
  });
}

describe('retrospect retro', () => {
  it('--auto turns a flagged session into a NEW trial rule, prints the summary, and --why explains', async () => {
    const p = retroProject();
    const { rejectId } = roughSession(p, SESSION, noonOf('2026-06-28'));
    server.enqueue({ text: answer(rejectId, NEW_RULE) });
    const result = await run(p, ['--auto', '--why', '--today', '2026-07-01']);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Session: ${SESSION}`);
    expect(result.stdout).toContain('S1 (');
    expect(result.stdout).toContain(`target=ic5 action=NEW (trial): ${NEW_RULE.text}`);
    expect(result.stdout).toContain(
      'Summary: Applied: 1 | Rejected: 0 | Duplicates: 0 | Manual follow-up: 0 | Observations: 0',
    );
    expect(p.read('.claude/memory/ic5/directives.md')).toBe(
      `1. ${NEW_RULE.text} <!-- trial start=2026-07-01 source=${SESSION}#${rejectId} review-after=10-sessions -->\n`,
    );
    const request = server.requests.at(-1)!;
    expect(JSON.stringify(request.body)).toContain(rejectId);
  });

  it('asks at the prompt: an edited NEW rule starts as a trial; a DUPLICATE is only listed; --dry-run writes nothing', async () => {
    const p = retroProject();
    p.writeRules('.claude/memory/qa/directives.md', '1. Report every flaky test by name\n');
    const { rejectId } = roughSession(p, SESSION, noonOf('2026-06-28'));
    const reply = answer(rejectId, NEW_RULE, {
      target: 'qa',
      text: 'Report every flaky test by name',
      pattern: 'flaky tests',
    });
    const before = p.snapshot();
    server.enqueue({ text: reply });
    const dry = await run(p, ['--dry-run'], 'a\n\n');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('dry run: nothing written');
    expect(dry.stdout).toContain('Would apply');
    expect(p.snapshot()).toEqual(before);

    server.enqueue({ text: reply });
    const asked = await run(
      p,
      [SESSION, '--today', '2026-07-01'],
      'e\nNever delete a test without asking first\n',
    );
    expect(asked.code).toBe(0);
    expect(asked.stderr).toContain('[a]pply / [r]eject / [e]dit / [s]kip remaining: ');
    expect(asked.stderr).not.toContain('[p]ermanent');
    expect(asked.stdout).toContain('target=ic5 action=NEW (trial): Never delete a test without asking first');
    expect(asked.stdout).toContain('Duplicates (not applied):');
    expect(p.read('.claude/memory/ic5/directives.md')).toBe(
      `1. Never delete a test without asking first <!-- trial start=2026-07-01 source=${SESSION}#${rejectId} review-after=10-sessions -->\n`,
    );
    expect(p.read('.claude/memory/qa/directives.md')).toBe('1. Report every flaky test by name\n');
  });

  it('rejects bad input with a clear message', async () => {
    const p = retroProject();
    const notUuid = await run(p, ['latest']);
    expect(notUuid.code).toBe(2);
    expect(notUuid.stderr).toContain('a session is named by its id (a UUID), a unique prefix of it');
    const both = await run(p, ['--all', SESSION]);
    expect(both.stderr).toContain('--all and a session id');
    const missing = await run(p, [SESSION]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no session id starts with '${SESSION}'`);
  });

  it('refuses a --gate-cap-ms past the longest timer, and exits on a bad option while stdin stays open', async () => {
    const p = retroProject();
    const huge = await run(p, ['--all', '--dry-run', '--gate-cap-ms', '3000000000']);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain('--gate-cap-ms must be between 1 and 2147483647');
    // Interactive mode opens a prompter on stdin; a failed option check must close it, not wait for EOF.
    const child = spawn(process.execPath, [BIN, 'retro', '--concurrency', 'x'], {
      cwd: p.root,
      env: { ...process.env, ...p.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const code = await Promise.race([
      new Promise<number | null>((resolve) => child.on('close', resolve)),
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    child.kill();
    expect(code).toBe(2);
  });

  it('a later run KEEPs the trial rule when friction went down, another REVERTs it when it went up', async () => {
    const p = retroProject();
    // Five rough sessions before the rule, ten smooth ones after: enough for the effect rule's interval.
    for (const day of ['2026-06-24', '2026-06-25', '2026-06-26'])
      p.addSession({ rejections: 2, mtimeSecs: noonOf(day) });
    roughSession(p, SESSION, noonOf('2026-06-27'));
    const { rejectId } = roughSession(p, 'bbbbbbbb-1111-4222-8333-444444444444', noonOf('2026-06-28'));
    server.enqueue({ text: answer(rejectId, NEW_RULE) });
    const first = await run(p, ['--auto', '--today', '2026-07-01']);
    expect(first.stdout).toContain('target=ic5 action=NEW (trial)');
    const trialLine = p.read('.claude/memory/ic5/directives.md');

    for (let i = 0; i < 10; i++) p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-07-02', i) });
    // --all --auto is the unattended run: it also leaves a report behind.
    const keep = await run(p, ['--all', '--auto', '--today', '2026-07-20']);
    expect(keep.code).toBe(0);
    const reportPath = /^Report: (.+)$/m.exec(keep.stdout)?.[1] ?? '';
    expect(readFileSync(reportPath, 'utf8')).toContain(`- target=ic5 action=KEEP: ${NEW_RULE.text}`);
    expect(keep.stdout).toContain(`target=ic5 action=KEEP: ${NEW_RULE.text}`);
    expect(p.read('.claude/memory/ic5/directives.md')).toBe(`1. ${NEW_RULE.text}\n`);
    const history = JSON.parse(p.read('.claude/retro/directive-history.jsonl').trim());
    expect(history).toMatchObject({
      agent: 'ic5',
      decision: 'KEEP',
      decided_by: 'auto',
      baseline: { n: 5 },
      in_trial: { n: 10 },
      effect: { ci: [expect.any(Number), expect.any(Number)] },
    });
    expect(history.effect.ci[1]).toBeLessThan(0);

    // The same trial in a rougher window: reverted, and recorded.
    const rough = retroProject();
    rough.writeRules('.claude/memory/ic5/directives.md', trialLine);
    for (const [day, rejections] of [
      ['2026-06-17', 0],
      ['2026-06-18', 1],
      ['2026-06-19', 0],
      ['2026-06-20', 0],
      ['2026-06-21', 1],
    ] as const)
      rough.addSession({ rejections, mtimeSecs: noonOf(day) });
    for (let i = 0; i < 10; i++) rough.addSession({ rejections: 2, mtimeSecs: noonOf('2026-07-02', i) });
    server.enqueue({ text: answer('none') });
    const revert = await run(rough, ['--auto', '--today', '2026-07-20']);
    expect(revert.stdout).toContain(`target=ic5 action=REVERT: ${NEW_RULE.text}`);
    expect(rough.read('.claude/memory/ic5/directives.md')).toBe('');
    expect(rough.read('.claude/retro/directive-history.jsonl')).toContain('"decision":"REVERT"');
  });
});
