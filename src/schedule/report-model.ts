import { z } from 'zod';

const count = z.number().int().nonnegative();

/** Session counts of one scheduled run (the report's `- sessions:` line). */
export const scheduledCountsSchema = z.object({
  /** Sessions considered after the in-progress and loop-prevention filters. */
  scanned: count,
  /** Sessions left out by those filters or abandoned at the gating cap. */
  skipped: count,
  /** Sessions that passed the friction gate. */
  gated: count,
  /** Sessions sent to the deep read. */
  deepRead: count,
});
export type ScheduledCounts = z.infer<typeof scheduledCountsSchema>;

/** One rule change the run applied: rendered as `- target=<t> action=<a>: <summary>`. */
const appliedChangeSchema = z.object({
  target: z.string(),
  action: z.string(),
  summary: z.string(),
});
export type AppliedChange = z.infer<typeof appliedChangeSchema>;

/** Everything a scheduled report says. Text fields are short findings, never transcript bodies. */
export const scheduledReportInputSchema = z.object({
  counts: scheduledCountsSchema,
  applied: z.array(appliedChangeSchema),
  manualFollowUps: z.array(z.string()),
  /** Lines under `## Duplicates (advisory)`; ones that are not `- ` list items yet become ones. */
  duplicates: z.array(z.string()),
  observations: z.array(z.string()),
  /** Replaces the computed summary line. */
  summary: z.string().optional(),
  /** A `## Note` section (left out when empty). */
  note: z.string().optional(),
  /** Counts for the computed summary and the webhook when they differ from the list lengths. */
  appliedCount: count.optional(),
  followUpCount: count.optional(),
});
export type ScheduledReportInput = z.infer<typeof scheduledReportInputSchema>;

/** An input with nothing in it yet: zero counts, empty sections. */
export function emptyReportInput(): ScheduledReportInput {
  return {
    counts: { scanned: 0, skipped: 0, gated: 0, deepRead: 0 },
    applied: [],
    manualFollowUps: [],
    duplicates: [],
    observations: [],
  };
}
