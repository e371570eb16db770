import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { adapterFor } from '../../transcript/host.js';
import { readTranscriptEvents } from '../../transcript/read.js';
import type { TranscriptFacts, TurnEvent } from '../../transcript/types.js';
import { type GateResult, gateSessionSync, renderWhy } from '../index.js';
import { concedesLater } from './later-concession.js';

type Read = (path: string, onEvent: (event: TurnEvent) => void) => TranscriptFacts;

function gate(path: string, read?: Read): GateResult {
  return gateSessionSync(path, {
    profile: 'calibrated',
    env: {},
    ledgerPath: null,
    ...(read ? { read } : {}),
  });
}

function s1(result: GateResult): number {
  return result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
}

/** A steer in words, a first reply that does not concede, tool calls, then `later` from the agent. */
function steerThenLater(steer: string, later: string): string {
  const t = new TranscriptBuilder();
  t.user('Add the settings page to the export.');
  t.assistant(LONG_ANSWER);
  t.user(steer);
  t.assistant('Let me check the export code.');
  t.tool('Read', { file_path: '/app/export.ts' });
  t.result('export function exportAll() {}');
  t.assistant(later);
  return t.write();
}

describe('version 8: a steer the agent concedes after its tool calls', () => {
  it.each([
    ['en', "You're right, I missed the settings page entirely."],
    ['zh', '你说得对，设置页面确实漏掉了。'],
    ['vi', 'Bạn nói đúng, mình đã bỏ sót trang cài đặt.'],
    ['de', 'Du hast recht, die Einstellungen fehlen.'],
  ])('counts the steer twice when a later text concedes it (%s)', (_lang, later) => {
    const path = steerThenLater('the settings page is still not exported', later);
    const result = gate(path);
    expect(s1(result)).toBe(2);
    expect(result.verdict.passed).toBe(true);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'and the agent conceded it after looking: counts twice',
    );
  });

  it('counts the steer once when no later text concedes, and counts no later concession without a steer', () => {
    expect(
      s1(gate(steerThenLater('the settings page is still not exported', 'Added it to the export.'))),
    ).toBe(1);
    // "You're right" after tool calls on a turn that corrects nothing grants a suggestion (version 4's drop).
    const plain = steerThenLater('also add the billing page', "You're right, billing belongs there too.");
    expect(s1(gate(plain))).toBe(0);
  });

  it('confirms a redirect after a refusal too, once however many later texts concede', () => {
    const t = new TranscriptBuilder();
    t.user('Clean up the build folder.');
    t.tool('Bash', { command: 'rm -rf build' });
    const refused = t.result(
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
      true,
    );
    t.user('[Request interrupted by user for tool use]');
    t.user('only the cache folder, the artefacts are in build/');
    t.assistant('Understood, looking at the cache.');
    t.tool('Bash', { command: 'ls build' });
    t.result('cache artefacts');
    t.assistant("You're right, the artefacts live in build/ too.");
    t.assistant('My mistake, I will keep build/artefacts.');
    const result = gate(t.write());
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [refused, refused],
    });
  });

  it('gives the same verdict on the fast reader, the hook event reader and the plain reader', () => {
    const path = steerThenLater('the settings page is still not exported', "You're right, I missed it.");
    const direct = gate(path);
    const hook: Read = (file, onEvent) => adapterFor(file).readEvents(file, onEvent);
    expect(gate(path, hook).verdict).toEqual(direct.verdict);
    expect(gate(path, readTranscriptEvents).verdict).toEqual(direct.verdict);
  });

  it('reads a concession only at the opening of the text', () => {
    expect(concedesLater("You're right, the rate was wrong.")).toBe(true);
    expect(concedesLater(`${'The export now writes every page. '.repeat(8)}You're right.`)).toBe(false);
    expect(concedesLater('')).toBe(false);
  });
});
