import { describe, expect, it } from 'vitest';
import { backToBeforeIn } from './back-to-before.js';
import { deliveredComplaintIn } from './delivered-complaint.js';
import { ruleWordIn } from './rule-words.js';

describe('version 12: patterns matched on the lower-cased opening, the word edge checked where they match', () => {
  it('returns the words as typed', () => {
    expect(deliveredComplaintIn('A TELA CONTINUA COM ERRO')).toBe('CONTINUA COM ERRO');
    expect(ruleWordIn('Debemos usar el nuevo')).toBe('Debemos');
  });

  it('does not match a phrase inside a word, and finds it further on', () => {
    expect(deliveredComplaintIn('undeformed')).toBeUndefined();
    expect(deliveredComplaintIn('undeformed at first, then deformed')).toBe('deformed');
    expect(ruleWordIn('ondebemos')).toBeUndefined();
    expect(backToBeforeIn('xchange it back')).toBeUndefined();
  });

  it('matches phrases of scripts without spaces anywhere', () => {
    expect(deliveredComplaintIn('页面无法打开')).toBe('无法打开');
    expect(backToBeforeIn('请改回去')).toBe('改回去');
  });

  it('gives the same answer when called again (the pattern keeps no position)', () => {
    expect(deliveredComplaintIn('that looks awful')).toBe('looks awful');
    expect(deliveredComplaintIn('that looks awful')).toBe('looks awful');
  });
});
