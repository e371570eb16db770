import { describe, expect, it } from 'vitest';
import { rankProposals } from '../deepread/rank.js';
import type { RetroProposal } from './deep-read-port.js';
import { mergeObservations, mergeRepeatedProposals, recurringPatterns } from './select.js';

function proposal(
  session: string,
  text: string,
  pattern: string,
  confidence = 0.5,
  cites = 1,
): RetroProposal {
  return {
    session_id: session,
    target: 'ic4',
    proposed_text: text,
    confidence,
    pattern_summary: pattern,
    citations: Array.from({ length: cites }, (_, i) => ({ message_id: `${session}-m${i}`, excerpt: 'no' })),
  };
}

describe('selecting proposals', () => {
  it('counts sessions, not proposals, for a recurring pattern', () => {
    const twiceInOne = [proposal('s1', 'A rule', 'p one'), proposal('s1', 'Another rule', 'p one')];
    expect(recurringPatterns(twiceInOne).kept).toEqual([]);
    const inTwo = [
      proposal('s1', 'A rule', 'p one'),
      proposal('s2', 'B rule', 'p one'),
      proposal('s2', 'C', 'p two'),
    ];
    expect(recurringPatterns(inTwo).kept.map((p) => p.proposed_text)).toEqual(['A rule', 'B rule']);
  });

  it('merges the same rule from several sessions into one with all its citations', () => {
    const merged = mergeRepeatedProposals([
      proposal('s1', 'Ask before deleting tests', 'p', 0.4),
      proposal('s2', 'ask before  deleting tests', 'p', 0.9),
      proposal('s3', 'Something else', 'q'),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ session_id: 's1', confidence: 0.9 });
    expect(merged[0]?.citations.map((c) => c.message_id)).toEqual(['s1-m0', 's2-m0']);
  });

  it('keeps the five best by confidence x citations, ties in order', () => {
    const all = [
      proposal('s', 'a', 'p', 0.9, 1),
      proposal('s', 'b', 'p', 0.5, 2),
      proposal('s', 'c', 'p', 0.3, 1),
      proposal('s', 'd', 'p', 0.3, 1),
      proposal('s', 'e', 'p', 0.2, 1),
      proposal('s', 'f', 'p', 0.6, 1),
    ];
    expect(rankProposals(all).map((p) => p.proposed_text)).toEqual(['b', 'a', 'f', 'c', 'd']);
  });

  it('lists an observation once with every session it came from', () => {
    expect(
      mergeObservations([
        { session_id: 's1', description: 'Slow CI' },
        { session_id: 's2', description: 'Slow CI' },
        { session_id: 's2', description: 'Flaky API' },
      ]),
    ).toEqual(['Slow CI (sessions s1, s2)', 'Flaky API (session s2)']);
  });
});
