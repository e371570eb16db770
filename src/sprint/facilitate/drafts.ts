import { z } from 'zod';
import { LlmError } from '../../llm/errors.js';
import type { JsonSchemaSpec, LlmPort } from '../../llm/port.js';
import type { SprintReport } from '../facts/report.js';
import { renderRetroContext } from '../facts/retro-context.js';

const DRAFT_CLASSIFICATIONS = ['clarification', 'implementation', 'process', 'automation'] as const;

/** An action item as a model drafts it: no target sprint or priority, those stay data-driven. */
export interface DraftedAction {
  text: string;
  /** A role (`Tech Lead`, `Scrum Master`), never a person the model cannot know. */
  owner: string;
  classification: (typeof DRAFT_CLASSIFICATIONS)[number];
}

/** What a provider drafted, after the safety filter; every item still needs the facilitator's yes. */
export interface RetroDrafts {
  /** `provider/model`, for the artifact's `Drafted with` note. */
  source: string;
  wentWell: string[];
  couldImprove: string[];
  actionItems: DraftedAction[];
  /** One line per dropped item: what it was and why. */
  dropped: string[];
}

export const MAX_DRAFT_LENGTH = 200;

// Lenient on purpose: one bad item is dropped with its reason instead of losing the whole answer.
const answerParser = z.looseObject({
  went_well: z.array(z.unknown()).default([]),
  could_improve: z.array(z.unknown()).default([]),
  action_items: z.array(z.unknown()).default([]),
});
type DraftAnswer = z.infer<typeof answerParser>;

const text = { type: 'string', maxLength: MAX_DRAFT_LENGTH };
const DRAFT_SCHEMA: JsonSchemaSpec<DraftAnswer> = {
  name: 'sprint_retro_drafts',
  parser: answerParser,
  wire: {
    type: 'object',
    additionalProperties: false,
    required: ['went_well', 'could_improve', 'action_items'],
    properties: {
      went_well: { type: 'array', items: text },
      could_improve: { type: 'array', items: text },
      action_items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'owner', 'classification'],
          properties: {
            text,
            owner: { type: 'string', maxLength: 40 },
            classification: { type: 'string', enum: [...DRAFT_CLASSIFICATIONS] },
          },
        },
      },
    },
  },
};

const actionParser = z.strictObject({
  text: z.string(),
  owner: z.string(),
  classification: z.enum(DRAFT_CLASSIFICATIONS),
});

const UNSAFE: [RegExp, string][] = [
  [/[\p{Cc}\p{Cf}]/u, 'control or invisible characters'],
  [/`/, 'backticks'],
  [/\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[\w-]+\.(?:com|io|org|net|dev)\b/i, 'a URL'],
  [
    /\$\(|\$\{|&&|\|\||\s\|\s|(?:^|\s)(?:sudo|rm|curl|wget|chmod|chown|eval|exec|bash|sh|npx?|git)\s+-|^\s*[$#>]\s|>\s*\/|<\(/,
    'shell-looking text',
  ],
];

/** Why a drafted text may not be shown as a proposal, or undefined when it may. */
export function unsafeDraftReason(value: string, maxLength: number = MAX_DRAFT_LENGTH): string | undefined {
  if (value.trim() === '') return 'empty';
  if (value.length > maxLength) return `longer than ${maxLength} characters`;
  return UNSAFE.find(([pattern]) => pattern.test(value))?.[1];
}

function preview(value: unknown): string {
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw);
}

function filterTexts(items: unknown[], label: string, dropped: string[]): string[] {
  return items.flatMap((item) => {
    const reason = typeof item === 'string' ? unsafeDraftReason(item) : 'not a string';
    if (reason === undefined) return [(item as string).trim()];
    dropped.push(`${label} ${preview(item)}: ${reason}`);
    return [];
  });
}

function filterActions(items: unknown[], dropped: string[]): DraftedAction[] {
  return items.flatMap((item) => {
    const parsed = actionParser.safeParse(item);
    const reason = parsed.success
      ? (unsafeDraftReason(parsed.data.text) ?? unsafeDraftReason(parsed.data.owner, 40))
      : 'not {text, owner, classification}';
    if (parsed.success && reason === undefined) {
      return [{ ...parsed.data, text: parsed.data.text.trim(), owner: parsed.data.owner.trim() }];
    }
    dropped.push(`action item ${preview(item)}: ${reason}`);
    return [];
  });
}

/**
 * The request: the computed sprint summary only (the numbers, verdicts, carryover, blocked stories,
 * untriaged findings and recurring themes the facilitator sees), never file contents beyond those facts.
 */
export function draftRequest(report: SprintReport): { system: string; prompt: string } {
  const findings = report.metrics.untriagedFindings.map(
    (f) => `  ${f.storyKey} [${f.severity}] ${f.finding.slice(0, 160)}`,
  );
  const themes = report.themes.themes.map((t) => `  ${t.text} (sprints ${t.sprints.join(', ')})`);
  const facts = [
    ...renderRetroContext(report),
    'Untriaged findings:',
    ...(findings.length > 0 ? findings : ['  none']),
    'Recurring themes:',
    ...(themes.length > 0 ? themes : ['  none']),
  ];
  return {
    system:
      'You help a scrum team prepare its sprint retrospective. You draft; the facilitator decides. Answer with one JSON object only.',
    prompt: [
      'Sprint facts, computed from the project files:',
      ...facts,
      '',
      'Draft short retro items grounded only in these facts: "went_well" and "could_improve" (sentences),',
      'and "action_items" ({"text", "owner" as a role such as Tech Lead, Scrum Master, Product Owner or',
      `QA Lead, "classification": one of ${DRAFT_CLASSIFICATIONS.join(', ')}}). At most 4 items per list,`,
      `each under ${MAX_DRAFT_LENGTH} characters, plain prose: no links, no commands, no code.`,
    ].join('\n'),
  };
}

/**
 * Asks the provider for drafts once. A transport failure or an unusable answer gives one warning and no
 * drafts: the retro goes on from the numbers and the facilitator's input alone.
 */
export async function requestRetroDrafts(
  port: LlmPort,
  report: SprintReport,
  warn: (line: string) => void,
): Promise<RetroDrafts | undefined> {
  const source = port.model ? `${port.name}/${port.model}` : port.name;
  try {
    const answer = await port.completeJson(
      { ...draftRequest(report), maxOutputTokens: 1500, purpose: 'sprint-draft' },
      DRAFT_SCHEMA,
    );
    if (!answer.ok) {
      warn(
        `warning: ${source} gave no usable drafts (${answer.reason}: ${answer.detail}); continuing without`,
      );
      return undefined;
    }
    const dropped: string[] = [];
    const { went_well, could_improve, action_items } = answer.value;
    return {
      source,
      wentWell: filterTexts(went_well, 'went-well draft', dropped),
      couldImprove: filterTexts(could_improve, 'could-improve draft', dropped),
      actionItems: filterActions(action_items, dropped),
      dropped,
    };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    warn(`warning: no drafts from ${source} (${error.message}); continuing without`);
    return undefined;
  }
}
