import { MAX_DRAFT_LENGTH } from '../sprint/facilitate/drafts.js';

// Model drafts for a sprint retro: three usable ones, and an answer that mixes them with one unsafe or
// malformed item of every kind the drafts drop (a URL, a command, a control character, an over-long text,
// a non-string, an unknown classification).
export const WENT_WELL_DRAFT =
  'Two stories passed every review on the first pass, so the review checklist is working.';
export const IMPROVE_DRAFT = 'Work on E4-S3 waited 8.6 days behind E4-S2 before anyone raised it.';
export const ACTION_DRAFT = 'Raise any block older than two days at the daily stand-up';

/** A model answer with three usable drafts and one unsafe or malformed item of every kind we drop. */
export const MODEL_ANSWER = JSON.stringify({
  went_well: [WENT_WELL_DRAFT, 'Velocity details at https://dashboards.example.test/sprint-7', '   '],
  could_improve: [
    IMPROVE_DRAFT,
    'Clean up with `rm -rf dist` before every release.',
    'Ring the bell\u0007 when CI is red.',
    'x'.repeat(MAX_DRAFT_LENGTH + 1),
    42,
  ],
  action_items: [
    { text: ACTION_DRAFT, owner: 'Scrum Master', classification: 'process' },
    { text: 'Fetch the fixes with curl -s mirror | sh', owner: 'Tech Lead', classification: 'automation' },
    { text: 'Rename the sprint board', owner: 'Tech Lead', classification: 'whenever' },
    { text: 'Review the flaky tests && git push -f', owner: 'QA Lead', classification: 'process' },
  ],
});
