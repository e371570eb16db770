import { nowFrom } from '../../../clock/now.js';
import { InputError, RetrospectError } from '../../../errors/errors.js';
import { resolveReaderSettings } from '../../../llm/settings.js';
import type { Prompter } from '../../../prompt/line-prompter.js';
import { createLinePrompter } from '../../../prompt/line-prompter.js';
import { draftsForRetro, renderDraftList } from '../../../sprint/facilitate/draft-session.js';
import { RetroInterruptedWithAnswers } from '../../../sprint/facilitate/resumable.js';
import {
  loadRetroDraft,
  removeRetroDraft,
  type SavedRetroDraft,
  saveRetroDraft,
} from '../../../sprint/facilitate/retro-draft.js';
import { gatherRetroInputs } from '../../../sprint/facilitate/retro-inputs.js';
import type { SprintReport } from '../../../sprint/facts/report.js';
import { buildSprintReport } from '../../../sprint/facts/report.js';
import { renderRetroContext } from '../../../sprint/facts/retro-context.js';
import { recordSprintRetro } from '../../../sprint/record/retro.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { DRY_RUN, MODEL_OPTIONS } from '../../common-options.js';
import { cliMessage } from '../../error-words.js';
import type { CliIo } from '../../io.js';
import { println } from '../../io.js';
import { projectRootFor, ROOT_OPTIONS, SPRINT_ARG, SPRINT_ENV } from './options.js';
import { retroAnswersFor } from './retro-answers.js';

const SPEC = defineCommand({
  path: 'sprint retro',
  summary: 'Facilitate the sprint retrospective and record it',
  details:
    "At a terminal it asks (--demo too); --answers FILE or --yolo-defaults seed-from-metrics run it unattended, and\n--demo away from a terminal replays the demo's recorded answers, saying so. The retro is recorded in the\nsidecars, action items and the retro file; see docs/sprint.md. At the prompts, back returns to the previous\nsection and Ctrl-D keeps the answers as a draft that the next run offers to resume; without a readable\nstatus file the sprint id is asked for.",
  args: [SPRINT_ARG],
  options: {
    ...ROOT_OPTIONS,
    answers: { type: 'string', arg: 'FILE', description: 'the decisions as YAML instead of a terminal' },
    'yolo-defaults': {
      type: 'string',
      choices: ['seed-from-metrics'],
      description: 'an unattended skeleton retro seeded from the metrics',
    },
    'auto-file': { type: 'boolean', description: 'file the action items without asking' },
    'dry-run': { ...DRY_RUN, description: 'print the retro inputs as JSON, write nothing' },
    ...MODEL_OPTIONS,
  },
  examples: [
    ['retrospect sprint retro --demo', 'the whole retro on a temporary copy of the demo project'],
    ['retrospect sprint retro --provider openai', 'at a terminal, with model drafts you confirm one by one'],
  ],
  environment: `${SPRINT_ENV}, RETROSPECT_PROVIDER, OPENAI_API_KEY, ANTHROPIC_API_KEY`,
});

/** `sprint retro`: facilitate the retro (terminal, answers file or metrics skeleton), then record it. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const yolo = values['yolo-defaults'];
  const root = projectRootFor(values, io, !values['dry-run']);
  // The sprint is read first: a file that is not understood stops the run before anything else is asked.
  const canAsk = io.stdin.isTTY === true && values.answers === undefined && !yolo;
  let early: Prompter | undefined;
  let report: SprintReport;
  try {
    report = buildSprintReport(root, positionals[0], nowFrom(io.env));
  } catch (error) {
    // No readable status file to name the sprint (seed Step 1): at a terminal the facilitator is asked.
    if (!(error instanceof RetrospectError && error.code === 'E_SPRINT_ID_MISSING') || !canAsk) throw error;
    early = createLinePrompter(io.stdin, io.stderr);
    report = await askForSprint(root, early, cliMessage(error), nowFrom(io.env)).catch((e: unknown) => {
      early?.close();
      throw e;
    });
  }
  const answers = retroAnswersFor(values, yolo, root, io);
  const say = (line: string) => println(io.stderr, line);
  for (const line of renderRetroContext(report)) say(line);
  const { provider, model, 'base-url': baseUrl, 'dry-run': dryRun = false } = values;
  const reader = resolveReaderSettings(io.env);
  const draftOptions = { provider, model, baseUrl, reader, env: io.env, cwd: io.cwd, dryRun, say };
  const prompter = early ?? (answers || yolo ? undefined : createLinePrompter(io.stdin, io.stderr));
  try {
    const resume = prompter ? await askToResume(root, report, prompter) : undefined;
    const drafts = resume?.modelDrafts ?? (resume ? undefined : await draftsForRetro(report, draftOptions));
    if (drafts && !prompter) for (const line of renderDraftList(drafts)) say(line);
    let gathered: Awaited<ReturnType<typeof gatherRetroInputs>>;
    try {
      gathered = await gatherRetroInputs(report, { answers, prompter, drafts, resume: resume?.answers });
    } catch (error) {
      if (!(error instanceof RetroInterruptedWithAnswers) || error.answers.length === 0) throw error;
      if (dryRun) throw new InputError(`${error.message} (--dry-run: no draft saved)`);
      const where = saveRetroDraft(root, report, drafts, error.answers, nowFrom(io.env));
      throw new InputError(
        `${error.message}; your answers are saved as a draft in ${where}: run the same command again to resume`,
      );
    }
    const { inputs, decide } = gathered;
    if (prompter && !dryRun) removeRetroDraft(root, report.sprintId);
    if (values['dry-run']) {
      println(io.stdout, JSON.stringify({ dry_run: true, sprint_id: report.sprintId, ...inputs }, null, 2));
      return 0;
    }
    const log = (line: string) => println(io.stdout, line);
    await recordSprintRetro({
      root,
      report,
      inputs,
      ...(decide ? { decide } : {}),
      autoFile: values['auto-file'] === true,
      env: io.env,
      now: nowFrom(io.env),
      log,
    });
    if (inputs.autoGenerated)
      println(io.stderr, 'skeleton retro (auto_generated: true): flag it for the next live retro to revisit');
    if (values.demo) println(io.stderr, `demo project copy: ${root}`);
    return 0;
  } finally {
    prompter?.close();
  }
}

/**
 * A draft left by an interrupted session of this sprint's retro is offered back: resumed (its answers
 * replayed, its model drafts offered again) or set aside for a fresh start. A draft whose proposals no
 * longer match the sprint's files is not replayed: its item numbers would point at other items.
 */
async function askToResume(
  root: string,
  report: SprintReport,
  prompter: Prompter,
): Promise<SavedRetroDraft | undefined> {
  const saved = loadRetroDraft(root, report);
  if (!saved) return undefined;
  if (!saved.fits) {
    prompter.say(
      `A draft of this retro from ${saved.savedAt} was left, but the sprint's files changed since: its answers refer to other items, so the retro starts afresh (the draft is replaced when you stop again, removed when you finish).`,
    );
    return undefined;
  }
  const reply = await prompter.ask(
    `A draft of the ${report.sprintId} retro from ${saved.savedAt} keeps ${saved.answers.length} answers. Resume it? [Y/n] `,
  );
  if (reply === undefined)
    throw new InputError('the input ended before the retro began; nothing was written');
  return /^\s*(n|no)\s*$/i.test(reply) ? undefined : saved;
}

/** Asks for the sprint id until the story files describe a sprint of that id (or the input ends). */
async function askForSprint(root: string, prompter: Prompter, why: string, now: Date): Promise<SprintReport> {
  prompter.say(why);
  for (;;) {
    const id = (await prompter.ask('Sprint id (e.g. sprint-7): '))?.trim();
    if (id === undefined)
      throw new InputError('the sprint id is needed and the input ended; nothing was written');
    if (id === '') continue;
    try {
      return buildSprintReport(root, id, now);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      prompter.say(`  ${cliMessage(error)}`);
    }
  }
}
