import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSED } from '../../deepread/test-support/heuristic.js';
import { SessionBuilder } from '../../deepread/test-support/session-builder.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, type RetroProject, retroProject } from '../../test-support/retro-project.js';

/** A session where the agent commits unsigned and the person says never to; `reply` is their words. */
function unsignedSession(p: RetroProject, id: string, day: string, reply: string): string {
  const s = new SessionBuilder(id, p.root);
  s.user('commit the release notes');
  s.tool('Bash', { command: 'git commit --no-gpg-sign -m notes' }, '[main 1a2b3c4] notes');
  s.say('Committed the notes.');
  // Push-back the gate flags, then what the person wants.
  s.user("no that's wrong, why did you skip the signing?");
  s.say('Signing failed, so I committed without it.');
  s.user(reply);
  const path = s.write(join(p.sessionsFolder, `${s.sessionId}.jsonl`));
  utimesSync(path, noonOf(day), noonOf(day));
  return s.sessionId;
}

/** A session where the person refuses an edit and asks to talk the logic through first. */
function logicSession(p: RetroProject, day: string): string {
  const s = new SessionBuilder('bbbbbbbb-1111-4222-8333-444444444444', p.root);
  s.user('clear the goal fields when the target date changes');
  s.tool('Edit', { file_path: `${p.root}/src/goals.ts`, old_string: 'a', new_string: 'b' }, REFUSED, {
    isError: true,
  });
  s.interrupt(true);
  s.user('Talk to me about the logic first. Which cases are there?');
  s.say('There are three cases.');
  s.user("no that's wrong, why did you change the goal type?");
  const path = s.write(join(p.sessionsFolder, `${s.sessionId}.jsonl`));
  utimesSync(path, noonOf(day), noonOf(day));
  return s.sessionId;
}

describe('retrospect retro --all with the offline read', () => {
  it('keeps the friction two sessions show, holds back the one-session one, and --why lists it', async () => {
    const p = retroProject();
    unsignedSession(
      p,
      'aaaaaaaa-1111-4222-8333-444444444441',
      '2026-06-28',
      'never commit without signing, use the GPG key',
    );
    unsignedSession(
      p,
      'aaaaaaaa-1111-4222-8333-444444444442',
      '2026-06-29',
      'never commit without signing. The GPG key is on the card',
    );
    const logic = logicSession(p, '2026-06-30');
    const env = { ...p.env, RETROSPECT_PROVIDER: 'heuristic' };
    const plain = await runCli(['retro', '--all', '--dry-run'], { cwd: p.root, env });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('1 pattern seen in one session only was held back (`--why` lists it)');
    // Corroborated by the same words in two sessions: the dry run says what it would apply, and where,
    // with the person's words and the agent's line before them; it asks nothing.
    expect(plain.stdout).toContain(
      "- target=claude action=NEW (trial): Never commit without signing, use the GPG key. (The user's words after you replied.) → .claude/rules/retrospect-lessons.md",
    );
    expect(plain.stdout).toContain('(person): "never commit without signing, use the GPG key"');
    expect(plain.stdout).toContain('after (agent): "Signing failed, so I committed without it."');
    expect(plain.stderr).not.toContain('[1/2]');
    const why = await runCli(['retro', '--all', '--dry-run', '--why'], { cwd: p.root, env });
    expect(why.stdout).toContain(
      'Held back (seen in one session only; --all keeps patterns seen in two or more):',
    );
    expect(why.stdout).toContain(
      `- pattern "stated first" (session ${logic}): claude "Before you edit again, do what the user asked first:`,
    );
    const json = JSON.parse(
      (await runCli(['retro', '--all', '--dry-run', '--json'], { cwd: p.root, env })).stdout,
    );
    expect(json.heldBack.map((h: { pattern_summary: string }) => h.pattern_summary)).toEqual([
      'stated first',
    ]);
  });
});
