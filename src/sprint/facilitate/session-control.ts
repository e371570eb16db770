import { InputError } from '../../errors/errors.js';
import type { Prompter } from '../../prompt/line-prompter.js';

/** The command word that returns to the previous section, at any prompt of the facilitated retro. */
export const BACK_WORD = 'back';

/** The sections of the facilitated retro, in order. */
export const SECTIONS = ['What Went Well', 'What Could Improve', 'Action Items', 'Lessons Learned'] as const;

/** `back` was typed: the session restarts at the previous section, the answers before it kept. */
export class GoBack extends Error {
  constructor() {
    super('back to the previous section');
    this.name = 'GoBack';
  }
}

/** The input ended (Ctrl-D) before the retro was complete; the answers so far are kept as a draft. */
export class RetroInterrupted extends InputError {
  constructor(message = 'the input ended before the retro was complete; nothing was written') {
    super(message);
    this.name = 'RetroInterrupted';
  }
}

/** A prompter that knows which section its answers belong to (the session's recorder). */
export interface SectionAwarePrompter extends Prompter {
  beginSection(index: number): void;
}

/** Tells a recording prompter that section `index` starts; a plain prompter ignores it. */
export function beginSection(prompter: Prompter, index: number): void {
  (prompter as Partial<SectionAwarePrompter>).beginSection?.(index);
}
