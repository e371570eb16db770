import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

const PROJECT_CWD = '/home/dev/shop';
const FOLDER = '-home-dev-shop';

/** A Claude Code transcript: a prompt, then per user text one assistant reply and that user turn. */
function transcript(sessionId: string, userTexts: string[]): string {
  const base = {
    parentUuid: null,
    isSidechain: false,
    userType: 'external',
    cwd: PROJECT_CWD,
    sessionId,
    version: '2.0.14',
  };
  const lines: object[] = [
    {
      ...base,
      type: 'user',
      uuid: `${sessionId}-u0`,
      timestamp: '2026-11-02T09:00:00.000Z',
      message: { role: 'user', content: 'Add input validation to the signup form' },
    },
  ];
  userTexts.forEach((text, i) => {
    lines.push({
      ...base,
      type: 'assistant',
      uuid: `${sessionId}-a${i}`,
      timestamp: `2026-11-02T09:0${i}:30.000Z`,
      message: {
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'I updated the form validation in src/signup.ts.' }],
      },
    });
    lines.push({
      ...base,
      type: 'user',
      uuid: `${sessionId}-u${i + 1}`,
      timestamp: `2026-11-02T09:0${i}:50.000Z`,
      message: { role: 'user', content: text },
    });
  });
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

/** A transcript of one of Retrospect's own `claude -p` runs: its prompt opens with the own-run marker. */
function ownRun(sessionId: string, userTexts: string[]): string {
  const own = transcript(sessionId, userTexts).replace(
    '"content":"Add input validation',
    '"content":"<!-- retrospect:own-run deep-read -->\\nAdd input validation',
  );
  if (!own.includes('own-run deep-read -->\\nAdd')) throw new Error('the own-run marker was not placed');
  return own;
}

const ROUGH = ["no that's wrong, revert it", "why did you delete the test? don't do that"];
const SMOOTH = ['thanks, looks good', 'now add a test for the empty email case'];

function claudeConfig(): { config: string; folder: string } {
  const config = tempDir('retrospect-hint-');
  const folder = join(config, 'projects', FOLDER);
  mkdirSync(folder, { recursive: true });
  return { config, folder };
}

function hint(config: string, payload: object | string, args: string[] = []) {
  return runCli(['hook', 'hint', ...args], {
    cwd: tmpdir(),
    env: {
      CLAUDE_CONFIG_DIR: config,
      FRICTION_LEDGER: join(config, 'no-ledger.jsonl'),
      RETRO_THRESHOLD: '',
      RETROSPECT_DATA_DIR: join(config, 'data'),
    },
    input: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('retrospect hook hint', () => {
  it("suggests a retro for a rough session named by the hook's transcript_path", async () => {
    const { config, folder } = claudeConfig();
    const path = join(folder, 'a1b2c3d4-0000-4000-8000-000000000001.jsonl');
    writeFileSync(path, transcript('a1b2c3d4-0000-4000-8000-000000000001', ROUGH));
    writeFileSync(join(folder, 'newer-smooth.jsonl'), transcript('newer-smooth', SMOOTH));
    const run = await hint(config, {
      session_id: 'x',
      transcript_path: path,
      cwd: PROJECT_CWD,
      hook_event_name: 'Stop',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^retrospect: this session's friction score is [\d.]+ \(threshold 5\); run 'retrospect retro a1b2c3d4-0000-4000-8000-000000000001' for a retrospective\n$/,
    );
    const asMessage = await hint(config, { transcript_path: path }, ['--system-message']);
    expect(JSON.parse(asMessage.stdout).systemMessage).toContain("'retrospect retro a1b2c3d4-");
  });

  it('--once suggests a retro once per session, for a Stop hook that fires after every turn', async () => {
    const { config, folder } = claudeConfig();
    const rough = 'a1b2c3d4-0000-4000-8000-00000000000a';
    const other = 'a1b2c3d4-0000-4000-8000-00000000000b';
    writeFileSync(join(folder, `${rough}.jsonl`), transcript(rough, ROUGH));
    writeFileSync(join(folder, `${other}.jsonl`), transcript(other, ROUGH));
    const payload = (id: string) => ({ session_id: id, transcript_path: join(folder, `${id}.jsonl`) });
    const first = await hint(config, payload(rough), ['--once', '--system-message']);
    expect(JSON.parse(first.stdout).systemMessage).toContain(`'retrospect retro ${rough}'`);
    const second = await hint(config, payload(rough), ['--once', '--system-message']);
    expect(second).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const otherSession = await hint(config, payload(other), ['--once']);
    expect(otherSession.stdout).toContain(`'retrospect retro ${other}'`);
    // Without --once the hint is shown again, as before.
    expect((await hint(config, payload(rough))).stdout).toContain(`'retrospect retro ${rough}'`);
  });

  it('says nothing for a smooth session, and falls back to the newest session of the project', async () => {
    const { config, folder } = claudeConfig();
    const rough = join(folder, 'older-rough.jsonl');
    writeFileSync(rough, transcript('older-rough', ROUGH));
    utimesSync(rough, new Date('2026-11-01'), new Date('2026-11-01'));
    writeFileSync(join(folder, 'newest-smooth.jsonl'), transcript('newest-smooth', SMOOTH));
    const run = await hint(config, { cwd: PROJECT_CWD, hook_event_name: 'SessionEnd' });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // The session id names the transcript when transcript_path is missing.
    const byId = await hint(config, { cwd: PROJECT_CWD, session_id: 'older-rough' });
    expect(byId.stdout).toContain("'retrospect retro older-rough'");
  });

  it('ignores a transcript_path outside the Claude projects folder', async () => {
    const { config, folder } = claudeConfig();
    const outside = join(tempDir('retrospect-hint-outside-'), 'planted.jsonl');
    writeFileSync(outside, transcript('planted', ROUGH));
    writeFileSync(join(folder, 'real-smooth.jsonl'), transcript('real-smooth', SMOOTH));
    const run = await hint(config, { transcript_path: outside, cwd: PROJECT_CWD });
    expect(run).toMatchObject({ code: 0, stdout: '' });
  });

  it('stays quiet for a session that ran a retrospective itself', async () => {
    const { config, folder } = claudeConfig();
    writeFileSync(
      join(folder, 'retro-run.jsonl'),
      transcript('retro-run', ['<command-name>/retro</command-name>', ...ROUGH]),
    );
    const run = await hint(config, { cwd: PROJECT_CWD });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it("stays quiet for one of Retrospect's own claude -p runs, however rough it reads", async () => {
    const { config, folder } = claudeConfig();
    const path = join(folder, 'own-run.jsonl');
    writeFileSync(path, ownRun('own-run', ROUGH));
    const run = await hint(config, { cwd: PROJECT_CWD });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // Named by the payload, an own run stays quiet even beside a rough session of the user's.
    const older = join(folder, 'older-rough.jsonl');
    writeFileSync(older, transcript('older-rough', ROUGH));
    utimesSync(older, new Date('2026-11-01'), new Date('2026-11-01'));
    const named = await hint(config, { cwd: PROJECT_CWD, transcript_path: path });
    expect(named).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const byId = await hint(config, { cwd: PROJECT_CWD, session_id: 'own-run' });
    expect(byId).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it("falls back to the newest session of the user's, passing over newer own runs", async () => {
    const { config, folder } = claudeConfig();
    const user = join(folder, 'user-rough.jsonl');
    writeFileSync(user, transcript('user-rough', ROUGH));
    utimesSync(user, new Date('2026-11-02T09:00:00Z'), new Date('2026-11-02T09:00:00Z'));
    // A claude-cli deep read ran after the session and left the newest transcript in the project folder.
    const own = join(folder, 'deep-read.jsonl');
    writeFileSync(own, ownRun('deep-read', SMOOTH));
    utimesSync(own, new Date('2026-11-02T09:10:00Z'), new Date('2026-11-02T09:10:00Z'));
    const run = await hint(config, { cwd: PROJECT_CWD, hook_event_name: 'SessionEnd' });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain("run 'retrospect retro user-rough' for a retrospective");
    // A session id that names no transcript falls back the same way.
    const unknownId = await hint(config, { cwd: PROJECT_CWD, session_id: 'gone' }, ['--system-message']);
    expect(JSON.parse(unknownId.stdout).systemMessage).toContain("'retrospect retro user-rough'");
  });

  it('exits 0 with one hint: line when the budget runs out, no session exists, or options are wrong', async () => {
    const { config, folder } = claudeConfig();
    writeFileSync(join(folder, 'rough.jsonl'), transcript('rough', ROUGH));
    const late = await hint(config, { cwd: PROJECT_CWD }, ['--budget-ms', '1']);
    expect(late).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'hint: the gate did not finish within 1 ms\n',
    });
    const none = await hint(config, { cwd: '/home/dev/elsewhere' });
    expect(none).toMatchObject({ code: 0, stdout: '' });
    expect(none.stderr).toMatch(/^hint: no session transcript found/);
    const bad = await hint(config, {}, ['--budget-ms', 'soon']);
    expect(bad).toMatchObject({ code: 0, stdout: '' });
    expect(bad.stderr).toContain('--budget-ms takes a whole number');
  });
});
