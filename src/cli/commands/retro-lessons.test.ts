import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, type RetroProject, retroProject } from '../../test-support/retro-project.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const API_KEY = 'sk-test-lessons';
let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: API_KEY });
});
afterAll(async () => {
  await server.close();
});

const SESSION = 'c7d3d95c-5a1e-4b2f-9c3d-0123456789ab';
const LESSON = 'Read a file in this session before editing it, even when you edited it earlier';
const DAY = '2026-07-01';

/** A rough plain-Claude session: an edit fails on an unread file and the user rejects the work twice. */
function roughSession(p: RetroProject): string {
  const t = new TranscriptBuilder(SESSION);
  t.user('The footer links are broken on mobile, please fix them');
  t.assistant('I will update the footer component.');
  t.tool('Edit', { file_path: `${p.root}/src/footer.tsx`, old_string: 'href', new_string: 'to' });
  const failed = t.result(
    '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
    true,
  );
  t.assistant('Done, the footer links are fixed.');
  t.user("no that's wrong, you never even opened the file");
  t.assistant('Sorry, reading it now.');
  t.user('no, stop guessing and read the file first');
  const path = join(p.sessionsFolder, `${SESSION}.jsonl`);
  writeFileSync(path, t.text());
  utimesSync(path, noonOf('2026-06-28'), noonOf('2026-06-28'));
  return failed;
}

/** The model's answer, in the deep read's output schema: one lesson for plain Claude, citing the error. */
function lessonAnswer(messageId: string): string {
  return JSON.stringify({
    proposals: [
      {
        target: 'claude',
        proposed_text: LESSON,
        confidence: 0.8,
        citations: [{ message_id: messageId, excerpt: 'File has not been read yet' }],
        pattern_summary: 'unread edit',
      },
    ],
    observations: [],
    fabrication_anchors: [],
  });
}

function retro(p: RetroProject, args: string[]) {
  return runCli(['retro', ...args, '--provider', 'openai', '--base-url', server.openAiBaseUrl], {
    cwd: p.root,
    env: { ...p.env, OPENAI_API_KEY: API_KEY },
  });
}

/**
 * What Claude Code loads at start-up from a project's `.claude/rules/`: every `.md` file below it
 * (sub-folders included) whose frontmatter has no `paths:` filter. Listed independently of Retrospect's
 * own path helpers, so that a change of where lessons go cannot pass unnoticed.
 */
function alwaysLoadedRules(root: string): Map<string, string> {
  const loaded = new Map<string, string>();
  const dir = join(root, '.claude', 'rules');
  if (!existsSync(dir)) return loaded;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8');
    const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    if (/^paths\s*:/m.test(frontmatter)) continue;
    loaded.set(path, text);
  }
  return loaded;
}

describe('a lesson for Claude Code reaches Claude Code, on trial', () => {
  it('retro --auto in a fresh project writes the lesson where Claude Code loads it, and trial list shows it', async () => {
    const p = retroProject();
    const failedId = roughSession(p);
    server.enqueue({ text: lessonAnswer(failedId) });
    const run = await retro(p, ['--auto', '--today', DAY]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`target=claude action=NEW (trial): ${LESSON}`);
    expect(run.stderr).not.toContain('warning');

    const loaded = [...alwaysLoadedRules(p.root).values()].join('\n');
    expect(loaded).toContain(
      `- ${LESSON} <!-- trial start=${DAY} source=${SESSION}#${failedId} review-after=10-sessions -->`,
    );
    expect(existsSync(join(p.root, '.claude', 'memory', 'claude', 'lessons.md'))).toBe(false);

    const list = await runCli(['trial', 'list', '--today', DAY], { cwd: p.root, env: p.env });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`claude lesson: ${LESSON}\n  state:    open: 0/10 sessions\n`);
    expect(list.stdout).toContain(`source=${SESSION}#${failedId}`);
    const json = JSON.parse(
      (await runCli(['trial', 'list', '--today', DAY, '--json'], { cwd: p.root, env: p.env })).stdout,
    ) as { agent: string; rule: string; action: string; path: string }[];
    expect(json).toEqual([
      expect.objectContaining({
        agent: 'claude',
        rule: LESSON,
        action: 'DEFER',
        path: join(p.root, '.claude', 'rules', 'retrospect-lessons.md'),
      }),
    ]);
  });

  it('warns about earlier lessons Claude Code does not load, and init moves them where it does', async () => {
    const p = retroProject();
    p.writeRules('.claude/memory/claude/lessons.md', '- Run the failing test alone first\n');
    const failedId = roughSession(p);
    server.enqueue({ text: lessonAnswer(failedId) });
    const run = await retro(p, ['--auto', '--today', DAY]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "retro: warning: 1 lesson in .claude/memory/claude/lessons.md is not loaded by Claude Code, which does not read .claude/memory/; run 'retrospect init' to move it to .claude/rules/retrospect-lessons.md",
    );
    expect(run.stdout).toContain('Manual follow-up:\n- 1 lesson in .claude/memory/claude/lessons.md');

    const preview = await runCli(['init', '--dry-run'], { cwd: p.root, env: p.env });
    expect(preview.stdout).toContain('+- Run the failing test alone first');
    expect(preview.stdout).toContain('+++ /dev/null');
    const init = await runCli(['init'], { cwd: p.root, env: p.env });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('moved 1 lesson from .claude/memory/claude/lessons.md');
    const loaded = [...alwaysLoadedRules(p.root).values()].join('\n');
    expect(loaded).toContain(`- ${LESSON} <!-- trial start=${DAY}`);
    expect(loaded).toContain('- Run the failing test alone first');

    const again = await retro(p, ['--dry-run', '--auto', '--today', DAY]);
    expect(again.stderr).not.toContain('warning');

    const removed = await runCli(['init', '--remove'], { cwd: p.root, env: p.env });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('moved 2 lessons to .claude/memory/claude/lessons.md');
    expect(alwaysLoadedRules(p.root).size).toBe(0);
    expect(p.read('.claude/memory/claude/lessons.md')).toContain(`- ${LESSON} <!-- trial start=${DAY}`);
  });
});
