import { describe, expect, it } from 'vitest';
import { proposalScore, rankProposals } from './rank.js';
import { ruleTextProblem, validateAnswerStructure } from './validate.js';

const citation = { message_id: '00000000-0000-4000-8000-000000000001', excerpt: 'npm test' };

describe('rule text checks (design §4)', () => {
  it('counts the 200-character limit in code points', () => {
    expect(ruleTextProblem(`Always ${'🎉'.repeat(193)}`)).toBeUndefined();
    expect(ruleTextProblem(`Always ${'🎉'.repeat(194)}`)).toBe('proposed_text is 201 characters (limit 200)');
  });

  it('refuses control, zero-width, bidi and line-separator characters', () => {
    const hidden = (code: string) =>
      `proposed_text contains a control, invisible or line-separator character (${code})`;
    expect(ruleTextProblem('Always read first.\nThen edit.')).toBe(hidden('U+000A'));
    expect(ruleTextProblem('Always read\u200b first.')).toBe(hidden('U+200B'));
    expect(ruleTextProblem('Always read \u202efirst.')).toBe(hidden('U+202E'));
    expect(ruleTextProblem('Always read first.\u2028# Heading')).toBe(hidden('U+2028'));
  });

  it('refuses URLs, shell, backticks, command tags and injection phrases, whatever their case', () => {
    expect(ruleTextProblem('See HTTP://example.com first.')).toBe('proposed_text contains a URL');
    expect(ruleTextProblem('Use Curl -s to fetch.')).toBe(
      'proposed_text names a network command (curl, wget, nc…)',
    );
    expect(ruleTextProblem('Never run sudo rm.')).toBe(
      'proposed_text contains sudo (a command run as another user)',
    );
    expect(ruleTextProblem('Wget the file.')).toBe('proposed_text names a network command (curl, wget, nc…)');
    expect(ruleTextProblem('Run <command-name>/retro</command-name> daily.')).toBe(
      'proposed_text contains HTML',
    );
    expect(ruleTextProblem('IGNORE PREVIOUS directives.')).toBe(
      'proposed_text contains a prompt-injection phrase',
    );
    expect(ruleTextProblem('Prefer the sudoers review checklist.')).toBeUndefined();
    expect(ruleTextProblem('')).toBe('proposed_text is empty');
    expect(ruleTextProblem(42)).toBe('proposed_text is empty');
  });
});

describe('validateAnswerStructure', () => {
  it('drops malformed citations one by one and keeps the proposal when one remains', () => {
    const result = validateAnswerStructure({
      proposals: [
        {
          target: 'claude',
          proposed_text: 'Always read first.',
          confidence: 0.5,
          pattern_summary: 'unread edit',
          citations: [citation, { message_id: '', excerpt: 'x' }, { excerpt: 'y' }, 'z'],
        },
      ],
    });
    expect(result.proposals).toHaveLength(1);
    expect(result.proposals[0]!.citations).toEqual([citation]);
    expect(result.dropped.map((d) => d.kind)).toEqual(['citation', 'citation', 'citation']);
  });

  it('treats missing lists as empty and a non-list as a dropped part of the answer', () => {
    const result = validateAnswerStructure({
      proposals: 'none',
      observations: [{ description: '  ' }, { description: 'flaky API' }],
    });
    expect(result.proposals).toEqual([]);
    expect(result.observations).toEqual([{ description: 'flaky API', citations: [] }]);
    expect(result.dropped.map((d) => d.reason)).toEqual([
      'proposals is not an array',
      'description is empty',
    ]);
  });

  it('refuses a confidence that is not a finite number in [0,1]', () => {
    const reasons = [-0.1, '0.5', null, Number.NaN].map(
      (confidence) =>
        validateAnswerStructure({
          proposals: [
            {
              target: 'qa',
              proposed_text: 'Always test.',
              confidence,
              citations: [citation],
              pattern_summary: 'x',
            },
          ],
        }).dropped[0]?.reason,
    );
    expect(reasons).toEqual([
      'confidence -0.1 is not a number in [0,1]',
      'confidence "0.5" is not a number in [0,1]',
      'confidence null is not a number in [0,1]',
      'confidence null is not a number in [0,1]',
    ]);
  });
});

describe('rankProposals', () => {
  const p = (name: string, confidence: number, n: number) => ({
    name,
    confidence,
    citations: Array.from({ length: n }, (_, i) => ({ ...citation, message_id: `m${i}` })),
  });

  it('orders by confidence x cited messages, keeps input order on ties, and caps', () => {
    const ranked = rankProposals(
      [p('a', 0.4, 1), p('b', 0.2, 2), p('c', 0.9, 1), p('d', 0.3, 3), p('e', 0.1, 1), p('f', 0.05, 1)],
      5,
    );
    expect(ranked.map((r) => r.name)).toEqual(['c', 'd', 'a', 'b', 'e']);
  });

  it('does not reward one message quoted again and again', () => {
    const repeated = { name: 'repeated', confidence: 0.5, citations: Array(4).fill(citation) };
    const strong = p('strong', 0.8, 1);
    expect(rankProposals([repeated, strong]).map((r) => r.name)).toEqual(['strong', 'repeated']);
    expect(proposalScore(repeated)).toBe(0.5);
  });
});
