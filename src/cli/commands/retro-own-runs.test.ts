import { readdirSync, utimesSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installFakeClaude } from '../../llm/test-support/fake-claude.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';
import { isOwnRunTranscript } from '../../transcript/own-run.js';

describe("retrospect retro and Retrospect's own claude -p runs", () => {
  it('leaves the transcript its claude-cli deep read left behind out of the next retro, and says why', async () => {
    const p = retroProject();
    const rough = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const { env: withClaude } = installFakeClaude(p.env);
    const env = {
      ...withClaude,
      FAKE_CLAUDE_SESSIONS: '1',
      FAKE_CLAUDE_RESULT: JSON.stringify({ proposals: [], observations: [], fabrication_anchors: [] }),
    };
    const retro = (...args: string[]) =>
      runCli(['retro', ...args, '--auto', '--dry-run', '--provider', 'claude-cli'], { cwd: p.root, env });

    const first = await retro(rough.sessionId);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Sessions: scanned=1 skipped=0 gated=1 deep-read=1');
    // Claude Code (here its stand-in) kept the deep read's session among the project's sessions.
    const left = readdirSync(p.sessionsFolder).filter((name) => !name.startsWith(rough.sessionId));
    expect(left).toHaveLength(1);
    const own = join(p.sessionsFolder, left[0]!);
    expect(isOwnRunTranscript(own)).toBe(true);
    utimesSync(own, noonOf('2026-06-29'), noonOf('2026-06-29'));
    const ownId = left[0]!.replace(/\.jsonl$/, '');

    const why = await retro('--all', '--why');
    expect(why.code).toBe(0);
    expect(why.stdout).toContain(
      `Skipped ${ownId}: Retrospect's own analysis run (its prompt opens with the retrospect:own-run marker)`,
    );
    expect(why.stdout).toContain('Sessions: scanned=1 skipped=1 gated=1 deep-read=1');
    // Named by id, it is still set aside: nothing of the user's to read.
    const json = JSON.parse((await retro(ownId, '--json')).stdout);
    expect(json.skipped).toMatchObject([{ reason: 'own-run', session: { sessionId: ownId } }]);
    // A session in the JSON: its file, id and mtime in whole seconds, with its agent and project key.
    expect(json.skipped[0].session).toEqual({
      path: own,
      sessionId: ownId,
      mtime: noonOf('2026-06-29'),
      host: 'claude-code',
      project: basename(p.sessionsFolder),
    });
    expect(json.counts).toMatchObject({ scanned: 0, skipped: 1, deepRead: 0 });

    // A plain retro: the deep reads' transcripts (the first one's and the --all run's) are the newest
    // sessions; both are passed over, and the user's session is read.
    const plain = await retro('--why');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(`Skipped ${ownId}: Retrospect's own analysis run`);
    expect(plain.stdout).toContain(`Session: ${rough.sessionId}`);
    expect(plain.stdout).toContain('Sessions: scanned=1 skipped=2 gated=1 deep-read=1');
  });
});
