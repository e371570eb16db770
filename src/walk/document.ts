import { z } from 'zod';
import { jobRecordSchema } from '../jobs/schema.js';

/** The `schema_version` every walk document carries. */
export const WALK_SCHEMA_VERSION = 'retrospective-walk.v0.1.0';

const ulidPart = '[0-9A-HJKMNP-TV-Z]{26}';
const RETRO_ID_PATTERN = new RegExp(`^retro_${ulidPart}$`);
const COMMENT_ID_PATTERN = new RegExp(`^cmt_${ulidPart}$`);
const CHANGE_UNIT_ID_PATTERN = /^cu_\d{3,}$/;

export const WALK_SCOPES = ['diff', 'commit-range', 'worktree', 'job-id', 'episode-ref'] as const;
export const WALK_MODES = ['guided', 'agent-driven', 'summary-only'] as const;
export const COMMENT_TYPES = ['note', 'concern', 'approval', 'suggestion', 'intent_clarification'] as const;

const walkScopeSchema = z.enum(WALK_SCOPES);
const walkModeSchema = z.enum(WALK_MODES);
const commentTypeSchema = z.enum(COMMENT_TYPES);
export type WalkScope = z.infer<typeof walkScopeSchema>;
export type WalkMode = z.infer<typeof walkModeSchema>;
export type CommentType = z.infer<typeof commentTypeSchema>;

const whoWhenSchema = z.object({
  actor_type: z.enum(['human', 'model', 'agent', 'git-author', 'unknown']),
  identifier: z.string().min(1),
  /** RFC3339 when known. */
  timestamp: z.string().optional(),
  provenance: z.string().min(1),
});
export type WhoWhen = z.infer<typeof whoWhenSchema>;

export const commentSchema = z.object({
  comment_id: z.string().regex(COMMENT_ID_PATTERN),
  retrospective_id: z.string().regex(RETRO_ID_PATTERN),
  change_unit_id: z.string().regex(CHANGE_UNIT_ID_PATTERN),
  author: z.object({
    author_type: z.enum(['human', 'model']),
    identifier: z.string().min(1),
    model_key: z.string().optional(),
  }),
  timestamp: z.string(),
  type: commentTypeSchema,
  text: z.string().min(1),
  location: z
    .object({
      file: z.string().optional(),
      hunk_range: z.string().optional(),
      semantic_unit: z.string().optional(),
      line_start: z.number().int().min(1).optional(),
      line_end: z.number().int().min(1).optional(),
    })
    .optional(),
  linked_receipts: z.array(z.string()),
  linked_jobs: z.array(z.string()),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type WalkComment = z.infer<typeof commentSchema>;

/** Who changed or removed a session's lines later: the same session, another session, or a person. */
const fateBySchema = z.object({
  kind: z.enum(['same-session', 'other-session', 'person']),
  /** The session whose edits made the change (for the two session kinds). */
  session_id: z.string().optional(),
  /** The author of the commit that made the change, for `person`. */
  name: z.string().optional(),
});

/**
 * What became of a linked hunk's lines at a later revision (`--survival-at`, default HEAD): all still
 * there (`kept`), some (`changed`), none (`reverted`); the commit that first changed or removed them and
 * how many days after the hunk's own commit. `by`, `commit` and `after_days` are null for a kept hunk.
 */
const hunkFateSchema = z.object({
  state: z.enum(['kept', 'changed', 'reverted']),
  by: fateBySchema.nullable(),
  commit: z.string().nullable(),
  after_days: z.number().min(0).nullable(),
});
export type HunkFate = z.infer<typeof hunkFateSchema>;

/** How many of the agent-written lines are still alive at `at` (git blame -C -M -w on that revision). */
const survivalSchema = z.object({
  added: z.number().int().min(0),
  alive: z.number().int().min(0),
  /** The later revision, as a full commit id. */
  at: z.string(),
});

/**
 * One hunk of a unit and who wrote it: the session whose edits introduced the largest share of its
 * meaningful added lines (at least half), with that share; `session_id` is null when no session did.
 */
const unitHunkSchema = z.object({
  /** The commit the hunk belongs to; null for working-tree and supplied-diff hunks. */
  commit: z.string().nullable(),
  path: z.string(),
  /** `@@ -a,b +c,d @@` */
  header: z.string(),
  /** How many lines the hunk adds. */
  added_lines: z.number().int().min(0),
  session_id: z.string().nullable(),
  /** The linked session's share, or the largest share any session reached; null when no session wrote the file. */
  share: z.number().min(0).max(1).nullable(),
  /** The tool call that introduced most of the linked lines (Claude Code: `toolu_…`). */
  tool_call: z.string().nullable(),
  /** `command`: that tool call is a shell command the session ran (a generator, formatter, move) that wrote the file. */
  via: z.literal('command').optional(),
  /** What became of a linked hunk at the survival revision (commit-range walks). */
  fate: hunkFateSchema.optional(),
});
export type UnitHunk = z.infer<typeof unitHunkSchema>;

const whySynthesisSchema = z.object({
  /** The reader that synthesised it: the provider and its model (`anthropic`, `claude-cli`, …). */
  reader: z.string().min(1),
  model_key: z.string(),
  why: z.string().min(1),
  /** What the reader says stays uncertain. */
  uncertain: z.string().optional(),
  /** What it was given: `diff`, `commit <sha>`, `session <id> request`. */
  sources: z.array(z.string()),
});
export type WhySynthesisRecord = z.infer<typeof whySynthesisSchema>;

/** A review report, approval record or validation run found in the repository and linked to the change. */
const priorEvidenceSchema = z.object({
  kind: z.enum(['review-report', 'approval-record', 'validation-run']),
  /** The file, relative to the repository root. */
  source: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** What links it to the change: `names commit abc1234`, `names src/cart.ts`, `changed in the range`. */
  linked_by: z.array(z.string()).min(1),
  /** The outcome it states (`APPROVED`, `PASSED`, `3 failed`), when one is stated; a claim, not a verdict. */
  outcome: z.string().optional(),
});
export type PriorEvidence = z.infer<typeof priorEvidenceSchema>;

const changeUnitSchema = z.object({
  change_unit_id: z.string().regex(CHANGE_UNIT_ID_PATTERN),
  title: z.string().min(1),
  files: z.array(z.string()),
  diff_refs: z.array(z.string()),
  what: z.string(),
  why: z.string(),
  who_when: z.array(whoWhenSchema),
  evidence: z.array(z.string()),
  comments: z.array(commentSchema),
  /** Every hunk of the unit with its provenance (added in this schema version's later releases). */
  hunks: z.array(unitHunkSchema).optional(),
  /**
   * `models_for_why`: the intent a reader synthesised from the diff and the linked session's requests when
   * the commit message is thin. Model evidence, never the author's words (also said in `why`).
   */
  why_synthesis: z.array(whySynthesisSchema).optional(),
  /** The unit's agent-written lines still alive at the survival revision. */
  survival: survivalSchema.optional(),
});
export type ChangeUnit = z.infer<typeof changeUnitSchema>;

/** One command of the evidence baseline: enough to re-run it and compare the output. */
const commandRecordSchema = z.object({
  command: z.string().min(1),
  exit_status: z.number().int(),
  output_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  output_bytes: z.number().int().min(0),
  /** The output itself when it is short (stat and status listings); long outputs keep only the digest. */
  output: z.string().optional(),
});
export type CommandRecord = z.infer<typeof commandRecordSchema>;

const commitRecordSchema = z.object({
  sha: z.string().regex(/^[0-9a-f]{40,64}$/),
  parents: z.array(z.string()),
  author: z.string(),
  author_date: z.string(),
  committer: z.string(),
  committer_date: z.string(),
  subject: z.string(),
  body: z.string(),
});

const jobReferenceSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['resolved', 'unresolved']),
  reason: z.string().optional(),
  record: jobRecordSchema.optional(),
});
export type JobReference = z.infer<typeof jobReferenceSchema>;

const episodeReferenceSchema = z.object({
  ref: z.string().min(1),
  status: z.enum(['resolved', 'unresolved']),
  reason: z.string().optional(),
  linked_range: z.string().optional(),
});
export type EpisodeReference = z.infer<typeof episodeReferenceSchema>;

const sessionReferenceSchema = z.object({
  session_id: z.string().min(1),
  models: z.array(z.string()),
  linked_hunks: z.number().int().min(0),
});
export type SessionReference = z.infer<typeof sessionReferenceSchema>;

const validationReceiptSchema = z.object({
  status: z.enum(['minted', 'linked', 'unavailable']),
  validation_id: z.string().optional(),
  receipt_id: z.string().optional(),
  reason: z.string().optional(),
});

/** The machine-readable walk: complete enough to persist and to re-render the Markdown from. */
export const walkDocumentSchema = z.object({
  retrospective_id: z.string().regex(RETRO_ID_PATTERN),
  schema_version: z.literal(WALK_SCHEMA_VERSION),
  scope: walkScopeSchema,
  target: z.string(),
  mode: walkModeSchema,
  created_at: z.string(),
  provenance_context: z.object({
    commands: z.array(commandRecordSchema),
    commits: z.array(commitRecordSchema),
    jobs: z.array(jobReferenceSchema),
    receipts: z.array(z.string()),
    episodes: z.array(episodeReferenceSchema),
    sessions: z.array(sessionReferenceSchema),
    /** `include_prior_evidence`: review reports, approval records and validation runs linked to the change. */
    prior_evidence: z.array(priorEvidenceSchema).optional(),
  }),
  change_units: z.array(changeUnitSchema),
  comments: z.array(commentSchema),
  narrative: z.string(),
  open_questions: z.array(z.string()),
  validation_receipt: validationReceiptSchema,
  /** The walk's agent-written lines still alive at the survival revision, in all and per session. */
  survival: survivalSchema
    .extend({
      sessions: z.record(
        z.string(),
        z.object({ added: z.number().int().min(0), alive: z.number().int().min(0) }),
      ),
    })
    .optional(),
});
export type WalkDocument = z.infer<typeof walkDocumentSchema>;

/** The JSON Schema published at `schemas/retrospective-walk.v0.1.0.schema.json`, derived from the zod schema. */
export function walkJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(walkDocumentSchema),
    title: 'Retrospective walk (retrospective-walk.v0.1.0)',
  };
}
