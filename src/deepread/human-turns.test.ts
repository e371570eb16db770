import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { adapterFor } from '../transcript/host.js';
import { fitTurns, HumanTurnCollector, type HumanTurnSet } from './human-turns.js';
import { SessionBuilder } from './test-support/session-builder.js';

const dir = tempDir('retrospect-turns-');
let files = 0;

function collect(build: (s: SessionBuilder) => void): HumanTurnSet {
  const s = new SessionBuilder('a1b2c3d4-0000-4000-8000-000000000000');
  build(s);
  files += 1;
  const path = s.write(join(dir, `t${files}.jsonl`));
  const collector = new HumanTurnCollector();
  for (const message of adapterFor(path).messages(path)) collector.push(message);
  return collector.finish();
}

describe('the human turns of a session', () => {
  it("keeps what the person typed: not a sub-agent's prompt, a harness notice or the IDE's attachments", () => {
    const set = collect((s) => {
      s.user('Unknown skill: dream');
      s.userBlocks([
        '<ide_opened_file>The user opened the file src/app.ts in the IDE.</ide_opened_file>',
        'rename the handler to onSave',
      ]);
      s.user('[Image #1]');
      s.user('look at the failing login test', { isSidechain: true });
      s.say('Renamed.');
      s.user('[Image #2] the button is still misaligned, see the screenshot');
    });
    expect(set.turns.map((t) => t.text)).toEqual([
      'rename the handler to onSave',
      '[Image #2] the button is still misaligned, see the screenshot',
    ]);
    // The opening request is the first turn the person typed, whatever the harness wrote before it.
    expect(set.turns[0]!.cue).toBe('opening request');
  });

  it('leaves out middle turns only when even 200 characters a turn do not fit, keeping the opening request', () => {
    const set = collect((s) => {
      s.user(`OPENING ${'the whole task in detail. '.repeat(40)}`);
      for (let i = 0; i < 200; i++) {
        s.say(`done step ${i}`);
        s.user(`turn ${i}: ${'and then please also adjust this part. '.repeat(10)}`);
      }
    });
    const fitted = fitTurns(set, 3_000);
    expect(fitted.tokens).toBeLessThanOrEqual(3_000);
    expect(fitted.turnChars).toBe(200);
    expect(fitted.turnsLeftOut).toBeGreaterThan(0);
    expect(fitted.entries[0]).toContain('user (opening request): OPENING');
    // The latest turns are the ones kept after the opening request.
    expect(fitted.entries.at(-1)).toContain('turn 199:');
    expect(fitted.entries.join('\n')).not.toContain('turn 0:');
    expect(fitted.turnsShown + fitted.turnsLeftOut).toBe(set.turns.length);
  });
});
