import type { Prompter } from '../../prompt/line-prompter.js';
import { nextSprintId } from '../facts/next-sprint.js';
import type { SprintReport } from '../facts/report.js';
import { vagueActionReason } from './concrete-action.js';
import type { DraftedAction, RetroDrafts } from './drafts.js';
import type { AcceptedDrafts, RetroInputs } from './facilitate.js';
import { proposeActionItems } from './facilitate.js';
import {
  ACTION_TYPES,
  ALL_AGENTS,
  isLessonCategory,
  LESSON_CATEGORIES,
  type Lesson,
} from './lesson-types.js';
import { BACK_WORD, beginSection, GoBack, RetroInterrupted } from './session-control.js';
import {
  type DraftActionItem,
  type Improvement,
  noActionYet,
  priorityFor,
  suggestImprovements,
  suggestWentWell,
} from './suggest.js';

const CLASSIFICATIONS = ['clarification', 'implementation', 'process', 'automation'];

/**
 * The next answer. `back` at any prompt returns to the previous section (GoBack); the end of the input
 * (Ctrl-D) stops the session with the answers given so far (RetroInterrupted), which the caller keeps.
 */
async function answer(prompter: Prompter, question: string): Promise<string> {
  const line = await prompter.ask(question);
  if (line === undefined) throw new RetroInterrupted();
  if (line.trim().toLowerCase() === BACK_WORD) throw new GoBack();
  return line.trim();
}

/** An action text the facilitator gives or confirms: asked again, with the reason, until it is concrete. */
async function concreteAction(
  prompter: Prompter,
  question: string,
  fallback: string,
  none?: string,
): Promise<string> {
  for (;;) {
    const text = await required(prompter, question, fallback);
    if (text === none) return text;
    const vague = vagueActionReason(text);
    if (!vague) return text;
    prompter.say(`  not accepted: ${vague}`);
    fallback = '';
  }
}

/** Asks about one model draft; the default is no. Resolves with the accepted (maybe edited) text. */
async function confirmDraft(prompter: Prompter, text: string): Promise<string | undefined> {
  prompter.say(`  (draft) ${text}`);
  for (;;) {
    const reply = (await answer(prompter, '  add it? [y/N/e=edit text] ')).toLowerCase();
    if (reply === 'y' || reply === 'yes') return text;
    if (reply === 'e') return required(prompter, '  new text', text);
    if (reply === '' || reply === 'n' || reply === 'no') return undefined;
    prompter.say('  y adds the draft, e edits it first, n or Enter leaves it out');
  }
}

/**
 * One section: shows the numbered data-driven items, asks about each model draft (added only on a yes,
 * then marked `(draft)`), then takes edits until an empty line: `text` adds, `-N` removes item N,
 * `N: text` replaces item N. Accepted draft texts are added to `accepted`.
 */
async function editSection<T>(
  prompter: Prompter,
  title: string,
  question: string,
  items: T[],
  textOf: (t: T) => string,
  make: (text: string, from?: T) => T,
  drafts: { source: string; texts: string[]; accepted: string[] } | undefined,
): Promise<T[]> {
  const show = () => {
    prompter.say(`\n${title}`);
    if (items.length === 0) prompter.say('  (nothing yet)');
    items.forEach((item, i) => {
      const draft = drafts?.accepted.includes(textOf(item)) ? '(draft) ' : '';
      prompter.say(`  ${i + 1}. ${draft}${textOf(item)}`);
    });
  };
  show();
  if (drafts && drafts.texts.length > 0) {
    prompter.say(`Drafted by ${drafts.source} — nothing is added without your yes:`);
    for (const text of drafts.texts) {
      const kept = await confirmDraft(prompter, text);
      if (kept === undefined) continue;
      items.push(make(kept));
      drafts.accepted.push(kept);
    }
    show();
  }
  prompter.say(question);
  prompter.say(
    `Enter keeps the list · text adds an item · -N removes item N · N: text replaces item N · ${BACK_WORD} returns to the previous section · Ctrl-D saves a draft`,
  );
  for (;;) {
    const line = await answer(prompter, '> ');
    if (line === '') return items;
    const remove = /^-(\d+)$/.exec(line);
    const replace = /^(\d+)\s*:\s*(.+)$/.exec(line);
    const n = Number(remove?.[1] ?? replace?.[1] ?? 0);
    if ((remove || replace) && (n < 1 || n > items.length)) {
      prompter.say(`  there is no item ${n}`);
      continue;
    }
    if (remove) items.splice(n - 1, 1);
    else if (replace) items.splice(n - 1, 1, make(replace[2]!, items[n - 1]));
    else items.push(make(line));
    show();
  }
}

async function required(prompter: Prompter, question: string, fallback: string): Promise<string> {
  for (;;) {
    const line = await answer(prompter, fallback ? `${question} [${fallback}]: ` : `${question}: `);
    const value = line || fallback;
    if (value) return value;
    prompter.say('  required: an action item needs it before it is accepted');
  }
}

async function completeItem(prompter: Prompter, item: DraftActionItem): Promise<DraftActionItem> {
  const owner = await required(prompter, '  owner', item.owner);
  const target = await required(prompter, '  target sprint', item.target_sprint);
  const current = item.type ?? item.classification ?? 'process';
  for (;;) {
    const kind = await answer(prompter, `  kind [${current}]: `);
    const { classification: _c, type: _t, ...rest } = item;
    const done = { ...rest, owner, target_sprint: target };
    if (kind === '')
      return item.type
        ? { ...done, type: item.type }
        : { ...done, classification: item.classification ?? 'process' };
    // `automation` is both; bare, it means the auto-file type. `classification:automation` keeps the v1 form.
    const explicit = /^(classification|type):(.+)$/.exec(kind);
    if (explicit?.[1] === 'classification' && CLASSIFICATIONS.includes(explicit[2]!))
      return { ...done, classification: explicit[2]! };
    const word = explicit?.[1] === 'type' ? explicit[2]! : kind;
    if ((ACTION_TYPES as readonly string[]).includes(word)) return { ...done, type: word };
    if (!explicit && CLASSIFICATIONS.includes(word)) return { ...done, classification: word };
    prompter.say(
      `  kind is a classification (${CLASSIFICATIONS.join(', ')}) or a type (${ACTION_TYPES.join(', ')})`,
    );
  }
}

async function actionItems(
  prompter: Prompter,
  report: SprintReport,
  improvements: Improvement[],
  drafts: { source: string; items: DraftedAction[]; accepted: string[] } | undefined,
): Promise<DraftActionItem[]> {
  const proposed = proposeActionItems(report, improvements);
  prompter.say('\nAction Items');
  prompter.say(
    'Review the proposed action items. Add, remove, or modify items. Each action item needs an owner and target sprint.',
  );
  prompter.say(
    `An action is a verb and an object someone can check off ("Add a retry test to the webhook suite"). ${BACK_WORD} at any prompt returns to What Could Improve · Ctrl-D saves a draft`,
  );
  const accepted: DraftActionItem[] = [];
  for (const [index, item] of proposed.entries()) {
    if (!item.text) {
      // An improvement the facilitator added: its action comes from the facilitator, never a placeholder.
      const improvement = improvements[index]?.text ?? '';
      prompter.say(`\n[${index + 1}/${proposed.length}] ${improvement}  (no action yet)`);
      const text = await concreteAction(
        prompter,
        '  action for it (a verb and an object; "-" for none)',
        '',
        '-',
      );
      if (text === '-') continue;
      accepted.push(await completeItem(prompter, { ...item, text, priority: priorityFor(text, report) }));
      continue;
    }
    prompter.say(`\n[${index + 1}/${proposed.length}] ${item.text}  (priority ${item.priority})`);
    const keep = (await answer(prompter, '  keep? [Y/n/e=edit text] ')).toLowerCase();
    if (keep === 'n' || keep === 'no') continue;
    const text = keep === 'e' ? await concreteAction(prompter, '  new text', item.text) : item.text;
    accepted.push(await completeItem(prompter, { ...item, text, priority: priorityFor(text, report) }));
  }
  for (const [index, draft] of (drafts?.items ?? []).entries()) {
    prompter.say(
      `\n[draft ${index + 1}/${drafts?.items.length}] (draft) ${draft.text}  (${draft.owner}, ${draft.classification}; drafted by ${drafts?.source})`,
    );
    const keep = (await answer(prompter, '  keep? [y/N/e=edit text] ')).toLowerCase();
    if (keep !== 'y' && keep !== 'yes' && keep !== 'e') continue;
    const text = keep === 'e' ? await concreteAction(prompter, '  new text', draft.text) : draft.text;
    const vague = vagueActionReason(text);
    if (vague) {
      prompter.say(`  not accepted: ${vague}`);
      continue;
    }
    const item = { ...draft, text, target_sprint: nextSprintId(report.sprintId) ?? '' };
    accepted.push(await completeItem(prompter, { ...item, priority: priorityFor(text, report) }));
    drafts?.accepted.push(text);
  }
  for (;;) {
    const text = await answer(prompter, '\nAdd an action item (empty to finish): ');
    if (text === '') return accepted;
    const vague = vagueActionReason(text);
    if (vague) {
      prompter.say(`  not accepted: ${vague}`);
      continue;
    }
    accepted.push(
      await completeItem(prompter, {
        text,
        owner: '',
        target_sprint: proposed[0]?.target_sprint ?? '',
        priority: priorityFor(text, report),
        classification: 'process',
      }),
    );
  }
}

async function lessons(prompter: Prompter): Promise<Lesson[]> {
  prompter.say(
    `\nLessons Learned — one per line as "category: synopsis" (categories: ${LESSON_CATEGORIES.join(', ')}) · ${BACK_WORD} returns to Action Items · Ctrl-D saves a draft`,
  );
  const result: Lesson[] = [];
  for (;;) {
    const line = await answer(prompter, 'lesson (empty to finish): ');
    if (line === '') return result;
    const match = /^([\w-]+)\s*:\s*(.+)$/.exec(line);
    if (!match || !isLessonCategory(match[1]!)) {
      prompter.say(`  unknown category; use one of: ${LESSON_CATEGORIES.join(', ')}`);
      continue;
    }
    result.push({
      category: match[1]!,
      synopsis: match[2]!.trim(),
      agents: ALL_AGENTS,
      confidence: 0.8,
      expires_at: null,
    });
  }
}

/**
 * The live retro at a terminal: the facilitator confirms, edits, removes and adds at every step. Model
 * drafts, when given, are offered one by one beside the data-driven items and kept only on a yes.
 */
export async function facilitateInteractive(
  report: SprintReport,
  prompter: Prompter,
  drafts?: RetroDrafts,
): Promise<RetroInputs> {
  const source = drafts?.source ?? '';
  const well = drafts && { source, texts: drafts.wentWell, accepted: [] as string[] };
  const improve = drafts && { source, texts: drafts.couldImprove, accepted: [] as string[] };
  const actions = drafts && { source, items: drafts.actionItems, accepted: [] as string[] };
  beginSection(prompter, 0);
  const wentWell = await editSection(
    prompter,
    'What Went Well — proposed from the sprint data:',
    'Based on the data above, what else went well this sprint? Add items, confirm the data-driven findings, or modify them.',
    suggestWentWell(report),
    (t) => t,
    (t) => t,
    well,
  );
  beginSection(prompter, 1);
  const improvements = await editSection(
    prompter,
    'What Could Improve — proposed from the sprint data:',
    'Based on the data above, what else could improve? Add items, confirm the data-driven findings, or modify them.',
    suggestImprovements(report),
    (i) => i.text,
    (text, from) => ({ text, action: from?.action ?? noActionYet() }),
    improve,
  );
  beginSection(prompter, 2);
  const items = await actionItems(prompter, report, improvements, actions);
  beginSection(prompter, 3);
  const learned = await lessons(prompter);
  const inputs: RetroInputs = {
    wentWell,
    couldImprove: improvements.map((i) => i.text),
    actionItems: items,
    lessons: learned,
    autoGenerated: false,
  };
  // An accepted draft the facilitator replaced afterwards is the facilitator's text, not a draft.
  const drafted: AcceptedDrafts = {
    source,
    wentWell: inputs.wentWell.filter((t) => well?.accepted.includes(t)),
    couldImprove: inputs.couldImprove.filter((t) => improve?.accepted.includes(t)),
    actionItems: inputs.actionItems.map((i) => i.text).filter((t) => actions?.accepted.includes(t)),
  };
  const any = drafted.wentWell.length + drafted.couldImprove.length + drafted.actionItems.length > 0;
  return any ? { ...inputs, drafted } : inputs;
}
