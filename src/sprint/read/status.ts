import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { InputError } from '../../errors/errors.js';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { IA, SPRINT_STATUS_PATHS } from './paths.js';
import { sprintFromStoryFiles } from './stories-by-sprint.js';
import { yamlData } from './yaml-strict.js';

const idLike = z.union([z.string(), z.number()]).transform((v) => String(v));

const storySchema = z.looseObject({
  key: idLike,
  title: z.string().nullish(),
  status: z.string().default('backlog'),
  points: z.number().nullish(),
  risk_level: z.string().nullish(),
  assignee: z.string().nullish(),
  blocked_by: idLike.nullish(),
  updated: z.unknown().optional(),
});

const sprintStatusSchema = z.looseObject({
  sprint_id: idLike.nullish(),
  status: z.string().nullish(),
  total_points: z.number().nullish(),
  velocity_capacity: z.number().nullish(),
  start_date: z.unknown().optional(),
  end_date: z.unknown().optional(),
  goals: z.unknown().optional(),
  stories: z.array(storySchema).nullish(),
});

export type SprintStory = z.infer<typeof storySchema>;
export type SprintStatus = z.infer<typeof sprintStatusSchema>;

interface LoadedSprintStatus {
  /** Path relative to the project root. */
  path: string;
  status: SprintStatus;
}

function parseStatusFile(root: string, relPath: string, text: string): SprintStatus {
  const doc = parseDocument(text);
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    const where = pos ? `:${pos.line}:${pos.col}` : '';
    throw new InputError(`${relPath}${where}: not valid YAML (${first.message.split('\n')[0]})`);
  }
  const result = sprintStatusSchema.safeParse(yamlData(doc, join(root, relPath)) ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InputError(
      `${join(root, relPath)}: expected a sprint status mapping with sprint_id and stories (${issue?.path.join('.')}: ${issue?.message})`,
    );
  }
  return result.data;
}

/** Reads the first non-empty sprint status file, or undefined when none exists. Never writes. */
export function loadSprintStatus(root: string): LoadedSprintStatus | undefined {
  for (const relPath of SPRINT_STATUS_PATHS) {
    const text = readProjectTextIfExists(root, relPath);
    if (text === undefined || text.trim() === '') continue;
    return { path: relPath, status: parseStatusFile(root, relPath, text) };
  }
  return undefined;
}

/** An archived closed sprint (`IA/sprint-archive/{sprint}-closed-{date}.yaml`), newest first. */
function loadArchivedSprint(root: string, sprintId: string): LoadedSprintStatus | undefined {
  const dir = join(root, IA, 'sprint-archive');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const prefix = `${sprintId}-closed-`;
  const match = names
    .filter((n) => n.startsWith(prefix) && n.endsWith('.yaml'))
    .sort()
    .reverse()[0];
  if (!match) return undefined;
  const relPath = `${IA}/sprint-archive/${match}`;
  const text = readProjectTextIfExists(root, relPath) ?? '';
  return { path: relPath, status: parseStatusFile(root, relPath, text) };
}

export interface ResolvedSprint {
  sprintId: string;
  source: LoadedSprintStatus;
  /** Set when the sprint status file was missing or unreadable and the story files were read instead. */
  note?: string;
}

/** The `path` of a sprint read from its story files' front matter, there being no readable status file. */
const STORY_FILES_SOURCE = '(story files: no readable sprint status file)';

/**
 * The sprint to report on: the argument when given, else `sprint_id` of the status file. The stories come
 * from the status file when it describes that sprint, else from the sprint archive.
 */
export function resolveSprint(root: string, requested: string | undefined): ResolvedSprint {
  let current: LoadedSprintStatus | undefined;
  let unreadable: string | undefined;
  try {
    current = loadSprintStatus(root);
  } catch (error) {
    // Unreadable is like missing (seed Step 1): the sprint id is asked for, and the story files describe it.
    if (!(error instanceof InputError)) throw error;
    unreadable = error.message;
  }
  const lookedAt = SPRINT_STATUS_PATHS.map((p) => join(root, p));
  const looked = lookedAt.join(', ');
  const sprintId = requested ?? current?.status.sprint_id ?? undefined;
  if (!current && sprintId) {
    const fromStories = sprintFromStoryFiles(root, sprintId);
    const archived = fromStories ? undefined : loadArchivedSprint(root, sprintId);
    if (archived) return { sprintId, source: archived };
    if (fromStories) {
      const why = unreadable ? `could not be read (${unreadable})` : `is missing (looked at ${looked})`;
      return {
        sprintId,
        source: { path: STORY_FILES_SOURCE, status: fromStories },
        note: `the sprint status file ${why}: ${sprintId} was read from the story files whose sprint_id is ${sprintId}`,
      };
    }
  }
  if (!sprintId) {
    if (unreadable) {
      throw new InputError(`${unreadable}; give the sprint id to run the retro from the story files`, {
        code: 'E_SPRINT_ID_MISSING',
        fields: { looked: lookedAt, unreadable },
      });
    }
    const statusFile = current ? join(root, current.path) : undefined;
    throw new InputError(
      statusFile
        ? `${statusFile} has no sprint_id; give the sprint id`
        : `no sprint id given and no sprint status file found (looked at ${looked}); give the sprint id or the project root`,
      { code: 'E_SPRINT_ID_MISSING', fields: { looked: lookedAt, ...(statusFile ? { statusFile } : {}) } },
    );
  }
  if (current && (current.status.sprint_id ?? sprintId) === sprintId) return { sprintId, source: current };
  const archived = loadArchivedSprint(root, sprintId);
  if (archived) return { sprintId, source: archived };
  throw new InputError(
    `no stories found for ${sprintId}: the sprint status file ${current ? `(${join(root, current.path)}) describes ${current.status.sprint_id}` : `is missing (looked at ${looked})`} and ${join(root, IA, 'sprint-archive')} has no ${sprintId}-closed-*.yaml`,
  );
}
