import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installFakeClaude } from '../../llm/test-support/fake-claude.js';
import { projectFolderName } from '../../paths/data-dir.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, type RetroProject, retroProject } from '../../test-support/retro-project.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const SESSION = 'bbbbbbbb-1111-4222-8333-444444444444';
const RULE = 'Ask before deleting or weakening an existing test';

/** A rough session (two rejections, flagged) in the project's own folder; its rejection's message id. */
function roughSession(p: RetroProject, sessionId = SESSION): string {
  const t = new TranscriptBuilder(sessionId);
  t.user('Please add input validation to the signup form and cover it with tests');
  t.assistant('Added a schema check and removed the old test.');
  const rejectId = t.user("no that's wrong, you deleted the test without asking");
  t.assistant('Understood, restoring the previous version.');
  t.user('why did you delete the test?');
  t.assistant('I should not have; it is back now.');
  const path = join(p.sessionsFolder, `${sessionId}.jsonl`);
  writeFileSync(path, t.text());
  utimesSync(path, noonOf('2026-06-28'), noonOf('2026-06-28'));
  return rejectId;
}

/** What the person's own agent answered to the deep-read prompt: one rule citing the rejection. */
function modelAnswer(rejectId: string): string {
  return `${JSON.stringify({
    proposals: [
      {
        target: 'ic5',
        proposed_text: RULE,
        confidence: 0.8,
        citations: [{ message_id: rejectId, excerpt: 'you deleted the test without asking' }],
        pattern_summary: 'deleted tests',
      },
    ],
    observations: [],
    fabrication_anchors: [],
  })}\n`;
}

// The answers are the only reader: no provider is configured and no agent CLI can be found.
const retro = (p: RetroProject, args: string[], input = '') =>
  runCli(['retro', ...args, '--today', '2026-07-01'], {
    cwd: p.root,
    env: { ...p.env, RETROSPECT_PROVIDER: 'heuristic', PATH: '/usr/bin:/bin' },
    input,
  });

describe('retrospect retro --answers', () => {
  it('--dry-run validates the answer file, asks nothing, names the file and writes nothing', async () => {
    const p = retroProject();
    const answerFile = join(p.root, '..', 'answer.json');
    const rejectId = roughSession(p);
    writeFileSync(answerFile, modelAnswer(rejectId));
    const before = p.snapshot();
    const run = await retro(p, [SESSION, '--answers', answerFile, '--dry-run'], 'a\na\n');
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('[a]pply');
    expect(run.stdout).toContain('Would apply:');
    expect(run.stdout).toContain(`target=ic5 action=NEW (trial): ${RULE} → .claude/memory/ic5/directives.md`);
    expect(run.stdout).toContain(
      [
        `    session ${SESSION}:`,
        `      cites ${rejectId} (person): "you deleted the test without asking"`,
        '        after (agent): "Added a schema check and removed the old test."',
      ].join('\n'),
    );
    expect(run.stdout).toContain('Summary: Would apply: 1 |');
    expect(run.stdout).not.toContain('Applied:');
    expect(p.snapshot()).toEqual(before);
  });

  it('a folder of answers keyed by session id: applied with --auto, and a session without one is listed as not read', async () => {
    const p = retroProject();
    const rejectId = roughSession(p);
    const answers = join(p.root, '..', 'answers');
    mkdirSync(answers);
    writeFileSync(join(answers, `${SESSION}.json`), modelAnswer(rejectId));
    const applied = await retro(p, [SESSION, '--answers', answers, '--auto']);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(
      `target=ic5 action=NEW (trial): ${RULE} → .claude/memory/ic5/directives.md`,
    );
    expect(p.read('.claude/memory/ic5/directives.md')).toContain(RULE);

    const other = 'cccccccc-1111-4222-8333-444444444444';
    roughSession(p, other);
    const unread = await retro(p, [other, '--answers', answers, '--auto']);
    expect(unread.code).toBe(0);
    expect(unread.stdout).toContain('Not read (no answer given):');
    expect(unread.stdout).toContain(
      `- ${other}: give its answer as ${join(answers, `${other}.json`)} (the prompt: retrospect deep-read ${other} --dry-run --json)`,
    );
  });

  it('with nobody to answer (input closed), lists the rules it skipped, the file each would go to, and how to apply', async () => {
    const p = retroProject();
    const answerFile = join(p.root, '..', 'answer.json');
    writeFileSync(answerFile, modelAnswer(roughSession(p)));
    const before = p.snapshot();
    const run = await retro(p, [SESSION, '--answers', answerFile], '');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Not applied (nobody answered):');
    expect(run.stdout).toContain(
      `- target=ic5: ${RULE} → .claude/memory/ic5/directives.md (session ${SESSION})`,
    );
    expect(run.stdout).toContain(`retrospect retro ${SESSION} --auto`);
    expect(p.snapshot()).toEqual(before);
  });

  it('refuses a bad --answers with one line saying what it expected', async () => {
    const p = retroProject();
    roughSession(p);
    const missing = await retro(p, [SESSION, '--answers', 'nope.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--answers: no such file or folder');
    const file = join(p.root, '..', 'one.json');
    writeFileSync(file, '{}');
    const all = await retro(p, ['--all', '--answers', file]);
    expect(all.code).toBe(2);
    expect(all.stderr).toContain('give a folder of <session id>.json files');
  });
});

describe('retrospect retro SESSION of another project', () => {
  it('refuses, naming the project the session worked in, and writes nothing', async () => {
    const p = retroProject();
    const other = join(p.root, '..', 'billing');
    mkdirSync(other);
    spawnSync('git', ['init', '-q', other]);
    const folder = join(p.configDir, 'projects', projectFolderName(other));
    mkdirSync(folder, { recursive: true });
    const session = writeSessionFile(folder, { rejections: 2, mtimeSecs: noonOf('2026-06-28'), cwd: other });
    const before = p.snapshot();
    const run = await retro(p, [session.path, '--auto']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`session ${session.sessionId} worked in ${other}, not in this project`);
    expect(run.stderr).toContain(`run 'retrospect retro ${session.sessionId}' in ${other}`);
    expect(p.snapshot()).toEqual(before);
  });
});

describe('the unattended run (--all --auto, what the schedule runs)', () => {
  it('never reads with a detected reader: Claude Code on PATH stays unused, and the line says how to choose one', async () => {
    const p = retroProject();
    roughSession(p);
    const { env, dir } = installFakeClaude({ PATH: '/usr/bin:/bin' });
    const log = join(dir, 'call.json');
    const run = await runCli(['retro', '--all', '--auto', '--today', '2026-07-01'], {
      cwd: p.root,
      env: { ...p.env, RETROSPECT_PROVIDER: '', PATH: env.PATH, FAKE_CLAUDE_LOG: log },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'deep-read: reader: heuristic, offline; an unattended run uses only a reader chosen for it; choose another with --provider',
    );
    expect(existsSync(log)).toBe(false);
  });
});
