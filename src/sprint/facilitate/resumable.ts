import type { Prompter } from '../../prompt/line-prompter.js';
import type { SprintReport } from '../facts/report.js';
import type { RetroDrafts } from './drafts.js';
import type { RetroInputs } from './facilitate.js';
import { facilitateInteractive } from './facilitate-prompts.js';
import {
  BACK_WORD,
  GoBack,
  RetroInterrupted,
  SECTIONS,
  type SectionAwarePrompter,
} from './session-control.js';

/** One answer the facilitator gave, with the section it was given in. */
export interface RecordedAnswer {
  section: number;
  line: string;
}

/** The session ended at Ctrl-D: `answers` are every answer given, in order, for the draft. */
export class RetroInterruptedWithAnswers extends RetroInterrupted {
  constructor(readonly answers: RecordedAnswer[]) {
    super(
      `the input ended before the retro was complete: ${answers.length} answer${answers.length === 1 ? '' : 's'} kept; nothing else was written`,
    );
  }
}

/**
 * Records every answer with its section, and first replays answers given before (a resumed draft, or the
 * sections kept after `back`): silently for the sections before `echoFrom`, echoed for the section the
 * facilitator returns to, so that they see where they stand.
 */
class RecordingPrompter implements SectionAwarePrompter {
  readonly log: RecordedAnswer[] = [];
  section = 0;
  constructor(
    private readonly real: Prompter,
    private readonly replay: RecordedAnswer[],
    private readonly echoFrom: number,
  ) {}

  beginSection(index: number): void {
    this.section = index;
  }

  private quiet(): boolean {
    const next = this.replay[0];
    return next !== undefined && next.section < this.echoFrom;
  }

  say(text: string): void {
    if (!this.quiet()) this.real.say(text);
  }

  async ask(question: string): Promise<string | undefined> {
    const replayed = this.replay.shift();
    let line: string | undefined;
    if (replayed !== undefined) {
      line = replayed.line;
      if (replayed.section >= this.echoFrom) this.real.say(`${question}${line}`);
    } else {
      line = await this.real.ask(question);
    }
    if (line !== undefined && line.trim().toLowerCase() !== BACK_WORD)
      this.log.push({ section: this.section, line });
    return line;
  }

  close(): void {
    this.real.close();
  }
}

/**
 * The live retro with two ways out of a straight line: `back` at any prompt returns to the previous
 * section with its answers kept (replayed, the answer that closed it dropped, so the facilitator is back
 * at its prompt), and Ctrl-D ends the session with every answer so far (RetroInterruptedWithAnswers), for
 * the caller to keep as a draft. `resume` replays a draft's answers first.
 */
export async function facilitateResumable(
  report: SprintReport,
  prompter: Prompter,
  drafts: RetroDrafts | undefined,
  resume: readonly RecordedAnswer[] = [],
): Promise<{ inputs: RetroInputs; answers: RecordedAnswer[] }> {
  let replay = [...resume];
  let echoFrom = resume.length > 0 ? Math.max(...resume.map((a) => a.section)) : 0;
  for (;;) {
    const recorder = new RecordingPrompter(prompter, [...replay], echoFrom);
    try {
      const inputs = await facilitateInteractive(report, recorder, drafts);
      return { inputs, answers: recorder.log };
    } catch (error) {
      if (error instanceof GoBack) {
        const previous = Math.max(recorder.section - 1, 0);
        const kept = recorder.log.filter((a) => a.section < previous);
        const reopened = recorder.log.filter((a) => a.section === previous);
        // The answer that closed the section (Enter on an empty line) is dropped: the prompt is open again.
        if (recorder.section > 0) reopened.pop();
        else reopened.length = 0;
        replay = [...kept, ...reopened];
        echoFrom = previous;
        prompter.say(
          recorder.section === 0
            ? `\n${SECTIONS[0]} is the first section: starting it again`
            : `\nBack to ${SECTIONS[previous]}: your answers there are kept (shown below); later sections are asked again`,
        );
        continue;
      }
      if (error instanceof RetroInterrupted) throw new RetroInterruptedWithAnswers(recorder.log);
      throw error;
    }
  }
}
