import { describe, expect, it } from 'vitest';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { type GateResult, gateSessionSync, renderWhy } from '../index.js';
import { ruleWordIn } from './rule-words.js';

const REFUSAL =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** The agent's edit refused and interrupted, then the person's redirect. */
function afterRefusedEdit(turn: string): GateResult {
  const t = new TranscriptBuilder();
  t.user('Add the exam exercises.');
  t.tool('Edit', { file_path: '/repo/exercises/one.md', old_string: 'a', new_string: 'b' });
  t.result(REFUSAL, true);
  t.user('', {
    message: {
      role: 'user',
      content: [{ type: 'text', text: '[Request interrupted by user for tool use]' }],
    },
  });
  t.user(turn);
  return gateSessionSync(t.write(), { profile: 'calibrated', env: {}, ledgerPath: null });
}

const s1 = (result: GateResult) => result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;

describe('version 12: a rule laid down in a redirect, in the other languages', () => {
  it.each([
    ['Debemos crear nuevos ejercicios para el examen', 'Debemos'],
    ['tem que usar o template novo', 'tem que'],
    ['il faut garder les anciens fichiers', 'il faut'],
    ['нужно смотреть только в client', 'нужно'],
    ['du musst die alten Dateien behalten', 'musst'],
    ['반드시 새 파일로 만들어', '반드시'],
    ['必ず新しいファイルを作って', '必ず'],
  ])('counts twice "%s"', (turn, word) => {
    expect(ruleWordIn(turn)).toBe(word);
    const result = afterRefusedEdit(turn);
    expect(s1(result)).toBe(2);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      `and laid down a rule ("${word}"): counts twice`,
    );
  });

  it.each([
    'crea nuevos ejercicios para el examen',
    'usa o template novo',
    'desenvolver o módulo',
    'débiles puntos primero',
  ])('counts a redirect without one once: "%s"', (turn) => {
    expect(ruleWordIn(turn)).toBeUndefined();
    expect(s1(afterRefusedEdit(turn))).toBe(1);
  });
});
