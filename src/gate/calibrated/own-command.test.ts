import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { isOwnCommand } from './own-command.js';

function s1Of(path: string): number {
  const result = gateSessionSync(path, { profile: 'calibrated', env: {}, ledgerPath: null });
  return result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
}

describe("version 8, second round: an interrupt around the person's own shell command", () => {
  it('tells a `!` command from typing', () => {
    expect(isOwnCommand('<bash-input>sudo pacman -Rns hyprpaper</bash-input>')).toBe(true);
    expect(isOwnCommand('run sudo pacman -Rns hyprpaper for me')).toBe(false);
  });

  it('does not read interrupting the agent to run a command oneself as a redirect', () => {
    const t = new TranscriptBuilder();
    t.user('Switch the wallpaper daemon to wpaperd.');
    t.assistant(LONG_ANSWER);
    t.user('! killall hyprpaper; wpaperd -d');
    t.tool('Bash', { command: 'killall hyprpaper; wpaperd -d' });
    t.user('[Request interrupted by user]');
    t.user('<bash-input>killall hyprpaper; wpaperd -d</bash-input>');
    t.user('<bash-stdout>(Bash completed with no output)</bash-stdout><bash-stderr></bash-stderr>');
    t.assistant('It is live now.');
    t.user('yeah remove the old one.');
    t.assistant('Done.');
    expect(s1Of(t.write())).toBe(0);
  });

  it("does not read stopping the agent's comment on that command's output as a redirect", () => {
    const t = new TranscriptBuilder();
    t.user('Remove hyprpaper.');
    t.assistant('Run it yourself with `! sudo pacman -Rns hyprpaper`.');
    t.user('<bash-input>sudo pacman -Rns hyprpaper</bash-input>');
    t.user('<bash-stdout></bash-stdout><bash-stderr>sudo: a password is required</bash-stderr>');
    t.assistant('The `!` prefix runs commands without a terminal, so sudo');
    t.user('[Request interrupted by user]');
    t.user('how do i put this computer to sleep ?');
    t.assistant('Use systemctl suspend.');
    expect(s1Of(t.write())).toBe(0);
  });

  it("still reads an interrupt of the agent's own work as a redirect", () => {
    const t = new TranscriptBuilder();
    t.user('Remove hyprpaper.');
    t.tool('Bash', { command: 'pacman -Qi hyprpaper' });
    t.user('[Request interrupted by user]');
    t.user('how do i put this computer to sleep ?');
    t.assistant('Use systemctl suspend.');
    expect(s1Of(t.write())).toBe(1);
  });
});
