import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemo, tempRoot } from '../../test-support/sprint.js';
import { readActionItems } from '../read/action-items.js';
import { ACTION_ITEMS_PATH, IA, PA } from '../read/paths.js';
import { applyEscalations, ESCALATION_LEDGER_PATH } from '../record/escalations.js';
import { themeKey as themeHash } from './theme-key.js';
import { bulletItemText, scanThemes } from './themes.js';

const NOW = new Date('2026-11-28T10:00:00Z');

function put(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function retro(sprint: string | null, bullets: string[]): string {
  const front = sprint ? `---\nsprint_id: ${sprint}\n---\n\n` : '';
  return `${front}# Retro\n\n## Action Items\n\n${bullets.map((b) => `- ${b}`).join('\n')}\n\n## Lessons Learned\n\n- not an action item\n`;
}

function threeRetros(): string {
  const root = tempRoot();
  put(
    root,
    ACTION_ITEMS_PATH,
    `items:
  - id: AI-1
    sprint_id: sprint-4
    text: Cut review wait time
    status: open
    escalation_count: 0
    created_at: "2026-09-01T10:00:00Z"
  - id: AI-2
    sprint_id: sprint-5
    text: "cut review   WAIT time"
    status: open
    escalation_count: 0
    created_at: "2026-09-15T10:00:00Z"
`,
  );
  put(
    root,
    `${IA}/retrospective/retrospective-sprint-4-2026-09-01.md`,
    retro('sprint-4', [
      'AI-1: Cut review wait time. Owner: ana. Target: sprint-5.',
      'Document the release train. Owner: bo. Target: sprint-5.',
    ]),
  );
  // Legacy flat location, sprint from the file name; an orphan reference is skipped with a warning.
  put(
    root,
    `${IA}/retrospective-sprint-5-2026-09-15.md`,
    retro(null, [
      'AI-2: cut review wait time.',
      'AI-99: gone from the store.',
      '  Cut Review Wait  Time. Owner: cy.',
    ]),
  );
  put(
    root,
    `${IA}/retrospective/retrospective-sprint-6-2026-09-29.md`,
    retro('sprint-6', ['Document the release train. Target: sprint-7.']),
  );
  put(root, `${IA}/retrospective/retrospective-sprint-6-2026-09-30.md`, '');
  return root;
}

describe('cross-sprint themes', () => {
  it('strips owner and target suffixes from bullets', () => {
    expect(bulletItemText('Fix CI. Owner: dana. Target: sprint-8.')).toBe('Fix CI');
    expect(bulletItemText('Fix CI. Target: sprint-8.')).toBe('Fix CI');
    expect(bulletItemText('Fix v2.1 of CI')).toBe('Fix v2.1 of CI');
  });

  it('finds themes across three prior retros, resolving AI-n and warning on orphans', () => {
    const scan = scanThemes(threeRetros(), 'sprint-7');
    expect(scan.themes).toEqual([
      {
        theme_hash: themeHash('cut review wait time'),
        text: 'Cut review wait time',
        sprints: ['sprint-4', 'sprint-5'],
      },
      {
        theme_hash: themeHash('Document the release train'),
        text: 'Document the release train',
        sprints: ['sprint-4', 'sprint-6'],
      },
    ]);
    expect(scan.warnings.some((w) => /orphan reference AI-99/.test(w))).toBe(true);
  });

  it('escalates the oldest open item once per (sprint, theme), across re-runs', () => {
    const root = threeRetros();
    const { themes } = scanThemes(root, 'sprint-7');
    const first = applyEscalations(root, 'sprint-7', themes, NOW);
    expect(first).toEqual([
      {
        theme_hash: themeHash('cut review wait time'),
        outcome: 'escalated',
        item_id: 'AI-1',
        escalation_count: 1,
      },
      { theme_hash: themeHash('Document the release train'), outcome: 'no_open_item' },
    ]);
    const afterFirst = readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8');
    const second = applyEscalations(root, 'sprint-7', scanThemes(root, 'sprint-7').themes, NOW);
    expect(second.map((e) => e.outcome)).toEqual(['already_applied', 'no_open_item']);
    expect(readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8')).toBe(afterFirst);
    expect(readActionItems(root)!.items.map((i) => i.escalation_count)).toEqual([1, 0]);
    expect(readFileSync(join(root, ESCALATION_LEDGER_PATH), 'utf8').trim().split('\n')).toHaveLength(1);
    // A later sprint may escalate the same theme again, once.
    expect(applyEscalations(root, 'sprint-8', themes, NOW)[0]).toMatchObject({
      outcome: 'escalated',
      escalation_count: 2,
    });
  });

  it('refuses an escalation ledger that is a link (even to a file of the project) before any count changes', () => {
    const root = threeRetros();
    const target = join(root, 'scripts', 'deploy.sh');
    put(root, 'scripts/deploy.sh', '#!/bin/sh\necho deploy\n');
    mkdirSync(dirname(join(root, ESCALATION_LEDGER_PATH)), { recursive: true });
    symlinkSync(target, join(root, ESCALATION_LEDGER_PATH));
    const before = readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8');
    const { themes } = scanThemes(root, 'sprint-7');
    expect(() => applyEscalations(root, 'sprint-7', themes, NOW)).toThrow(/symlink/);
    expect(readFileSync(target, 'utf8')).toBe('#!/bin/sh\necho deploy\n');
    expect(readFileSync(join(root, ACTION_ITEMS_PATH), 'utf8')).toBe(before);
  });

  it('reads adversarial findings from the JSON sidecar, else the Markdown', () => {
    const root = copyDemo();
    const scan = scanThemes(root, 'sprint-7');
    const webhook = scan.themes.find((t) => t.text === 'Webhook retries are not idempotent');
    expect(webhook?.sprints).toEqual(['sprint-6', 'sprint-7']);
    // The JSON sidecar wins over the Markdown when both exist.
    put(
      root,
      `${PA}/adversarial/adversarial-review-webhooks-2026-11-20.json`,
      JSON.stringify({ sprint_id: 'sprint-7', findings: [{ title: 'Other' }] }),
    );
    expect(
      scanThemes(root, 'sprint-7').themes.some((t) => t.text === 'Webhook retries are not idempotent'),
    ).toBe(false);
  });

  it('continues without prior retros or an action items file', () => {
    const scan = scanThemes(tempRoot(), 'sprint-1');
    expect(scan.themes).toEqual([]);
    expect(scan.warnings).toEqual([
      '.gaia/state/action-items.yaml is missing: AI-n references cannot be resolved',
      'no prior retrospectives found',
    ]);
  });
});

describe('systemic themes over stored hashes', () => {
  it('groups a stored upper-case hash and a reworded carry-over with the plain item', () => {
    const root = tempRoot();
    const key = themeHash('Cut review wait time');
    put(
      root,
      ACTION_ITEMS_PATH,
      `items:\n  - id: AI-1\n    sprint_id: sprint-4\n    text: Cut review wait time\n    status: open\n    theme_hash: "${key.toUpperCase()}"\n`,
    );
    put(
      root,
      `${IA}/retrospective/retrospective-sprint-4-2026-09-01.md`,
      retro('sprint-4', ['AI-1: see store.']),
    );
    put(
      root,
      `${IA}/retrospective/retrospective-sprint-5-2026-09-15.md`,
      retro('sprint-5', ['Cut review wait time → backlog chore (from sprint-4 review M2)']),
    );
    const scan = scanThemes(root, 'sprint-6');
    expect(scan.themes).toEqual([
      { theme_hash: key, text: 'Cut review wait time', sprints: ['sprint-4', 'sprint-5'] },
    ]);
  });
});
