import { describe, expect, it } from 'vitest';
import { rankProposals } from '../deepread/rank.js';
import type { Proposal } from '../deepread/types.js';
import { mergeObservations, mergeRepeatedProposals, recurringPatterns } from './select.js';

function proposal(session: string, text: string, pattern: string, confidence = 0.5, cites = 1): Proposal {
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
  it('corroborates on the same friction in two sessions, not on one session twice or on a label', () => {
    const cited = (p: Proposal, excerpt: string): Proposal => ({
      ...p,
      citations: [{ message_id: `${p.session_id}-h`, excerpt }],
    });
    const twiceInOne = [proposal('s1', 'A rule', 'p one'), proposal('s1', 'A rule', 'p one')];
    expect(recurringPatterns(twiceInOne).kept).toEqual([]);
    const sameWords = [
      cited(proposal('s1', 'Never commit unsigned.', 'a'), 'never commit without signing, use the GPG key'),
      cited(proposal('s2', 'Sign every commit.', 'b'), 'no, commit with signing: the GPG key is on the card'),
      cited(proposal('s3', 'Talk it through first.', 'a'), 'Talk to me about the logic first'),
    ];
    expect(recurringPatterns(sameWords).kept.map((p) => p.session_id)).toEqual(['s1', 's2']);
    // One label, two unrelated misreads: no corroboration.
    const sameLabel = [
      cited(proposal('s1', 'Rule one.', 'unwanted edit'), 'put it in the existing doc, not a new file'),
      cited(proposal('s2', 'Rule two.', 'unwanted edit'), 'the spinner should stop after loading'),
    ];
    expect(recurringPatterns(sameLabel).kept).toEqual([]);
    // The harness's refusal text is no evidence of the same friction.
    const refusal = "The user doesn't want to proceed with this tool use. The tool use was rejected";
    const boiler = [cited(proposal('s1', 'X.', 'p'), refusal), cited(proposal('s2', 'Y.', 'p'), refusal)];
    expect(recurringPatterns(boiler).kept).toEqual([]);
    // The same rule text from two sessions is the same friction.
    expect(
      recurringPatterns([
        proposal('s1', 'Ask before deleting tests', 'p'),
        proposal('s2', 'ask before  deleting tests', 'q'),
      ]).kept,
    ).toHaveLength(2);
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
