import { describe, expect, it } from 'vitest';
import { commandKind, programOf, runsSomething } from './commands.js';

describe('commands', () => {
  it.each([
    ['gh auth login', 'interactive'],
    ['sudo cp rules /etc/udev/rules.d/', 'interactive'],
    ['cd app && vim config.toml', 'interactive'],
    ['brew reinstall claude-code', 'system-changing'],
    ['cd ~/repo && git merge --abort 2>&1', 'system-changing'],
    ['pacman -S easyeffects', 'system-changing'],
    ['killall cosmic-panel && sleep 1 && cosmic-panel &', 'system-changing'],
    ['pacman -Ss glow', 'other'],
    ['npx tsc --noEmit', 'other'],
    ['git status', 'other'],
    ['sudo -n true', 'other'],
  ])('%s is %s', (command, kind) => {
    expect(commandKind(command)).toBe(kind);
  });

  it('names the program a command runs', () => {
    expect(programOf('npx tsc --noEmit -p tsconfig.build.json')).toBe('npx tsc');
    expect(programOf('cd /app && npm run build -- --verbose')).toBe('npm run');
    expect(programOf("ssh root@192.0.2.1 'netstat -tulnp'")).toBe("ssh root@192.0.2.1 'netstat -tulnp'");
  });

  it('tells running something from only looking at files', () => {
    expect(runsSomething('cd app && npm test')).toBe(true);
    expect(runsSomething('git diff && cat src/a.ts')).toBe(false);
  });
});
