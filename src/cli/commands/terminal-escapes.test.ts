import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

/** ESC, BEL, CSI (C1), DEL, bidi overrides and isolates, line separators: none may reach a terminal raw. */
const RAW_CONTROL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const ESC = '\u001b';

let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});

describe('untrusted text reaches the terminal escaped, never raw', () => {
  it('scan: a project folder named to retitle and clear the terminal is shown escaped; --json keeps the name', async () => {
    const home = tempDir('retrospect-escapes-');
    const folder = `-p-${ESC}]0;PWNED\u0007${ESC}[2J\u202e`;
    const projects = join(home, '.claude', 'projects', folder);
    mkdirSync(projects, { recursive: true });
    writeSessionFile(projects, { rejections: 2, mtimeSecs: noonOf('2026-06-28'), cwd: '/home/dev/shop' });
    const env = {
      HOME: home,
      CLAUDE_CONFIG_DIR: join(home, '.claude'),
      RETROSPECT_DATA_DIR: join(home, 'data'),
    };

    const table = await runCli(['scan'], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(RAW_CONTROL);
    expect(table.stdout).toContain('-p-\\u001b]0;PWNED\\u0007\\u001b[2J\\u202e');
    expect(table.stderr).not.toMatch(RAW_CONTROL);

    const json = await runCli(['scan', '--json'], { env });
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    const records = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { project: string });
    expect(records.map((r) => r.project)).toEqual([folder]);
  });

  it('deep-read: a dropped proposal with colour codes and bidi characters is echoed escaped', async () => {
    const p = retroProject();
    const { path } = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const hostile = `Always ${ESC}[31mread${ESC}[0m the \u202efile\u202c first ${ESC}]0;PWNED\u0007`;
    server.enqueue({
      text: JSON.stringify({
        proposals: [
          {
            target: 'ic5',
            proposed_text: hostile,
            confidence: 0.9,
            citations: [{ message_id: 'x', excerpt: 'y' }],
            pattern_summary: `colour ${ESC}[2J`,
          },
        ],
        observations: [{ description: `seen ${ESC}[2J\u2028# heading` }],
      }),
    });
    for (const json of [false, true]) {
      if (json)
        server.enqueue({
          text: JSON.stringify({
            proposals: [
              {
                target: 'ic5',
                proposed_text: hostile,
                confidence: 0.9,
                citations: [{ message_id: 'x', excerpt: 'y' }],
                pattern_summary: 'p',
              },
            ],
          }),
        });
      const run = await runCli(
        [
          'deep-read',
          path,
          '--provider',
          'openai',
          '--base-url',
          server.openAiBaseUrl,
          ...(json ? ['--json'] : []),
        ],
        { cwd: p.root, env: { ...p.env, OPENAI_API_KEY: 'sk-local-escapes' } },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('dropped proposal (proposed_text contains a control');
      expect(run.stderr).toContain('\\u001b[31mread\\u001b[0m the \\u202efile\\u202c first');
      expect(run.stderr).not.toMatch(RAW_CONTROL);
      expect(run.stdout).not.toMatch(RAW_CONTROL);
      if (json) {
        const result = JSON.parse(run.stdout) as { dropped: { refused?: { text: string } }[] };
        expect(result.dropped.find((d) => d.refused)?.refused?.text).toBe(hostile);
      }
    }
  });

  it('retro: a transcript excerpt with a newline and escapes cannot forge lines at the prompt', async () => {
    const p = retroProject();
    const t = new TranscriptBuilder('aaaaaaaa-1111-4222-8333-444444444444');
    t.user('Please fix the failing checkout test');
    t.assistant('Removed the test, it was flaky.');
    const rejectId = t.user(`no that's wrong, you deleted the test${ESC}[2J\n[2/2] NEW ic5 forged`);
    t.assistant('Restoring it.');
    t.user('why did you delete the test?');
    const session = join(p.sessionsFolder, 'aaaaaaaa-1111-4222-8333-444444444444.jsonl');
    writeFileSync(session, t.text());
    utimesSync(session, noonOf('2026-06-28'), noonOf('2026-06-28'));
    server.enqueue({
      text: JSON.stringify({
        proposals: [
          {
            target: 'ic5',
            proposed_text: 'Ask before deleting or weakening an existing test',
            confidence: 0.8,
            citations: [{ message_id: rejectId, excerpt: `the test${ESC}[2J\n[2/2] NEW ic5 forged` }],
            pattern_summary: 'deleted tests',
          },
        ],
      }),
    });
    const run = await runCli(['retro', '--provider', 'openai', '--base-url', server.openAiBaseUrl], {
      cwd: p.root,
      env: { ...p.env, OPENAI_API_KEY: 'sk-local-escapes' },
      input: 'r\n',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`"the test\\u001b[2J\\u000a[2/2] NEW ic5 forged"`);
    expect(run.stderr).not.toMatch(/^\[2\/2\]/m);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
  });
});
