import type { Prompter } from '../../prompt/line-prompter.js';
import type { ChangeUnit, WalkComment } from '../document.js';
import { type CommentDraft, type CommentLocation, GUIDED_HELP, parseGuidedAnswer } from './comments.js';
import { describePlace, type Placement } from './placement.js';

/** The terminal side of a guided walk: what it shows and asks (any line prompter). */
export type CommentPrompter = Pick<Prompter, 'say' | 'ask'>;

const QUESTION = `comment> (${GUIDED_HELP}) `;

/** Lines of a unit's diff shown per `d` or `m`. */
export const DIFF_PAGE_LINES = 40;

/** What a guided walk needs besides the prompter: how to show, place and make comments, and the diff. */
export interface GuidedSteps {
  present(unit: ChangeUnit): string;
  /** Checks a comment's place against the unit (file of the unit, line in range) and adds its hunk. */
  place(location: CommentLocation | undefined, unit: ChangeUnit): Promise<Placement>;
  make(draft: Omit<CommentDraft, 'author'>, unitId: string): WalkComment;
  /** The unit's diff text (empty when the evidence holds none, e.g. a supplied diff). */
  diff(unit: ChangeUnit): Promise<string>;
}

/** Pages through one unit's diff: `d` starts at the top, `m` goes on where the last page ended. */
function diffPager(prompter: CommentPrompter, unit: ChangeUnit, diff: (unit: ChangeUnit) => Promise<string>) {
  let lines: string[] | undefined;
  let shown = 0;
  return async (restart: boolean) => {
    lines ??= (await diff(unit)).split('\n');
    if (lines.length === 1 && lines[0] === '') {
      prompter.say(`  no diff text for ${unit.change_unit_id} (the evidence holds only its hunk places)`);
      return;
    }
    if (restart) shown = 0;
    if (shown >= lines.length) {
      prompter.say(`  end of the diff of ${unit.change_unit_id} (d starts it again)`);
      return;
    }
    const page = lines.slice(shown, shown + DIFF_PAGE_LINES);
    shown += page.length;
    const left = lines.length - shown;
    prompter.say(page.join('\n'));
    prompter.say(
      left > 0
        ? `  -- ${shown} of ${lines.length} lines; m for more --`
        : `  -- end of the diff of ${unit.change_unit_id} --`,
    );
  };
}

/**
 * Walks the units one at a time: shows each, then takes comments until the reviewer moves on, skips the
 * unit or quits (the remaining units are then skipped). End of input counts as quitting. Each comment is
 * placed against the unit before it is kept, and echoed as recorded.
 */
export async function captureGuidedComments(
  units: ChangeUnit[],
  prompter: CommentPrompter,
  steps: GuidedSteps,
): Promise<{ comments: WalkComment[]; skipped: string[] }> {
  const comments: WalkComment[] = [];
  const skipped: string[] = [];
  let quitting = false;
  for (const unit of units) {
    if (quitting) {
      skipped.push(unit.change_unit_id);
      continue;
    }
    prompter.say(steps.present(unit));
    const page = diffPager(prompter, unit, steps.diff);
    const own: WalkComment[] = [];
    for (;;) {
      const line = await prompter.ask(QUESTION);
      const answer = line === undefined ? ({ kind: 'quit' } as const) : parseGuidedAnswer(line);
      if (answer.kind === 'diff' || answer.kind === 'more') {
        await page(answer.kind === 'diff');
        continue;
      }
      if (answer.kind === 'comment') {
        const placed = await steps.place(answer.location, unit);
        if (!placed.ok) {
          prompter.say(`  not recorded: ${placed.reason}`);
          continue;
        }
        const location = placed.location.file ? placed.location : undefined;
        const comment = steps.make(
          { type: answer.type, text: answer.text, ...(location ? { location } : {}) },
          unit.change_unit_id,
        );
        own.push(comment);
        prompter.say(`  recorded ${comment.type} on ${describePlace(unit.change_unit_id, location)}`);
        continue;
      }
      if (answer.kind === 'invalid') {
        prompter.say(`  not recorded: ${answer.reason}`);
        continue;
      }
      if (answer.kind === 'skip') skipped.push(unit.change_unit_id);
      if (answer.kind === 'quit') {
        quitting = true;
        if (own.length === 0) skipped.push(unit.change_unit_id);
      }
      break;
    }
    comments.push(...own);
  }
  return { comments, skipped };
}
