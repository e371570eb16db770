import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acquireScheduledLock, releaseScheduledLock } from '../schedule/lock.js';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { autoDecider } from './decide.js';
import type { DeepReader } from './deep-read-port.js';
import { runScheduledRetro } from './scheduled.js';

const reader: DeepReader = async (path, request) => {
  const session_id = path.replace(/^.*\//, '').replace(/\.jsonl$/, '');
  return {
    session_id,
    proposals: [
      {
        session_id,
        target: 'devops',
        proposed_text: 'Check the deploy log before calling a release good',
        confidence: 0.7,
        citations: [{ message_id: request.anchors[0] ?? '', excerpt: 'revert it' }],
        pattern_summary: 'unchecked release',
      },
    ],
    observations: [],
    fabrication_anchors: [
      {
        anchor_id: '0123456789abcdef',
        session_id,
        turn_id: request.anchors[0] ?? '',
        fabricated_claim_text: 'All 212 tests pass and the build is clean',
        evidence_for_fabrication: 'no test command ran since the last user turn',
      },
    ],
  };
};

describe('runScheduledRetro', () => {
  it('takes the lock, runs the retro and leaves a report of what it applied', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-29') });
    const options = {
      cwd: p.root,
      env: p.env,
      all: true,
      decider: autoDecider,
      deepReader: reader,
      today: '2026-07-01',
      // Run from sources there is no compiled gate worker; the caps are tested through the built CLI.
      gateCapMs: Number.POSITIVE_INFINITY,
    };
    const result = await runScheduledRetro(options, { signals: null });
    expect(result.status).toBe('completed');
    if (result.status !== 'completed') return;
    const report = readFileSync(result.report.path, 'utf8');
    expect(report).toContain('- sessions: scanned=2 skipped=0 gated=2 deep-read=2');
    expect(report).toContain(
      '- target=devops action=NEW: Check the deploy log before calling a release good',
    );
    expect(report).toContain('## Duplicates (advisory)');
    // Fabrication anchors are listed by id; the claim (transcript text) stays in the anchor file.
    expect(report).toMatch(
      /- Fabrication anchor 0123456789abcdef \(session [^)]*\) — see \.claude\/retro\/anchors\/0123456789abcdef\.json/,
    );
    expect(report).not.toContain('All 212 tests pass');
    expect(p.read('.claude/memory/devops/directives.md')).toMatch(/^1\. Check the deploy log .*<!-- trial /);

    const held = acquireScheduledLock(p.root);
    const skipped = await runScheduledRetro(options, { signals: null });
    expect(skipped).toMatchObject({ status: 'skipped', message: 'scheduled retro: lock held, skipping' });
    if (held.ok) releaseScheduledLock(p.root, { token: held.lock.token });
  });
});
