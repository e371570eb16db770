import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render/render.js';
import { createTestRepo } from '../test-support/repo.js';
import { snapshot } from '../test-support/snapshot.js';
import { walkChangeSet } from '../walk.js';
import { statedOutcome } from './prior-evidence.js';

describe('include_prior_evidence', () => {
  it('collects the review reports, approval records and validation runs linked to the change, with their sources', async () => {
    const repo = createTestRepo();
    repo.commit('Start the cart module', { 'src/cart.ts': 'export const items: string[] = [];\n' });
    const change = repo.commit('Limit the cart to nine items', {
      'src/cart.ts': 'export const items: string[] = [];\nexport const limit = 9;\n',
    });
    repo.commit('Record the review, the approval and the CI run of the cart limit', {
      'reviews/code-review-cart.md': `# Code review\n\nCommit ${change.slice(0, 10)} reviewed.\n\nVerdict: APPROVED\n`,
      'approvals/cart-approval.json': '{"approved_by":"werner","files":["src/cart.ts"]}\n',
      'ci/junit.xml': `<?xml version="1.0"?>\n<testsuites tests="12" failures="1" errors="0">\n<testsuite name="${change.slice(0, 7)}"/>\n</testsuites>\n`,
      'reviews/code-review-login.md': '# Code review\n\nsrc/login.ts\n\nVerdict: FAILED\n',
    });
    const before = snapshot(repo.dir);
    const base = { mode: 'summary-only' as const, cwd: repo.dir, env: process.env, sessionDirs: [] };
    const { document } = await walkChangeSet({ ...base, target: 'HEAD~2..HEAD~1' });
    expect(document.provenance_context.prior_evidence).toEqual([
      {
        kind: 'approval-record',
        source: 'approvals/cart-approval.json',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        linked_by: ['names src/cart.ts'],
      },
      {
        kind: 'validation-run',
        source: 'ci/junit.xml',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        linked_by: [`names commit ${change.slice(0, 7)}`],
        outcome: '12 tests, 1 failures, 0 errors',
      },
      {
        kind: 'review-report',
        source: 'reviews/code-review-cart.md',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        linked_by: [`names commit ${change.slice(0, 7)}`],
        outcome: 'APPROVED',
      },
    ]);
    expect(document.provenance_context.commands.map((c) => c.command).join('\n')).toContain('ls-files');
    const markdown = renderMarkdown(document);
    expect(markdown).toContain('- prior_evidence (claims of these files, not verdicts):');
    expect(markdown).toContain('  - review-report `reviews/code-review-cart.md` states APPROVED;');
    expect(snapshot(repo.dir)).toEqual(before);
    const sha = (file: string) =>
      document.provenance_context.prior_evidence?.find((p) => p.source === file)?.sha256;
    expect(sha('ci/junit.xml')).toBe(
      (await import('node:crypto'))
        .createHash('sha256')
        .update(readFileSync(join(repo.dir, 'ci/junit.xml')))
        .digest('hex'),
    );

    const off = await walkChangeSet({ ...base, target: 'HEAD~2..HEAD~1', includePriorEvidence: false });
    expect(off.document.provenance_context.prior_evidence).toBeUndefined();
    expect(renderMarkdown(off.document)).toContain('- prior_evidence: not collected');
  });

  it('reads the outcome a report states as a claim', () => {
    expect(statedOutcome('Gate: PASS with notes')).toBe('PASS');
    expect(statedOutcome('Outcome: APPROVED_UNCONDITIONALLY')).toBe('APPROVED_UNCONDITIONALLY');
    expect(statedOutcome('no outcome here')).toBeUndefined();
  });
});
