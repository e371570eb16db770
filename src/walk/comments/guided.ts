import type { Prompter } from '../../prompt/line-prompter.js';
import type { ChangeUnit, WalkComment } from '../document.js';
import { type CommentDraft, parseGuidedAnswer } from './comments.js';

/** The terminal side of a guided walk: what it shows and asks (any line prompter). */
export type CommentPrompter = Pick<Prompter, 'say' | 'ask'>;

const QUESTION =
  'comment> ([@file:line] [note|concern|approval|suggestion|intent:] text; empty = next unit, skip, quit) ';

/**
 * Walks the units one at a time: shows each, then takes comments until the reviewer moves on, skips the
 * unit or quits (the remaining units are then skipped). End of input counts as quitting.
 */
export async function captureGuidedComments(
  units: ChangeUnit[],
  prompter: CommentPrompter,
  present: (unit: ChangeUnit) => string,
  make: (draft: Omit<CommentDraft, 'author'>, unitId: string) => WalkComment,
): Promise<{ comments: WalkComment[]; skipped: string[] }> {
  const comments: WalkComment[] = [];
  const skipped: string[] = [];
  let quitting = false;
  for (const unit of units) {
    if (quitting) {
      skipped.push(unit.change_unit_id);
      continue;
    }
    prompter.say(present(unit));
    const own: WalkComment[] = [];
    for (;;) {
      const line = await prompter.ask(QUESTION);
      const answer = line === undefined ? ({ kind: 'quit' } as const) : parseGuidedAnswer(line);
      if (answer.kind === 'comment') {
        own.push(
          make(
            {
              type: answer.type,
              text: answer.text,
              ...(answer.location ? { location: answer.location } : {}),
            },
            unit.change_unit_id,
          ),
        );
        continue;
      }
      if (answer.kind === 'invalid') {
        prompter.say(`  ${answer.reason}`);
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
