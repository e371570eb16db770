import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { scheduledRetroDir } from './paths.js';
import { writeScheduledReport } from './report.js';
import { emptyReportInput, type ScheduledReportInput } from './report-model.js';

function project(): string {
  return tempDir('retrospect-sched-report-');
}

const RUN_AT = new Date('2026-05-01T03:17:09.512Z');

function input(overrides: Partial<ScheduledReportInput> = {}): ScheduledReportInput {
  return { ...emptyReportInput(), ...overrides };
}

describe('writeScheduledReport', () => {
  it('writes the exact section layout, with every list filled', () => {
    const mainCheckout = project();
    const report = writeScheduledReport(
      mainCheckout,
      input({
        counts: { scanned: 10, skipped: 2, gated: 3, deepRead: 3 },
        applied: [
          { target: 'ic5', action: 'NEW', summary: 'Run the unit tests before saying a change is done.' },
          { target: 'qa', action: 'TIGHTEN', summary: 'Check exit codes; additionally, check stderr.' },
        ],
        manualFollowUps: ['retrospect rules edit pm "scope each story to one endpoint"'],
        duplicates: [
          '- devops: "pin tool versions" duplicates rule 4',
          'qa: "check exit codes" duplicates rule 2',
        ],
        observations: ['Sessions 3a1f… and 9c2e… both retried a flaky build step.'],
        note: 'Nightly run.',
      }),
      { date: RUN_AT },
    );
    expect(report.path).toBe(join(mainCheckout, '.claude', 'retro', 'scheduled-2026-05-01T031709Z.md'));
    expect(report).toMatchObject({ stamp: '2026-05-01T031709Z', applied: 2, manualFollowUp: 1, removed: [] });
    expect(readFileSync(report.path, 'utf8')).toBe(
      [
        '# Scheduled retro report',
        '- timestamp: 2026-05-01T031709Z',
        '- mode: --all --auto',
        '- sessions: scanned=10 skipped=2 gated=3 deep-read=3',
        '',
        '## Note',
        '',
        'Nightly run.',
        '',
        '## Applied',
        '- target=ic5 action=NEW: Run the unit tests before saying a change is done.',
        '- target=qa action=TIGHTEN: Check exit codes; additionally, check stderr.',
        '',
        '## Manual follow-up',
        '- retrospect rules edit pm "scope each story to one endpoint"',
        '',
        '## Duplicates (advisory)',
        '- devops: "pin tool versions" duplicates rule 4',
        '- qa: "check exit codes" duplicates rule 2',
        '',
        '## Observations',
        '- Sessions 3a1f… and 9c2e… both retried a flaky build step.',
        '',
        '## Summary',
        'Applied: 2 | Manual follow-up: 1 | scanned=10 skipped=2 gated=3 deep-read=3',
        '',
        '',
      ].join('\n'),
    );
  });

  it('writes (none) for empty sections and leaves the note out when there is none', () => {
    const mainCheckout = project();
    const report = writeScheduledReport(
      mainCheckout,
      input({ summary: 'Applied: 0 | empty candidate set' }),
      {
        date: RUN_AT,
      },
    );
    const text = readFileSync(report.path, 'utf8');
    expect(text).not.toContain('## Note');
    expect(text.match(/\(none\)/g)).toHaveLength(4);
    expect(text.endsWith('## Summary\nApplied: 0 | empty candidate set\n\n')).toBe(true);
  });

  it('never overwrites: a second report in the same second gets -<pid>, a third -<pid>-2', () => {
    const mainCheckout = project();
    const first = writeScheduledReport(mainCheckout, input({ note: 'one' }), { date: RUN_AT });
    const second = writeScheduledReport(mainCheckout, input({ note: 'two' }), { date: RUN_AT });
    const third = writeScheduledReport(mainCheckout, input({ note: 'three' }), { date: RUN_AT });
    expect(second.path).toBe(first.path.replace('.md', `-${process.pid}.md`));
    expect(third.path).toBe(first.path.replace('.md', `-${process.pid}-2.md`));
    expect(readFileSync(first.path, 'utf8')).toContain('one');
    expect(readFileSync(second.path, 'utf8')).toContain('two');
  });

  it('keeps the newest 12 reports and never touches other files', () => {
    const mainCheckout = project();
    const dir = scheduledRetroDir(mainCheckout);
    mkdirSync(dir, { recursive: true });
    for (let day = 1; day <= 13; day += 1) {
      const name = `scheduled-2000-01-${String(day).padStart(2, '0')}T000000Z.md`;
      writeFileSync(join(dir, name), `old ${day}\n`);
      const when = new Date(Date.UTC(2000, 0, day));
      utimesSync(join(dir, name), when, when);
    }
    const others = ['scheduled-notes.md', 'scheduled.lock', 'friction.jsonl', 'scheduled.log'];
    for (const name of others) writeFileSync(join(dir, name), 'keep me\n');
    const report = writeScheduledReport(mainCheckout, input(), { date: RUN_AT });
    const reports = readdirSync(dir).filter((name) => /^scheduled-\d/.test(name));
    expect(reports).toHaveLength(12);
    expect(reports).toContain('scheduled-2026-05-01T031709Z.md');
    // The two oldest went: 13 old + 1 new = 14, keep 12.
    expect(report.removed.map((path) => path.slice(dir.length + 1)).sort()).toEqual([
      'scheduled-2000-01-01T000000Z.md',
      'scheduled-2000-01-02T000000Z.md',
    ]);
    for (const name of others) expect(readFileSync(join(dir, name), 'utf8')).toBe('keep me\n');
  });

  it('leaves out lines that are transcript records, strips control characters, caps long lines', () => {
    const mainCheckout = project();
    const transcriptLine = JSON.stringify({
      type: 'user',
      uuid: '00000000-0000-4000-8000-000000000004',
      message: { content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'secret output' }] },
    });
    const report = writeScheduledReport(
      mainCheckout,
      input({
        observations: [transcriptLine, 'A real finding.\u001b[2J', 'x'.repeat(900)],
        manualFollowUps: [`first\n${transcriptLine}`],
      }),
      { date: RUN_AT },
    );
    const text = readFileSync(report.path, 'utf8');
    expect(report.droppedLines).toBe(2);
    expect(text).not.toMatch(/tool_result|tool_use|"type":\s*"user"|secret output/);
    expect(text).toContain('- A real finding.[2J\n');
    expect(text).toContain(`- ${'x'.repeat(499)}…\n`);
    expect(text).toContain('## Manual follow-up\n- first\n\n');
  });

  it('rejects counts that are not whole non-negative numbers', () => {
    const mainCheckout = project();
    const bad = input({ counts: { scanned: -1, skipped: 0, gated: 1.5, deepRead: 0 } });
    expect(() => writeScheduledReport(mainCheckout, bad)).toThrow(/scanned|gated/);
    expect(readdirSync(mainCheckout)).toEqual([]);
  });
});
