import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFolderName } from '../../paths/data-dir.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, type RetroProject, retroProject } from '../../test-support/retro-project.js';

const retro = (p: RetroProject, args: string[]) =>
  runCli(['retro', ...args], { cwd: p.root, env: { ...p.env, RETROSPECT_PROVIDER: 'heuristic' } });

describe('retrospect retro: naming sessions and saying where it looked', () => {
  it('takes a unique prefix of a session id, as scan prints 8 characters, and lists an ambiguous one', async () => {
    const p = retroProject();
    const first = p.addSession({
      rejections: 2,
      mtimeSecs: noonOf('2026-06-28'),
      sessionId: 'c7d3d95c-1111-4222-8333-444444444444',
    });
    p.addSession({
      rejections: 0,
      mtimeSecs: noonOf('2026-06-29'),
      sessionId: 'c7d3aa00-1111-4222-8333-444444444444',
    });
    const [short, ambiguous, unknown] = await Promise.all([
      retro(p, ['c7d3d95c', '--dry-run', '--json', '--today', '2026-07-01']),
      retro(p, ['c7d3', '--dry-run']),
      retro(p, ['0000aaaa', '--dry-run']),
    ]);
    expect(short.code).toBe(0);
    const outcome = JSON.parse(short.stdout);
    expect(outcome.gated.map((g: { session: { path: string } }) => g.session.path)).toEqual([first.path]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(
      /^retrospect retro: session prefix 'c7d3' is ambiguous: 2 sessions match \(c7d3aa00-1111-4222-8333-444444444444 \(.*\), c7d3d95c-1111-4222-8333-444444444444 \(.*\)\); give more characters\n$/,
    );
    // Every agent's places are searched: Claude Code's projects folders first.
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      `retrospect retro: no session id starts with '0000aaaa' (looked under ${p.configDir}/projects, `,
    );
  });

  it('says where it looked when the project has no sessions, also with --why', async () => {
    const p = retroProject();
    const folder = join(p.configDir, 'projects', projectFolderName(p.root));
    const [plain, why] = await Promise.all([retro(p, ['--dry-run']), retro(p, ['--dry-run', '--why'])]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('Sessions: scanned=0 skipped=0');
    expect(plain.stdout).toContain(
      `No sessions found in ${folder} (Claude Code keeps a project's sessions in`,
    );
    expect(why.stdout).toMatch(new RegExp(`^Looked for sessions in: ${folder}\\n`));
  });

  it('checks its options before looking for work: a projects root that is not there, a provider that is not one', async () => {
    const p = retroProject();
    const [root, provider, concurrency] = await Promise.all([
      retro(p, ['--projects-root', join(p.root, 'nope')]),
      retro(p, ['--provider', 'foo']),
      retro(p, ['--concurrency', '0']),
    ]);
    expect([root.code, root.stderr]).toEqual([
      1,
      `retrospect retro: --projects-root ${join(p.root, 'nope')}: no such folder (expected a Claude Code projects folder, like ~/.claude/projects)\n`,
    ]);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toMatch(
      /^retrospect retro: --provider takes openai\|anthropic\|claude-cli\|codex-cli\|gemini-cli\|heuristic, got 'foo'/,
    );
    expect(concurrency.code).toBe(2);
  });
});
