import { z } from 'zod';
import { InputError } from '../../errors/errors.js';
import { type ChangeUnit, COMMENT_TYPES, type CommentType } from '../document.js';
import type { FileChange } from '../evidence.js';
import type { CommentDraft } from './comments.js';
import { type LineCounter, placeComment } from './placement.js';

const MAX_TEXT = 2000;
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A comment given up front (a `--comments` JSON line, the MCP walk's `comments`): where it goes, its type
 * and text, and optionally who wrote it. A unit is named by its id, or found from the file.
 */
export const suppliedCommentSchema = z
  .object({
    unit: z
      .string()
      .regex(/^cu_\d{3,}$/, 'unit: expected a change unit id like cu_001')
      .optional(),
    file: z.string().min(1).optional(),
    line_start: z.number().int().min(1).optional(),
    line_end: z.number().int().min(1).optional(),
    type: z.enum(COMMENT_TYPES, { error: `type: expected one of ${COMMENT_TYPES.join(', ')}` }),
    text: z.string().min(1, 'text: expected the comment body'),
    author: z
      .object({
        author_type: z.enum(['human', 'model']),
        identifier: z.string().min(1),
        model_key: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SuppliedComment = z.infer<typeof suppliedCommentSchema>;

/** Reads `--comments FILE`: one JSON object per line (blank lines ignored); a bad line is a one-line error. */
export function parseSuppliedComments(text: string, source: string): SuppliedComment[] {
  const comments: SuppliedComment[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new InputError(`${source} line ${index + 1}: expected one JSON object per line`);
    }
    const parsed = suppliedCommentSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      const message = issue?.message ?? 'expected a comment';
      throw new InputError(
        `${source} line ${index + 1}: ${message.includes(':') ? message : `${where}${message}`}`,
      );
    }
    comments.push(parsed.data);
  });
  return comments;
}

/**
 * Places each supplied comment as a reviewer's answer at the prompt would be: its unit must exist (or be
 * found from its file), its file must be one of the unit's, its lines inside the file; a line inside a hunk
 * gets the hunk's range. Any refusal fails the walk with a one-line reason, naming the comment.
 */
export async function placeSuppliedComments(
  supplied: readonly SuppliedComment[],
  units: readonly ChangeUnit[],
  changesByUnit: ReadonlyMap<string, FileChange[]>,
  countLines: LineCounter,
  defaultAuthor: CommentDraft['author'],
): Promise<{ unitId: string; draft: CommentDraft }[]> {
  const placed: { unitId: string; draft: CommentDraft }[] = [];
  for (const [index, comment] of supplied.entries()) {
    const label = `comment ${index + 1}`;
    const text = comment.text.trim();
    if (text === '') throw new InputError(`${label}: expected the comment body`);
    if ([...text].length > MAX_TEXT)
      throw new InputError(`${label}: text longer than ${MAX_TEXT} characters`);
    if (UNSAFE_TEXT.test(text))
      throw new InputError(`${label}: control, zero-width or bidi characters in the text`);
    const unit = comment.unit
      ? units.find((u) => u.change_unit_id === comment.unit)
      : units.find((u) => comment.file !== undefined && u.files.includes(comment.file));
    if (!unit) {
      const ids = units.map((u) => u.change_unit_id).join(', ') || 'none';
      throw new InputError(
        comment.unit
          ? `${label}: no change unit ${comment.unit} in this walk (its units: ${ids})`
          : comment.file
            ? `${label}: ${comment.file} is in no change unit of this walk`
            : `${label}: expected a unit (cu_001) or a file to place it on`,
      );
    }
    if (comment.file === undefined && comment.line_start !== undefined)
      throw new InputError(`${label}: line_start needs a file`);
    const location =
      comment.file === undefined
        ? undefined
        : {
            file: comment.file,
            ...(comment.line_start !== undefined
              ? { line_start: comment.line_start, line_end: comment.line_end ?? comment.line_start }
              : {}),
          };
    const where = await placeComment(
      location,
      unit,
      changesByUnit.get(unit.change_unit_id) ?? [],
      countLines,
    );
    if (!where.ok) throw new InputError(`${label}: ${where.reason}`);
    const author = comment.author ?? defaultAuthor;
    // A model's comment is evidence, never an approval: an approval it gives is kept as a note.
    const modelApproval = author.author_type === 'model' && comment.type === 'approval';
    const type: CommentType = modelApproval ? 'note' : comment.type;
    placed.push({
      unitId: unit.change_unit_id,
      draft: {
        type,
        text,
        author,
        ...(where.location.file ? { location: where.location } : {}),
        metadata: {
          'retrospect.origin': 'supplied',
          ...(modelApproval ? { 'retrospect.proposed_type': 'approval' } : {}),
        },
      },
    });
  }
  return placed;
}
