import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

const ORIGINAL = `{
  "permissions": {
    "allow": [
      "Bash(npm test)"
    ]
  },
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit",
        "hooks": [
          {
            "type": "command",
            "command": "npx prettier --write"
          }
        ]
      }
    ],
    "PostToolUseFailure": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "./scripts/notify.sh"
          }
        ]
      }
    ]
  },
  "model": "sonnet"
}
`;

function project(settings?: string): { root: string; settings: string; local: string } {
  const root = tempDir('retrospect-init-');
  mkdirSync(join(root, '.claude'));
  const path = join(root, '.claude', 'settings.json');
  if (settings !== undefined) writeFileSync(path, settings);
  return { root, settings: path, local: join(root, '.claude', 'settings.local.json') };
}

/** Backups or stray files beside the settings: none may appear in the project. */
const strayFiles = (root: string) =>
  readdirSync(join(root, '.claude')).filter((name) => /^settings\.json\.|\.bak$/.test(name));

/** A data dir for backups, and a PATH on which `retrospect` is (a link to) this installation, or is not. */
function machine(onPath: boolean): { data: string; env: NodeJS.ProcessEnv } {
  const data = tempDir('retrospect-init-data-');
  const bin = join(data, 'bin');
  mkdirSync(bin);
  if (onPath) symlinkSync(BIN, join(bin, 'retrospect'));
  return { data, env: { RETROSPECT_DATA_DIR: data, PATH: `${bin}${delimiter}/usr/bin${delimiter}/bin` } };
}

const ourCommand = (path: string, event = 'PermissionDenied'): string | undefined =>
  JSON.parse(readFileSync(path, 'utf8')).hooks?.[event]?.find((g: { hooks: { command: string }[] }) =>
    g.hooks.some((h) => h.command.endsWith('hook friction-capture')),
  )?.hooks[0].command;

describe('retrospect init', () => {
  it('round-trips a settings file with existing hooks and unrelated keys; backups go to the data dir', async () => {
    const { root, settings, local } = project(ORIGINAL);
    const { data, env } = machine(true);
    const preview = await runCli(['init', '--dry-run', '--project', root], { env });
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/^--- .*settings\.json\n\+\+\+ /);
    expect(preview.stdout).toContain('+    "PermissionDenied": [');
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);

    const install = await runCli(['init', '--project', root], { env });
    expect(install.stdout).toContain(
      'added friction-capture hooks (PostToolUseFailure, PermissionDenied, StopFailure)',
    );
    // retrospect is on PATH: a command every teammate can run goes in the committed settings.
    expect(install.stdout).toContain('hook command: retrospect hook friction-capture\n');
    const installed = JSON.parse(readFileSync(settings, 'utf8'));
    expect(Object.keys(installed)).toEqual(['permissions', 'hooks', 'model']);
    expect(installed.hooks.PostToolUseFailure).toHaveLength(2);
    expect(installed.hooks.PostToolUseFailure[0].hooks[0].command).toBe('./scripts/notify.sh');
    expect(installed.hooks.StopFailure[0]).toMatchObject({ matcher: '*', hooks: [{ type: 'command' }] });
    expect(readFileSync(settings, 'utf8')).toMatch(/^\{\n {2}"permissions"/);
    expect(existsSync(local)).toBe(false);
    // The backup is kept out of the project: nothing beside the settings to commit or ignore.
    expect(strayFiles(root)).toEqual([]);
    const backups = readdirSync(join(data, 'backups'));
    expect(backups).toEqual([expect.stringMatching(/-claude-settings-json\.\d{8}T\d{6}Z\.bak$/)]);
    expect(readFileSync(join(data, 'backups', backups[0]!), 'utf8')).toBe(ORIGINAL);
    expect(install.stdout).toContain(`previous settings saved as ${join(data, 'backups', backups[0]!)}`);

    const afterInstall = readFileSync(settings, 'utf8');
    const again = await runCli(['init', '--project', root], { env });
    expect(again.stdout).toContain('already installed');
    expect(readFileSync(settings, 'utf8')).toBe(afterInstall);
    expect(readdirSync(join(data, 'backups'))).toHaveLength(1);

    const remove = await runCli(['init', '--remove', '--project', root], { env });
    expect(remove.stdout).toContain('removed friction-capture hooks');
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);
  });

  it("puts a command naming this machine's path in settings.local.json, and it records friction when Claude Code runs it", async () => {
    const { root, settings, local } = project();
    execFileSync('git', ['init', '-q'], { cwd: root });
    const { env } = machine(false);
    const run = await runCli(['init'], { cwd: root, env });
    expect(run.code).toBe(0);
    expect(existsSync(settings)).toBe(false);
    const command = ourCommand(local)!;
    expect(command).toMatch(/^node \S*retrospect\.js hook friction-capture$/);
    expect(run.stderr).toContain(`the command names this machine's path, so it went to ${local}`);
    expect(run.stderr).toContain('add .claude/settings.local.json to .gitignore');
    const payload = JSON.stringify({
      session_id: 'e2e-session',
      hook_event_name: 'PermissionDenied',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
    });
    execFileSync('sh', ['-c', command], {
      cwd: root,
      input: payload,
      env: { ...process.env, CLAUDE_PROJECT_DIR: root, FRICTION_LEDGER: '' },
    });
    const row = JSON.parse(readFileSync(join(root, '.claude', 'retro', 'friction.jsonl'), 'utf8'));
    expect(row).toMatchObject({
      session_id: 'e2e-session',
      event: 'PermissionDenied',
      tool: 'Bash',
      path: '',
    });
    // Ignored by git: no note.
    writeFileSync(join(root, '.gitignore'), '.claude/settings.local.json\n');
    const again = await runCli(['init', '--remove'], { cwd: root, env });
    expect(again.stdout).toContain(
      `removed friction-capture hooks (PostToolUseFailure, PermissionDenied, StopFailure) from ${local}`,
    );
    const back = await runCli(['init'], { cwd: root, env });
    expect(back.stderr).not.toContain('.gitignore');
  });

  it('moves an old machine-specific entry out of the committed settings, and keeps a portable one there', async () => {
    const old = project(
      JSON.stringify({
        hooks: {
          StopFailure: [
            {
              matcher: '*',
              hooks: [
                { type: 'command', command: "node '/opt/old tools/bin/retrospect.js' hook friction-capture" },
              ],
            },
          ],
        },
      }),
    );
    const { env } = machine(false);
    const moved = await runCli(['init', '--project', old.root], { env });
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(`removed friction-capture hooks (StopFailure) from ${old.settings}`);
    expect(moved.stdout).toContain(`to ${old.local}`);
    expect(ourCommand(old.settings, 'StopFailure')).toBeUndefined();
    expect(ourCommand(old.local, 'StopFailure')).toMatch(/^node \S*retrospect\.js hook friction-capture$/);

    const shared = JSON.stringify({
      hooks: {
        StopFailure: [
          { matcher: '*', hooks: [{ type: 'command', command: 'retrospect hook friction-capture' }] },
        ],
      },
    });
    const team = project(shared);
    const kept = await runCli(['init', '--project', team.root], { env });
    expect(kept.stdout.split('\n')[0]).toBe(
      `friction-capture hooks already installed in ${team.settings}; nothing changed`,
    );
    expect(readFileSync(team.settings, 'utf8')).toBe(shared);
    expect(existsSync(team.local)).toBe(false);
  });

  it('refuses a settings file that is not valid JSON and leaves it untouched', async () => {
    const broken = '{\n  "model": "sonnet",\n}\n';
    const { root, settings } = project(broken);
    const { env } = machine(true);
    const run = await runCli(['init', '--project', root], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/settings\.json is not valid JSON .*left untouched/);
    expect(readFileSync(settings, 'utf8')).toBe(broken);
    expect(strayFiles(root)).toEqual([]);
    const wrongShape = project('{"hooks": {"StopFailure": {"matcher": "*"}}}\n');
    const shape = await runCli(['init', '--project', wrongShape.root], { env });
    expect(shape.code).toBe(1);
    expect(shape.stderr).toContain('"hooks.StopFailure" is not');
  });

  it('refuses a settings.json that is a folder or a FIFO in one line, at once, not as an unexpected error', async () => {
    const { env } = machine(true);
    for (const make of ['folder', 'fifo'] as const) {
      const root = tempDir('retrospect-init-odd-');
      mkdirSync(join(root, '.claude'));
      const settings = join(root, '.claude', 'settings.json');
      if (make === 'folder') mkdirSync(settings);
      else execFileSync('mkfifo', [settings]);
      const run = await runCli(['init', '--project', root], { env, timeoutMs: 20_000 });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).not.toContain('unexpected error');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(make === 'folder' ? 'is a folder, not a regular file' : 'is a FIFO');
    }
  });

  it('writes the user settings with --user, creating the file', async () => {
    const config = tempDir('retrospect-init-user-');
    const { env } = machine(false);
    const run = await runCli(['init', '--user'], { env: { ...env, CLAUDE_CONFIG_DIR: config } });
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(join(config, 'settings.json'), 'utf8'));
    expect(written.hooks.PostToolUseFailure[0].hooks[0].command).toMatch(
      /^node \S*retrospect\.js hook friction-capture$/,
    );
    expect(statSync(join(config, 'settings.json')).isFile()).toBe(true);
    expect(existsSync(join(config, 'settings.json.lock'))).toBe(false);
  });

  it('rejects --user with --project', async () => {
    const run = await runCli(['init', '--user', '--project', '.']);
    expect(run.code).toBe(2);
  });
});
