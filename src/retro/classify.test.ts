import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleTarget } from '../rules/targets.js';
import { tempDir } from '../test-support/temp-dir.js';
import {
  classifyProposal,
  classifyProposals,
  type ExistingRule,
  jaccard,
  loadExistingRules,
  mergeRuleText,
  ruleTokens,
  STOP_WORDS,
} from './classify.js';

const rules = (...texts: string[]): ExistingRule[] =>
  texts.map((text, i) => ({ text, number: i + 1, lineIndex: i }));
const proposal = (proposedText: string, patternSummary: string, target: RuleTarget = 'ic5') => ({
  target,
  proposedText,
  patternSummary,
});

describe('tokens', () => {
  it('has exactly the 35 stop words', () => {
    expect(STOP_WORDS.size).toBe(35);
  });

  it('lowercases, splits outside [a-z0-9] and drops stop words', () => {
    expect([...ruleTokens('Always run the TESTS before you push; don’t skip CI-checks!')]).toEqual([
      'always',
      'run',
      'tests',
      'before',
      'you',
      'push',
      'don',
      't',
      'skip',
      'ci',
      'checks',
    ]);
    expect(ruleTokens('Ünïcode café')).toEqual(new Set(['n', 'code', 'caf']));
  });

  it('computes Jaccard on sets, 0 for an empty side', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(), new Set(['x']))).toBe(0);
  });
});

describe('classifying a proposal', () => {
  it('is NEW without a candidate rule, and for an empty rule set', () => {
    const p = proposal('Read the failing test output before editing code', 'skipped test output');
    expect(classifyProposal(p, rules('Write specs in Gherkin', 'Prefer small pull requests')).action).toBe(
      'NEW',
    );
    expect(classifyProposal(p, []).action).toBe('NEW');
  });

  it('is DUPLICATE at Jaccard 0.65 or more', () => {
    const p = proposal('Run the full test suite before every commit', 'tests before commit');
    const c = classifyProposal(
      p,
      rules('Prefer small pull requests', 'Always run the full test suite before every commit.'),
    );
    expect(c.action).toBe('DUPLICATE');
    expect(c.existing?.number).toBe(2);
    expect(c.bestJaccard).toBeCloseTo(7 / 8);
  });

  it('is TIGHTEN for a candidate below 0.65, with the merged text', () => {
    const p = proposal('Run the linter before pushing', 'lint push');
    const c = classifyProposal(p, rules('Run the tests before pushing.'));
    expect(c.bestJaccard).toBeCloseTo(3 / 5);
    expect(c.action).toBe('TIGHTEN');
    expect(c.text).toBe('Run the tests before pushing; additionally, Run the linter before pushing');
  });

  it('counts overlap with the pattern summary as a candidate even at low Jaccard', () => {
    const p = proposal('Ask before deleting generated files', 'migration files deleted');
    const c = classifyProposal(p, rules('Never edit migration files by hand once they are applied'));
    expect(c.bestJaccard).toBeLessThan(0.35);
    expect(c.action).toBe('TIGHTEN');
  });

  it('one shared pattern token is not enough', () => {
    const p = proposal('Ask before deleting generated files', 'migration cleanup');
    expect(
      classifyProposal(p, rules('Never edit migration files by hand once they are applied')).action,
    ).toBe('NEW');
  });

  it('picks the highest Jaccard, the first in file order on a tie', () => {
    const p = proposal('check logs before retry', 'logs retry');
    const c = classifyProposal(
      p,
      rules('check logs', 'retry logs', 'check logs before retry after failure now again more'),
    );
    expect(c.existing?.number).toBe(1);
  });

  it('cuts the merged text to 200 code points and removes trailing periods', () => {
    expect(mergeRuleText('Keep it short...', 'x')).toBe('Keep it short; additionally, x');
    const long = mergeRuleText('Run the tests', 'é'.repeat(300));
    expect(Array.from(long)).toHaveLength(200);
  });

  it('drops a NEW whose pattern a TIGHTEN already covers, across targets', () => {
    const existing: Record<string, ExistingRule[]> = { ic5: rules('Run the tests before pushing.'), qa: [] };
    const { kept, dropped } = classifyProposals(
      [
        proposal('Run the linter before pushing', 'push checks'),
        proposal('Block the merge on a red build', 'push checks', 'qa'),
        proposal('Name flaky tests in the report', 'flaky tests', 'qa'),
      ],
      (t) => existing[t] ?? [],
    );
    expect(kept.map((c) => [c.proposal.target, c.action])).toEqual([
      ['ic5', 'TIGHTEN'],
      ['qa', 'NEW'],
    ]);
    expect(dropped.map((c) => c.proposal.proposedText)).toEqual(['Block the merge on a red build']);
  });
});

describe('existing rules', () => {
  it('reads numbered directives and bulleted lessons without numbers or trial comments; plugin has none', () => {
    const root = tempDir('retrospect-classify-');
    mkdirSync(join(root, '.claude', 'memory', 'ic5'), { recursive: true });
    mkdirSync(join(root, '.claude', 'memory', 'claude'), { recursive: true });
    writeFileSync(
      join(root, '.claude', 'memory', 'ic5', 'directives.md'),
      '# ic5\n1. Run the tests <!-- trial start=2026-07-01 source=s#a review-after=10-sessions -->\n12. Ship small\n',
    );
    const legacy = join(root, '.claude', 'memory', 'claude', 'lessons.md');
    writeFileSync(legacy, '# Lessons\n- Read errors first\n');
    const loaded = join(root, '.claude', 'rules', 'retrospect-lessons.md');
    mkdirSync(join(root, '.claude', 'rules'));
    writeFileSync(
      loaded,
      '# Lessons\n\n- Quote the failing line <!-- trial start=2026-07-01 source=s#b review-after=10-sessions -->\n',
    );
    const ic5 = join(root, '.claude', 'memory', 'ic5', 'directives.md');
    expect(loadExistingRules(root, 'ic5')).toEqual([
      { text: 'Run the tests', number: 1, lineIndex: 1, onTrial: true, path: ic5 },
      { text: 'Ship small', number: 12, lineIndex: 2, onTrial: false, path: ic5 },
    ]);
    expect(loadExistingRules(root, 'claude')).toEqual([
      { text: 'Quote the failing line', lineIndex: 2, onTrial: true, path: loaded },
      { text: 'Read errors first', lineIndex: 1, onTrial: false, path: legacy },
    ]);
    expect(loadExistingRules(root, 'plugin')).toEqual([]);
    expect(loadExistingRules(root, 'qa')).toEqual([]);
  });

  it('the trial comment and list number do not change the classification', () => {
    const p = proposal('Run the tests', 'tests');
    const c = classifyProposal(p, [{ text: 'Run the tests', number: 1, lineIndex: 0 }]);
    expect(c.action).toBe('DUPLICATE');
    expect(c.bestJaccard).toBe(1);
  });
});
