import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';

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

function project(settings?: string): { root: string; settings: string } {
  const root = mkdtempSync(join(tmpdir(), 'retrospect-init-'));
  mkdirSync(join(root, '.claude'));
  const path = join(root, '.claude', 'settings.json');
  if (settings !== undefined) writeFileSync(path, settings);
  return { root, settings: path };
}

const backups = (root: string) => readdirSync(join(root, '.claude')).filter((f) => f.endsWith('.bak'));

describe('retrospect init', () => {
  it('round-trips a settings file with existing hooks and unrelated keys', async () => {
    const { root, settings } = project(ORIGINAL);
    const preview = await runCli(['init', '--dry-run', '--project', root]);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/^--- .*settings\.json\n\+\+\+ /);
    expect(preview.stdout).toContain('+    "PermissionDenied": [');
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);

    const install = await runCli(['init', '--project', root]);
    expect(install.stdout).toContain(
      'added friction-capture hooks (PostToolUseFailure, PermissionDenied, StopFailure)',
    );
    const installed = JSON.parse(readFileSync(settings, 'utf8'));
    expect(Object.keys(installed)).toEqual(['permissions', 'hooks', 'model']);
    expect(installed.hooks.PostToolUseFailure).toHaveLength(2);
    expect(installed.hooks.PostToolUseFailure[0].hooks[0].command).toBe('./scripts/notify.sh');
    expect(installed.hooks.StopFailure[0]).toMatchObject({ matcher: '*', hooks: [{ type: 'command' }] });
    expect(readFileSync(settings, 'utf8')).toMatch(/^\{\n {2}"permissions"/);
    expect(backups(root)).toHaveLength(1);
    expect(readFileSync(join(root, '.claude', backups(root)[0] ?? ''), 'utf8')).toBe(ORIGINAL);

    const afterInstall = readFileSync(settings, 'utf8');
    const again = await runCli(['init', '--project', root]);
    expect(again.stdout).toContain('already installed');
    expect(readFileSync(settings, 'utf8')).toBe(afterInstall);
    expect(backups(root)).toHaveLength(1);

    const remove = await runCli(['init', '--remove', '--project', root]);
    expect(remove.stdout).toContain('removed friction-capture hooks');
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);
  });

  it('installs a command that records friction when Claude Code runs it', async () => {
    const { root, settings } = project();
    execFileSync('git', ['init', '-q'], { cwd: root });
    expect((await runCli(['init'], { cwd: root })).code).toBe(0);
    const command: string = JSON.parse(readFileSync(settings, 'utf8')).hooks.PermissionDenied[0].hooks[0]
      .command;
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
  });

  it('refuses a settings file that is not valid JSON and leaves it untouched', async () => {
    const broken = '{\n  "model": "sonnet",\n}\n';
    const { root, settings } = project(broken);
    const run = await runCli(['init', '--project', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/settings\.json is not valid JSON .*left untouched/);
    expect(readFileSync(settings, 'utf8')).toBe(broken);
    expect(backups(root)).toEqual([]);
    const wrongShape = project('{"hooks": {"StopFailure": {"matcher": "*"}}}\n');
    const shape = await runCli(['init', '--project', wrongShape.root]);
    expect(shape.code).toBe(1);
    expect(shape.stderr).toContain('"hooks.StopFailure" is not');
  });

  it('writes the user settings with --user, creating the file', async () => {
    const config = mkdtempSync(join(tmpdir(), 'retrospect-init-user-'));
    const run = await runCli(['init', '--user'], { env: { CLAUDE_CONFIG_DIR: config } });
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
