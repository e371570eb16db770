import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { hostsHomeCopy } from '../../test-support/hosts.js';
import { memoryIo } from '../../test-support/memory-io.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { main } from '../main.js';

describe('retrospect gate (CLI)', () => {
  const env = { FRICTION_LEDGER: '/nonexistent/friction.jsonl', RETRO_THRESHOLD: '' };

  it('prints one line of verdict JSON and exits 0', async () => {
    const t = new TranscriptBuilder();
    // Matches do not overlap: "no that's" consumes "that's", so "that's not" cannot match too.
    t.user('stop that');
    const reject = t.user("no that's not it");
    const path = t.write();
    const run = await runCli(['gate', path], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `{"score":6.0,"passed":true,"threshold":5.0,"signals":[{"name":"S1","count":2,"ids":["${TranscriptBuilder.id(1)}","${reject}"]}]}\n`,
    );
  });

  it('--why prints the calibration table; --threshold overrides the environment', async () => {
    const t = new TranscriptBuilder();
    const s = t.user('stop');
    const run = await runCli(['gate', t.write(), '--why', '--threshold', '2.5'], { env });
    expect(run.stdout).toBe(
      `Session: ${t.sessionId}\nScore: 3.0 / 2.5 (flagged)\nSignals matched:\nS1 (explicit reject) x1 — ${s}\nSignals NOT matched: S2, S3, S4, S5\n`,
    );
  });

  it('--profile chooses the profile (the default, without RETRO_GATE_PROFILE, is calibrated); a bad one is refused', async () => {
    const t = new TranscriptBuilder();
    t.user('Fix the export.');
    t.assistant('Changed the export handler.');
    const reply = t.user('still no button on the page');
    const path = t.write();
    const calibrated = await runCli(['gate', path], { env: { ...env, RETRO_GATE_PROFILE: '' } });
    expect(calibrated.stdout).toBe(
      `{"score":3.0,"passed":false,"threshold":5.0,"signals":[{"name":"S1","count":1,"ids":["${reply}"]}],"profile":"calibrated"}\n`,
    );
    const seed = await runCli(['gate', path, '--profile', 'seed'], {
      env: { ...env, RETRO_GATE_PROFILE: 'calibrated' },
    });
    expect(seed.stdout).toBe('{"score":0.0,"passed":false,"threshold":5.0,"signals":[]}\n');
    const why = await runCli(['gate', path, '--why', '--profile', 'calibrated'], { env });
    expect(why.stdout).toContain(`  - ${reply}: correction "still no" in reply to the agent`);
    const bad = await runCli(['gate', path, '--profile', 'strict'], { env });
    // A usage error of the gate still exits 0 with an error verdict (docs/design/compatibility.md).
    expect(bad.code).toBe(0);
    expect(bad.stdout).toContain('"error":"usage error"');
    expect(bad.stderr).toContain("--profile takes seed|calibrated, got 'strict'");
  });

  it('--why names the version-9 readings: the fix did not work, a complaint in Russian', async () => {
    const t = new TranscriptBuilder();
    t.user('how do I insert a new line in the prompt?');
    t.assistant('Press Option+Enter to insert a newline without submitting.');
    const failed = t.user('I just did it but its not working');
    t.assistant('A few things to try: backslash then Enter, or Shift+Enter.');
    const pushback = t.user('а нельзя как-то солиднее исправить эту ошибку?');
    t.assistant('Можно: уберу приведение типа и поправлю сигнатуру.');
    const why = await runCli(['gate', t.write(), '--why', '--profile', 'calibrated'], { env });
    expect(why.stdout).toContain(
      `  - ${failed}: and said the fix did not work ("its not working"): counts twice`,
    );
    expect(why.stdout).toContain(`  - ${pushback}: complained "а нельзя как-то" in reply to the agent`);
  });

  it('--why names the version-8 readings: a steer conceded after the tool calls, a steer in frustration', async () => {
    const t = new TranscriptBuilder();
    t.user('Export every page.');
    t.assistant('Exported the pages.');
    const later = t.user('the settings page is still not exported');
    t.assistant('Let me check the exporter.');
    t.tool('Read', { file_path: '/app/export.ts' });
    t.result('export function exportAll() {}');
    t.assistant("You're right, I missed the settings page.");
    const why = await runCli(['gate', t.write(), '--why', '--profile', 'calibrated'], { env });
    expect(why.stdout).toContain(`  - ${later}: and the agent conceded it after looking: counts twice`);
    expect(why.stdout).toContain('Score: 6.0 / 5.0 (flagged)');

    const f = new TranscriptBuilder();
    f.user('Export every page.');
    f.assistant('Exported the pages.');
    const frustrated = f.user('still broken?? the settings page is empty');
    f.assistant('Looking at the page template.');
    const form = await runCli(['gate', f.write(), '--why', '--profile', 'calibrated'], { env });
    expect(form.stdout).toContain(`  - ${frustrated}: and said it in frustration ("??"): counts twice`);
    expect(form.stdout).toContain('Score: 6.0 / 5.0 (flagged)');
  });

  it("--why names the second-round readings: a complaint, and an interrupt around the person's own command", async () => {
    const t = new TranscriptBuilder();
    t.user('Merge the two guides into CLAUDE.md.');
    t.assistant('병합 완료했습니다.');
    const empty = t.user('Code Style, naming 같은 빈 항목들 있는데');
    t.assistant('채우겠습니다.');
    const why = await runCli(['gate', t.write(), '--why', '--profile', 'calibrated'], { env });
    expect(why.stdout).toContain(`  - ${empty}: complained "빈 항목" in reply to the agent:`);
    expect(why.stdout).toContain(`  - ${empty}: right after the agent said it was done: counts twice`);

    const own = new TranscriptBuilder();
    own.user('Remove hyprpaper.');
    own.assistant('Run it yourself with `! sudo pacman -Rns hyprpaper`.');
    own.user('<bash-input>sudo pacman -Rns hyprpaper</bash-input>');
    own.user('<bash-stdout></bash-stdout><bash-stderr>sudo: a password is required</bash-stderr>');
    own.assistant('The `!` prefix runs commands without a terminal, so sudo');
    own.user('[Request interrupted by user]');
    own.user('how do i put this computer to sleep ?');
    own.assistant('Use systemctl suspend.');
    const quiet = await runCli(['gate', own.write(), '--why', '--profile', 'calibrated'], { env });
    expect(quiet.stdout).not.toContain('interrupted the agent');
    expect(quiet.stdout).toContain('Score: 0.0 / 5.0');
  });

  it('answers a missing file with an error verdict, still exit 0', async () => {
    const run = await runCli(['gate', '/nonexistent/session.jsonl'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      score: 0,
      passed: false,
      threshold: 5,
      signals: [],
      error: 'file not found',
    });
  });

  it('says on stderr why a missing file or a folder has no verdict; the JSON and exit 0 stay', async () => {
    const dir = tempDir('retrospect-gate-');
    const [missing, folder] = await Promise.all([
      runCli(['gate', join(dir, 'nope.jsonl')], { env }),
      runCli(['gate', dir], { env }),
    ]);
    expect([missing.code, JSON.parse(missing.stdout).error]).toEqual([0, 'file not found']);
    expect(missing.stderr).toBe(
      `retrospect gate: ${join(dir, 'nope.jsonl')}: no such file (expected a .jsonl transcript or a session id)\n`,
    );
    expect([folder.code, JSON.parse(folder.stdout).error]).toEqual([0, 'file not found']);
    expect(folder.stderr).toBe(`retrospect gate: ${dir} is a folder, not a session transcript (.jsonl)\n`);
  });

  it("reads a Claude Code folder name that starts with '-', and a session's short id as scan prints it", async () => {
    const config = tempDir('retrospect-gate-config-');
    const folder = join(config, 'projects', '-home-user-x');
    mkdirSync(folder, { recursive: true });
    const rough = new TranscriptBuilder('c7d3d95c-0f1e-4a2b-9c3d-4e5f6a7b8c9d');
    rough.user('stop that');
    rough.user("no that's not it");
    writeFileSync(join(folder, `${rough.sessionId}.jsonl`), rough.text());
    const twin = new TranscriptBuilder('c7d3aa11-0f1e-4a2b-9c3d-4e5f6a7b8c9d');
    twin.user('fine');
    writeFileSync(join(folder, `${twin.sessionId}.jsonl`), twin.text());
    const runEnv = { ...env, CLAUDE_CONFIG_DIR: config };
    const verdict = '{"score":6.0,"passed":true,"threshold":5.0,"signals":[{"name":"S1","count":2,';
    const [byPath, byId, byWhy, json, ambiguous] = await Promise.all([
      runCli(['gate', `-home-user-x/${rough.sessionId}.jsonl`], {
        cwd: join(config, 'projects'),
        env: runEnv,
      }),
      runCli(['gate', 'c7d3d95c'], { env: runEnv }),
      runCli(['gate', 'c7d3d95c', '--why'], { env: runEnv }),
      runCli(['gate', '--json', 'c7d3d95c', '--why'], { env: runEnv }),
      runCli(['gate', 'c7d3'], { env: runEnv }),
    ]);
    expect([byPath.code, byPath.stderr]).toEqual([0, '']);
    expect(byPath.stdout.startsWith(verdict)).toBe(true);
    expect(byId.stdout).toBe(byPath.stdout);
    expect(byWhy.stdout).toMatch(
      /^Session: c7d3d95c-0f1e-4a2b-9c3d-4e5f6a7b8c9d\nScore: 6\.0 \/ 5\.0 \(flagged\)/,
    );
    expect(json.stdout).toBe(byPath.stdout);
    expect([ambiguous.code, JSON.parse(ambiguous.stdout).error]).toEqual([0, 'file not found']);
    expect(ambiguous.stderr).toMatch(
      /^retrospect gate: session prefix 'c7d3' is ambiguous: 2 sessions match \(c7d3aa11-.* \(-home-user-x\), c7d3d95c-.* \(-home-user-x\)\); give more characters\n$/,
    );
  });

  it('--why gives the line an editor shows for a message without a uuid (its id counts from 0)', async () => {
    const dir = tempDir('retrospect-gate-lines-');
    const path = join(dir, 'no-uuids.jsonl');
    const turn = (text: string) =>
      JSON.stringify({ type: 'user', sessionId: 'no-uuids', message: { role: 'user', content: text } });
    writeFileSync(path, `${turn('hello')}\n\n${turn('stop')}\n`);
    const [json, why] = await Promise.all([
      runCli(['gate', path], { env }),
      runCli(['gate', path, '--why'], { env }),
    ]);
    expect(JSON.parse(json.stdout).signals).toEqual([{ name: 'S1', count: 1, ids: ['line:2'] }]);
    expect(why.stdout).toContain('S1 (explicit reject) x1 — line:2 (line 3 in an editor)\n');
  });
});

describe('retrospect gate: every agent by the id scan prints, and --why after an error', () => {
  const { home, opencode } = hostsHomeCopy();
  const env = {
    HOME: home,
    CLAUDE_CONFIG_DIR: tempDir('retrospect-gate-hosts-'),
    FRICTION_LEDGER: '/nonexistent/friction.jsonl',
    RETRO_THRESHOLD: '',
  };
  const gate = async (...args: string[]) => {
    const io = memoryIo({ env, cwd: home });
    const code = await main(['gate', ...args], io);
    return { code, stdout: io.out(), stderr: io.err() };
  };

  it("gives a Codex, Gemini CLI, Copilot CLI or OpenCode session's short id the verdict of its file", async () => {
    const sessions: Record<string, string> = {
      '019fd608': join(
        home,
        '.codex/sessions/2026/08/06/rollout-2026-08-06T09-40-00-019fd608-aaaa-7bbb-8ccc-123456789abc.jsonl',
      ),
      '2cbc6e5f': join(home, '.gemini/tmp/shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl'),
      '8baa78ec': join(home, '.copilot/session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl'),
      ses_12be9f: join(home, '.local/share/opencode/opencode.db', opencode.main),
    };
    for (const [id, path] of Object.entries(sessions)) {
      const [byId, byPath] = [
        await gate(id, '--profile', 'calibrated'),
        await gate(path, '--profile', 'calibrated'),
      ];
      // The same warnings too (a fixture rollout holds a record of a kind the reader does not know).
      expect([byId.code, byId.stderr], id).toEqual([0, byPath.stderr]);
      expect(byId.stdout, id).toBe(byPath.stdout);
      expect(JSON.parse(byId.stdout).error, id).toBeUndefined();
    }
  });

  it('--why after a missing file or an unknown id prints the error alone', async () => {
    const missing = await gate(join(home, 'nope.jsonl'), '--why');
    expect([missing.code, missing.stdout]).toEqual([0, 'Error: file not found\n']);
    expect(missing.stderr).toContain('no such file');
    const unknown = await gate('abcdef12', '--why');
    expect(unknown.stdout).toBe('Error: file not found\n');
    expect(unknown.stderr).toContain(
      `no session id starts with 'abcdef12' (looked under ${env.CLAUDE_CONFIG_DIR}/projects, ${home}/.codex`,
    );
  });
});
