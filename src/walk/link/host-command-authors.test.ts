import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UnitHunk } from '../document.js';
import {
  type ScriptedSession,
  writeCodexRollout,
  writeCopilotEvents,
  writeGeminiChat,
  writeOpencodeStorage,
} from '../test-support/host-sessions.js';
import { lastCommitWalk } from '../test-support/last-commit-walk.js';
import { createTestRepo } from '../test-support/repo.js';

const STARTED = Date.parse('2026-10-01T09:00:00Z');
const MIGRATION = 'db/migrate/20260616174719_create_campaigns.rb';

/**
 * The same work in every host's format: a generator that lists the files it created, `sed -i` on a file a
 * person wrote, a test run whose output names a test file a person changed, and a formatter that failed
 * on a file a person changed. A person commits it all two minutes later.
 */
function session(cwd: string): ScriptedSession {
  return {
    cwd,
    at: STARTED,
    prompt: 'Add a Campaign model and make prices accept decimals',
    commands: [
      {
        command: 'bin/rails generate model Campaign title:string slug:string',
        output: `      invoke  active_record\n      create    ${MIGRATION}\n      create    app/models/campaign.rb\n`,
        exit: 0,
      },
      { command: "sed -i 's/parseInt(s, 10)/Number.parseFloat(s)/' src/price.js", output: '', exit: 0 },
      {
        command: 'npm test -- price',
        output: 'PASS test/price.test.js\n  ✓ parses decimals (3 ms)\nTests: 1 passed, 1 total\n',
        exit: 0,
      },
      {
        command: 'npx prettier --write src/greet.js',
        output: '[error] src/greet.js: SyntaxError: Unexpected token (2:10)\n',
        exit: 2,
      },
    ],
  };
}

async function walkHost(write: (session: ScriptedSession) => string) {
  const repo = createTestRepo();
  const transcript = write(session(realpathSync(repo.dir)));
  repo.commit(
    'Start',
    {
      'src/price.js': 'export const parsePrice = (s) => parseInt(s, 10);\n',
      'test/price.test.js': "test('parses', () => expect(parsePrice('2')).toBe(2));\n",
      'src/greet.js': "export const greet = (name) => 'Hi ' + name;\n",
    },
    '2026-10-01T08:00:00Z',
  );
  repo.commit(
    'Campaigns and decimal prices',
    {
      [MIGRATION]:
        'class CreateCampaigns < ActiveRecord::Migration[8.1]\n  def change\n    create_table :campaigns do |t|\n      t.string :title\n      t.string :slug\n\n      t.timestamps\n    end\n  end\nend\n',
      'app/models/campaign.rb': 'class Campaign < ApplicationRecord\nend\n',
      'src/price.js': 'export const parsePrice = (s) => Number.parseFloat(s);\n',
      'test/price.test.js': "test('parses decimals', () => expect(parsePrice('2.5')).toBe(2.5));\n",
      'src/greet.js': "export const greet = (name) => 'Hello, ' + name;\n",
    },
    '2026-10-01T09:02:40Z',
  );
  const { hunks } = await lastCommitWalk(repo.dir, transcript);
  return (path: string) => hunks.find((h) => h.path === path) as UnitHunk;
}

const HOSTS: [string, (session: ScriptedSession) => string, string, string][] = [
  ['Codex (exec_command)', (s) => writeCodexRollout(s), '019fd700-aaaa-7bbb-8ccc-0000000000c1', 'call_c'],
  ['Codex (shell)', (s) => writeCodexRollout(s, true), '019fd700-aaaa-7bbb-8ccc-0000000000c1', 'call_c'],
  ['Gemini CLI', writeGeminiChat, '2cbc6e5f-eb6a-4869-9d0f-00000000c0de', 'run_shell_command_17809443997'],
  ['Copilot CLI', writeCopilotEvents, '8baa78ec-b203-4c7f-b1d3-00000000c0de', 'toolu_vrtx_01sh'],
  ['OpenCode', writeOpencodeStorage, 'ses_5f1a2b3c4ffeScripted0001', 'toolu_script_0'],
];

describe('commands as authors in other hosts', () => {
  for (const [host, write, sessionId, callPrefix] of HOSTS) {
    it(`${host}: links what a generator and sed -i wrote, never what a test run named or a failed formatter touched`, async () => {
      const of = await walkHost(write);
      for (const path of [MIGRATION, 'app/models/campaign.rb'])
        expect(of(path)).toMatchObject({ session_id: sessionId, via: 'command', share: 1 });
      expect(of(MIGRATION).tool_call).toMatch(new RegExp(`^${callPrefix}`));
      expect(of('src/price.js')).toMatchObject({ session_id: sessionId, via: 'command' });
      expect(of('test/price.test.js')).toMatchObject({ session_id: null, share: null });
      expect(of('src/greet.js')).toMatchObject({ session_id: null, share: null });
    });
  }
});

describe('what a command wrote, as far as its text shows', () => {
  it('takes from a heredoc only the lines it holds, and from a move no change inside a file already there', async () => {
    const repo = createTestRepo();
    const cwd = realpathSync(repo.dir);
    const notes = '# Notes\n\nStart the proxy with `node ws-proxy.mjs`.\n';
    const transcript = writeCodexRollout({
      cwd,
      at: STARTED,
      prompt: 'Split the project into extension/ and server/, and write down how to start it',
      commands: [
        { command: 'mkdir -p extension && mv package.json extension/', output: '', exit: 0 },
        {
          command: `cat > server/package.json <<'EOF'\n{\n  "name": "ws-proxy",\n  "version": "0.1.0"\n}\nEOF`,
          output: '',
          exit: 0,
        },
        { command: `cat > NOTES.md <<'EOF'\n${notes}EOF`, output: '', exit: 0 },
      ],
    });
    // The split was committed with the session; two hours later a person bumps both versions.
    repo.commit(
      'Split',
      {
        'extension/package.json': '{\n  "name": "extension",\n  "version": "0.2.3"\n}\n',
        'server/package.json': '{\n  "name": "ws-proxy",\n  "version": "0.1.0"\n}\n',
      },
      '2026-10-01T08:00:00Z',
    );
    repo.commit(
      'Bump to 0.2.4, add notes',
      {
        'extension/package.json': '{\n  "name": "extension",\n  "version": "0.2.4"\n}\n',
        'server/package.json': '{\n  "name": "ws-proxy",\n  "version": "0.2.4"\n}\n',
        'NOTES.md': notes,
      },
      '2026-10-01T11:00:00Z',
    );
    const { hunks } = await lastCommitWalk(repo.dir, transcript);
    const of = (path: string) => hunks.find((h) => h.path === path);
    expect(of('extension/package.json')).toMatchObject({ session_id: null });
    expect(of('server/package.json')).toMatchObject({ session_id: null });
    expect(of('NOTES.md')).toMatchObject({
      session_id: '019fd700-aaaa-7bbb-8ccc-0000000000c1',
      via: 'command',
      share: 1,
    });
  });
});

describe('a Windows Codex session running PowerShell', () => {
  it('links what Set-Content and Copy-Item wrote, never what a test run or Get-Content named', async () => {
    const repo = createTestRepo();
    const cwd = realpathSync(repo.dir);
    const ps = (script: string) => ({
      command: '',
      argv: ['powershell.exe', '-Command', script],
      output: '',
      exit: 0,
    });
    const transcript = writeCodexRollout(
      {
        cwd,
        at: STARTED,
        prompt: 'Write the weekly note and file the draft',
        commands: [
          ps("Set-Content -Path notes\\week.md -Value '# Week 40`n`nShip the vault index.'"),
          ps('Copy-Item -Path draft.md -Destination archive\\draft-40.md'),
          ps('Invoke-Pester tests'),
          ps("Get-Content README.md | Select-String 'TODO'"),
        ],
      },
      true,
    );
    repo.commit(
      'Start',
      { 'draft.md': '# Draft\n\nPlans for week 40.\n', 'README.md': '# Vault\n', 'tests/a.Tests.ps1': 'x\n' },
      '2026-10-01T08:00:00Z',
    );
    repo.commit(
      'Week 40',
      {
        'notes/week.md': '# Week 40\n\nShip the vault index.\n',
        'archive/draft-40.md': '# Draft\n\nPlans for week 40.\n',
        'README.md': '# Vault\n\nTODO: index the notes folder.\n',
        'tests/a.Tests.ps1': 'Describe "vault" { It "indexes" { $true | Should -BeTrue } }\n',
      },
      '2026-10-01T09:02:00Z',
    );
    const { hunks } = await lastCommitWalk(repo.dir, transcript);
    const of = (path: string) => hunks.find((h) => h.path === path);
    expect(of('notes/week.md')).toMatchObject({
      session_id: '019fd700-aaaa-7bbb-8ccc-0000000000c1',
      via: 'command',
      share: 1,
      tool_call: 'call_c1',
    });
    expect(of('archive/draft-40.md')).toMatchObject({
      session_id: '019fd700-aaaa-7bbb-8ccc-0000000000c1',
      via: 'command',
    });
    expect(of('README.md')).toMatchObject({ session_id: null });
    expect(of('tests/a.Tests.ps1')).toMatchObject({ session_id: null });
  });
});

describe('a command longer than a reader keeps', () => {
  it('claims nothing by a heredoc cut to its head, rather than the whole file', async () => {
    const repo = createTestRepo();
    const cwd = realpathSync(repo.dir);
    const rows = Array.from({ length: 120 }, (_, i) => `| step ${i} | run \`task-${i}\` and check its log |`);
    const guide = `# Guide\n\n${rows.join('\n')}\n`;
    expect(guide.length).toBeGreaterThan(4_000);
    const transcript = writeCodexRollout({
      cwd,
      at: STARTED,
      prompt: 'Write the operator guide',
      commands: [
        { command: `cat > GUIDE.md <<'EOF'\n${guide}EOF`, output: '', exit: 0 },
        { command: "cat > SHORT.md <<'EOF'\n# Short\n\nRun `make check` first.\nEOF", output: '', exit: 0 },
      ],
    });
    repo.commit('Start', { 'README.md': '# Project\n' }, '2026-10-01T08:00:00Z');
    // The reader keeps the command's first 4,000 characters: the guide's last rows are not in it, and a
    // person's line added later would look like the command's if the cut heredoc claimed the file whole.
    repo.commit(
      'Guide',
      {
        'GUIDE.md': `${guide}\nAsk the on-call person before step 90.\n`,
        'SHORT.md': '# Short\n\nRun `make check` first.\n',
      },
      '2026-10-01T09:05:00Z',
    );
    const { hunks } = await lastCommitWalk(repo.dir, transcript);
    expect(hunks.find((h) => h.path === 'GUIDE.md')).toMatchObject({ session_id: null });
    expect(hunks.find((h) => h.path === 'SHORT.md')).toMatchObject({
      session_id: '019fd700-aaaa-7bbb-8ccc-0000000000c1',
      via: 'command',
    });
  });
});

describe("a Codex call's workdir", () => {
  it('resolves what the command wrote from the folder the call ran in', async () => {
    const repo = createTestRepo();
    const cwd = realpathSync(repo.dir);
    const transcript = writeCodexRollout({
      cwd,
      at: STARTED,
      prompt: 'Add left-pad to the extension',
      commands: [
        {
          command: 'npm install left-pad',
          output: 'added 1 package in 1s\n',
          exit: 0,
          workdir: `${cwd}/extension`,
        },
      ],
    });
    const lock = (name: string, version: string) =>
      `{\n  "name": "${name}",\n  "lockfileVersion": 3,\n  "packages": { "node_modules/left-pad": { "version": "${version}" } }\n}\n`;
    repo.commit(
      'Start',
      { 'package-lock.json': lock('root', '1.0.0'), 'extension/package.json': '{}\n' },
      '2026-10-01T08:00:00Z',
    );
    repo.commit(
      'left-pad',
      {
        'extension/package-lock.json': lock('extension', '1.3.0'),
        'package-lock.json': lock('root', '1.1.0'),
      },
      '2026-10-01T09:02:00Z',
    );
    const { hunks } = await lastCommitWalk(repo.dir, transcript);
    expect(hunks.find((h) => h.path === 'extension/package-lock.json')).toMatchObject({
      session_id: '019fd700-aaaa-7bbb-8ccc-0000000000c1',
      via: 'command',
    });
    expect(hunks.find((h) => h.path === 'package-lock.json')).toMatchObject({ session_id: null });
  });
});
