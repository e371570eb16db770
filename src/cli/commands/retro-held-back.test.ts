import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSED } from '../../deepread/test-support/heuristic.js';
import { SessionBuilder } from '../../deepread/test-support/session-builder.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, type RetroProject, retroProject } from '../../test-support/retro-project.js';

/**
 * A rough session the offline read finds three patterns in: a refused login (interactive command), the
 * user saying no twice (repeated correction) and twice asking to stop (scope overreach).
 */
function loginSession(p: RetroProject, day: string): string {
  const s = new SessionBuilder('bbbbbbbb-1111-4222-8333-444444444444', p.root);
  s.user('push the branch to github');
  s.tool('Bash', { command: 'gh auth login' }, REFUSED, { isError: true });
  s.interrupt(true);
  s.user("no that's wrong, stop, I will log in myself");
  s.say('Understood. Pushing with the existing credentials instead.');
  s.user("no that's wrong, stop pushing, just commit");
  const path = s.write(join(p.sessionsFolder, `${s.sessionId}.jsonl`));
  utimesSync(path, noonOf(day), noonOf(day));
  return s.sessionId;
}

describe('retrospect retro --all with the offline read', () => {
  it('says how many one-session patterns it held back, and --why lists them', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-29') });
    const login = loginSession(p, '2026-06-30');
    const env = { ...p.env, RETROSPECT_PROVIDER: 'heuristic' };
    const plain = await runCli(['retro', '--all', '--dry-run'], { cwd: p.root, env });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('2 patterns seen in one session only were held back (`--why` lists them)');
    expect(plain.stderr).not.toContain('seen in one session only');
    const why = await runCli(['retro', '--all', '--dry-run', '--why'], { cwd: p.root, env });
    expect(why.stdout).toContain(
      'Held back (seen in one session only; --all keeps patterns seen in two or more):',
    );
    expect(why.stdout).toContain(
      `- pattern "interactive command" (session ${login}): claude "Never run commands that wait for a person`,
    );
    expect(why.stdout).toContain(
      `- pattern "repeated correction" (session ${login}): claude "When the user corrects you`,
    );
    const json = JSON.parse(
      (await runCli(['retro', '--all', '--dry-run', '--json'], { cwd: p.root, env })).stdout,
    );
    expect(json.heldBack.map((h: { pattern_summary: string }) => h.pattern_summary).sort()).toEqual([
      'interactive command',
      'repeated correction',
    ]);
  });
});
