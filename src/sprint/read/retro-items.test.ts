import { describe, expect, it } from 'vitest';
import { readActionItems, retroKeySprint } from './action-items.js';
import { boardRetroSprint } from './retro-files.js';
import { retroActionItems } from './retro-items.js';

describe('action items of a BMAD retrospective', () => {
  it('reads numbered titles, carried-forward bullets and table rows, not team agreements', () => {
    const body = `# Retrospective: Epic 7

## Previous Retro Follow-Through

| # | Action Item | Status |
|---|-------------|--------|
| 1 | Old item | Done |

## Action Items

### Process Improvements

1. **Measure complexity during dev-story**
   - Owner: All devs
   - Success criteria: checked before done

### Carried Forward

- README stale module list section → backlog chore (from 6.1 review M2)

### Team Agreements

- Reviews are mandatory.

## Next Epic Preview

- Not an item.
`;
    expect(retroActionItems(body)).toEqual([
      'Measure complexity during dev-story',
      'README stale module list section → backlog chore (from 6.1 review M2)',
    ]);
  });

  it('reads the action column of tables, bold and struck-through text included', () => {
    const body = `## Action Items

| # | Action | Owner | Priority |
|---|--------|-------|----------|
| 1 | Mark the epic done in sprint-status.yaml | Bob (SM) | HIGH |
| 2 | ~~Enable branch protection~~ | Ana | ~~HIGH~~ |

### HIGH PRIORITY

| # | Action Item | Owner | Description |
|---|-------------|-------|-------------|
| 3 | **Pre-flight sync check** | All devs | Compare main and staging |
`;
    expect(retroActionItems(body)).toEqual([
      'Mark the epic done in sprint-status.yaml',
      'Enable branch protection',
      'Pre-flight sync check',
    ]);
  });

  it('takes "None." for no items', () => {
    expect(retroActionItems('## Action Items\n\nNone. The epic was clean.\n')).toEqual([]);
  });

  it('names the epic a retro covers from its file name', () => {
    expect(boardRetroSprint('epic-19-retro-2026-02-27.md')).toBe('epic-19');
    expect(boardRetroSprint('epic-8-retrospective.md')).toBe('epic-8');
    expect(boardRetroSprint('epic-3-retrospective-2026-01-16.md')).toBe('epic-3');
    expect(boardRetroSprint('epic10-11-retro-2025-12-22.md')).toBe('epic-10-11');
    expect(boardRetroSprint('epic-2.5-retro-2025-11-17.md')).toBe('epic-2.5');
    expect(boardRetroSprint('epic-14c-retro-2026-01-20.md')).toBe('epic-14c');
    expect(boardRetroSprint('epic-4-context.md')).toBeUndefined();
    expect(boardRetroSprint('7-1-retro-action-tracker.md')).toBeUndefined();
  });

  it('names the retro a retro-keyed action item came from', () => {
    expect(retroKeySprint('epic_6_retro_2026_01_24')).toBe('epic-6');
    expect(retroKeySprint('epic_5_retro_2026_01_18')).toBe('epic-5');
    expect(retroKeySprint('sprint_3_retrospective')).toBe('sprint-3');
    expect(retroKeySprint('epic_kickoff_gate')).toBeUndefined();
    expect(retroKeySprint('weekly_check_ins')).toBeUndefined();
  });

  it('leaves the .gaia/ store as it was: no store, no items', () => {
    expect(readActionItems('/nonexistent-root')).toBeUndefined();
  });
});
