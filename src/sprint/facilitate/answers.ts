import { z } from 'zod';
import { InputError } from '../../errors/errors.js';
import { readRegularText } from '../../fsx/read-regular.js';
import { LESSON_AGENTS } from '../read/paths.js';
import { parseYamlStrict } from '../read/yaml-strict.js';
import { ACTION_TYPES, LESSON_CATEGORIES } from '../record/lesson-types.js';

const listEdits = z.strictObject({
  keep_proposed: z.boolean().default(true),
  remove: z.array(z.number().int().positive()).default([]),
  edit: z.record(z.string(), z.string()).default({}),
  add: z.array(z.string().min(1)).default([]),
});

const kind = {
  classification: z.enum(['clarification', 'implementation', 'process', 'automation']).optional(),
  type: z.enum(ACTION_TYPES).optional(),
};

const actionFields = z.strictObject({
  text: z.string().min(1).optional(),
  owner: z.string().min(1).optional(),
  target_sprint: z.string().min(1).optional(),
  priority: z.enum(['high', 'medium']).optional(),
  ...kind,
});

const newAction = z.strictObject({
  text: z.string().min(1),
  owner: z.string().min(1, 'every action item needs an owner'),
  target_sprint: z.string().min(1).optional(),
  priority: z.enum(['high', 'medium']).optional(),
  ...kind,
});

const decision = z.enum(['approve', 'reject']);

/** The answers file of a non-interactive retro: the same decisions the facilitator makes at the prompts. */
const answersSchema = z.strictObject({
  went_well: listEdits.default({ keep_proposed: true, remove: [], edit: {}, add: [] }),
  could_improve: listEdits.default({ keep_proposed: true, remove: [], edit: {}, add: [] }),
  action_items: z
    .strictObject({
      keep_proposed: z.boolean().default(true),
      remove: z.array(z.number().int().positive()).default([]),
      edit: z.record(z.string(), actionFields).default({}),
      add: z.array(newAction).default([]),
    })
    .default({ keep_proposed: true, remove: [], edit: {}, add: [] }),
  lessons: z
    .array(
      z.strictObject({
        category: z.enum(LESSON_CATEGORIES, {
          error: `category must be one of: ${LESSON_CATEGORIES.join(', ')}`,
        }),
        synopsis: z.string().min(1),
        agents: z.array(z.enum(LESSON_AGENTS)).min(1).optional(),
        confidence: z.number().min(0).max(1).default(0.8),
        expires_at: z.string().nullable().default(null),
      }),
    )
    .default([]),
  proposals: z
    .record(
      z.string(),
      z.union([decision, z.strictObject({ decision, target_skill: z.string().optional() })]),
    )
    .default({}),
});

export type RetroAnswers = z.infer<typeof answersSchema>;

/** Reads and validates an answers file; every problem is reported before anything is written. */
export function loadAnswers(path: string): RetroAnswers {
  let text: string;
  try {
    text = readRegularText(path);
  } catch (error) {
    throw new InputError(`cannot read the answers file ${path}: ${(error as Error).message}`);
  }
  const data: unknown = parseYamlStrict(text, path).toJS() ?? {};
  const parsed = answersSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(top level)'}: ${i.message}`);
    throw new InputError(
      `${path}: the answers file is not valid; nothing was written\n${problems.join('\n')}`,
    );
  }
  return parsed.data;
}
