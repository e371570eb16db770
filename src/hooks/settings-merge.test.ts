import { describe, expect, it } from 'vitest';
import { isFrictionCaptureCommand } from './hook-entries.js';
import { installFrictionHooks, removeFrictionHooks } from './settings-merge.js';

const COMMAND = 'node "$CLAUDE_PROJECT_DIR/node_modules/retrospect/bin/retrospect.js" hook friction-capture';

/** A settings file as teams have them: permissions, an env block, a formatter hook, a notifier. */
function teamSettings(): Record<string, unknown> {
  return {
    permissions: { allow: ['Bash(npm test)', 'Read(src/**)'], deny: ['Read(.env)'] },
    env: { NODE_ENV: 'development' },
    hooks: {
      PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'npx prettier --write' }] }],
      PostToolUseFailure: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/notify.sh' }] }],
    },
    model: 'sonnet',
  };
}

describe('recognising our hook command', () => {
  it('accepts every launcher of the friction-capture handler and nothing else', () => {
    for (const command of [
      COMMAND,
      'retrospect hook friction-capture',
      'retro hook friction-capture',
      'npx retrospect hook friction-capture',
      "node '/opt/my tools/retrospect/bin/retrospect.js' hook friction-capture",
    ]) {
      expect(isFrictionCaptureCommand(command)).toBe(true);
    }
    for (const command of ['./scripts/notify.sh', 'retrospect hook hint', 'echo hook friction-capture', 42]) {
      expect(isFrictionCaptureCommand(command)).toBe(false);
    }
  });
});

describe('installFrictionHooks', () => {
  it('adds one matcher group per friction event and keeps every other key, hook and order', () => {
    const before = teamSettings();
    const { settings, added, updated } = installFrictionHooks(before, COMMAND);
    expect(before).toEqual(teamSettings());
    expect(added).toEqual(['PostToolUseFailure', 'PermissionDenied', 'StopFailure']);
    expect(updated).toEqual([]);
    expect(Object.keys(settings)).toEqual(['permissions', 'env', 'hooks', 'model']);
    const hooks = settings.hooks as Record<string, unknown[]>;
    expect(Object.keys(hooks)).toEqual([
      'PostToolUse',
      'PostToolUseFailure',
      'PermissionDenied',
      'StopFailure',
    ]);
    const ours = { matcher: '*', hooks: [{ type: 'command', command: COMMAND }] };
    expect(hooks.PostToolUseFailure).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/notify.sh' }] },
      ours,
    ]);
    expect(hooks.PermissionDenied).toEqual([ours]);
    expect(hooks.StopFailure).toEqual([ours]);
  });

  it('is idempotent, and updates our command in place when the package moved', () => {
    const once = installFrictionHooks(teamSettings(), COMMAND).settings;
    const twice = installFrictionHooks(once, COMMAND);
    expect(twice).toMatchObject({ added: [], updated: [] });
    expect(twice.settings).toEqual(once);
    const moved = installFrictionHooks(once, 'retrospect hook friction-capture');
    expect(moved.updated).toEqual(['PostToolUseFailure', 'PermissionDenied', 'StopFailure']);
    expect((moved.settings.hooks as Record<string, unknown[]>).PermissionDenied).toEqual([
      { matcher: '*', hooks: [{ type: 'command', command: 'retrospect hook friction-capture' }] },
    ]);
  });

  it('creates the hooks object when the settings have none', () => {
    const { settings } = installFrictionHooks({ model: 'opus' }, COMMAND);
    expect(Object.keys(settings)).toEqual(['model', 'hooks']);
  });
});

describe('removeFrictionHooks', () => {
  it('round-trips to the original settings', () => {
    const installed = installFrictionHooks(teamSettings(), COMMAND).settings;
    const { settings, removed } = removeFrictionHooks(installed);
    expect(removed).toEqual(['PostToolUseFailure', 'PermissionDenied', 'StopFailure']);
    expect(settings).toEqual(teamSettings());
    expect(JSON.stringify(settings)).toBe(JSON.stringify(teamSettings()));
  });

  it('takes ours out of a shared group, drops the hooks object it emptied, and leaves others alone', () => {
    const shared = {
      hooks: {
        StopFailure: [
          {
            hooks: [
              { type: 'command', command: './alert.sh' },
              { type: 'command', command: COMMAND },
            ],
          },
        ],
        Stop: [],
      },
    };
    expect(removeFrictionHooks(shared).settings).toEqual({
      hooks: { StopFailure: [{ hooks: [{ type: 'command', command: './alert.sh' }] }], Stop: [] },
    });
    const onlyOurs = installFrictionHooks({ theme: 'dark' }, COMMAND).settings;
    expect(removeFrictionHooks(onlyOurs).settings).toEqual({ theme: 'dark' });
    expect(removeFrictionHooks({ theme: 'dark' })).toMatchObject({
      removed: [],
      settings: { theme: 'dark' },
    });
  });
});
