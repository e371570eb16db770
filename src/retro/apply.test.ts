import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSONS_HEADER } from '../rules/lessons.js';
import { parseTrialLine } from '../rules/trial-comment.js';
import { tempDir } from '../test-support/temp-dir.js';
import { applyClassification, newTrialMeta } from './apply.js';
import { classifyProposal, loadExistingRules } from './classify.js';

function project(): string {
  const root = tempDir('retrospect-retro-apply-');
  mkdirSync(join(root, '.claude', 'memory', 'qa'), { recursive: true });
  mkdirSync(join(root, '.claude', 'memory', 'claude'), { recursive: true });
  writeFileSync(join(root, '.claude', 'memory', 'qa', 'directives.md'), '1. Run the tests before pushing.\n');
  writeFileSync(
    join(root, '.claude', 'memory', 'claude', 'lessons.md'),
    '# Lessons\n- Read the error first.\n',
  );
  return root;
}

describe('applying classified proposals', () => {
  it('NEW for a team agent is appended as a trial that parses back', () => {
    const root = project();
    const p = {
      target: 'qa' as const,
      proposedText: 'Name the flaky test in the report',
      patternSummary: 'flaky tests',
    };
    const c = classifyProposal(p, loadExistingRules(root, 'qa'));
    expect(c.action).toBe('NEW');
    const trial = newTrialMeta('0b8e7a52-1111-4222-8333-444455556666', 'msg 1>', '2026-07-20');
    const applied = applyClassification(root, c, { trial });
    expect(applied).toMatchObject({ ok: true });
    const lines = readFileSync(join(root, '.claude', 'memory', 'qa', 'directives.md'), 'utf8').split('\n');
    expect(lines[0]).toBe('1. Run the tests before pushing.');
    expect(parseTrialLine(lines[1]!)).toEqual({
      text: '2. Name the flaky test in the report',
      start: '2026-07-20',
      source: '0b8e7a52-1111-4222-8333-444455556666#msg_1_',
      reviewAfter: '10-sessions',
    });
  });

  it('TIGHTEN replaces the matched directive with the merged text', () => {
    const root = project();
    const p = {
      target: 'qa' as const,
      proposedText: 'Run the linter before pushing',
      patternSummary: 'push checks',
    };
    const c = classifyProposal(p, loadExistingRules(root, 'qa'));
    expect(c.action).toBe('TIGHTEN');
    applyClassification(root, c);
    expect(readFileSync(join(root, '.claude', 'memory', 'qa', 'directives.md'), 'utf8')).toBe(
      '1. Run the tests before pushing; additionally, Run the linter before pushing\n',
    );
  });

  it('lessons: NEW goes on trial to the loaded rules file, TIGHTEN rewrites a lesson where it is', () => {
    const root = project();
    const legacy = join(root, '.claude', 'memory', 'claude', 'lessons.md');
    const loaded = join(root, '.claude', 'rules', 'retrospect-lessons.md');
    const rules = () => loadExistingRules(root, 'claude');
    const tighten = classifyProposal(
      { target: 'claude' as const, proposedText: 'Read the whole stack trace', patternSummary: 'error read' },
      rules(),
    );
    expect(tighten.action).toBe('TIGHTEN');
    expect(applyClassification(root, tighten)).toMatchObject({ ok: true, path: legacy });
    expect(readFileSync(legacy, 'utf8')).toBe(
      '# Lessons\n- Read the error first; additionally, Read the whole stack trace\n',
    );
    const dup = classifyProposal(
      { target: 'claude' as const, proposedText: tighten.text, patternSummary: 'x' },
      rules(),
    );
    expect(applyClassification(root, dup)).toEqual({ ok: false, reason: 'duplicate' });
    const fresh = classifyProposal(
      { target: 'claude' as const, proposedText: 'Ask before deleting files', patternSummary: 'deletions' },
      rules(),
    );
    const trial = newTrialMeta('s1', 'm1', '2026-07-20');
    applyClassification(root, fresh, { dryRun: true, trial });
    expect(existsSync(loaded)).toBe(false);
    expect(applyClassification(root, fresh, { trial })).toMatchObject({ ok: true, path: loaded });
    const written = readFileSync(loaded, 'utf8');
    expect(written.startsWith(LESSONS_HEADER)).toBe(true);
    expect(
      written.endsWith(
        '\n- Ask before deleting files <!-- trial start=2026-07-20 source=s1#m1 review-after=10-sessions -->\n',
      ),
    ).toBe(true);
    expect(readFileSync(legacy, 'utf8')).not.toContain('Ask before');
    // A lesson on trial keeps its trial comment when it is tightened.
    const again = classifyProposal(
      {
        target: 'claude' as const,
        proposedText: 'Ask before deleting files in a shared folder or generated code',
        patternSummary: 'deletions ask',
      },
      rules(),
    );
    expect(again.action).toBe('TIGHTEN');
    expect(again.existing?.onTrial).toBe(true);
    applyClassification(root, again);
    expect(readFileSync(loaded, 'utf8')).toContain(
      '- Ask before deleting files; additionally, Ask before deleting files in a shared folder or generated code <!-- trial start=2026-07-20 source=s1#m1 review-after=10-sessions -->\n',
    );
  });

  it('plugin proposals go to the backlog with their source', () => {
    const root = project();
    const c = classifyProposal(
      {
        target: 'plugin' as const,
        proposedText: 'Gate flags skill loads as rejections',
        patternSummary: 'gate noise',
      },
      loadExistingRules(root, 'plugin'),
    );
    applyClassification(root, c, { source: 's1#m1', day: '2026-07-20' });
    expect(readFileSync(join(root, '.claude', 'retro', 'backlog.md'), 'utf8')).toContain(
      '- [ ] Gate flags skill loads as rejections (from s1#m1, 2026-07-20)\n',
    );
  });
});
