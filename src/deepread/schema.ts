import { z } from 'zod';
import type { JsonSchemaSpec } from '../llm/port.js';
import { RULE_TARGETS } from '../rules/targets.js';

const citation = z.object({ message_id: z.string(), excerpt: z.string() });

/** The ideal answer (docs/design/session-retro.md §4), sent to providers that accept a JSON Schema. */
const strictAnswer = z.object({
  proposals: z.array(
    z.object({
      target: z.enum(RULE_TARGETS),
      proposed_text: z.string().max(200),
      confidence: z.number().min(0).max(1),
      citations: z.array(citation).min(1),
      pattern_summary: z.string(),
    }),
  ),
  // `type` is asked for by the standard prompt (an injection attempt) and kept by validate.ts.
  observations: z.array(
    z.object({
      description: z.string(),
      citations: z.array(citation),
      type: z.string().optional(),
    }),
  ),
  fabrication_anchors: z.array(
    z.object({
      anchor_id: z.string(),
      turn_id: z.string(),
      fabricated_claim_text: z.string(),
      evidence_for_fabrication: z.string(),
    }),
  ),
});

/**
 * What we accept: any JSON object. Each item is validated on its own (validate.ts), so that one bad
 * proposal is dropped with its reason rather than costing the whole answer.
 */
const answerEnvelope = z.looseObject({
  proposals: z.unknown().optional(),
  observations: z.unknown().optional(),
  fabrication_anchors: z.unknown().optional(),
});

export type DeepReadAnswer = z.infer<typeof answerEnvelope>;

export const DEEP_READ_ANSWER: JsonSchemaSpec<DeepReadAnswer> = {
  name: 'retro_deep_read',
  parser: answerEnvelope,
  wire: z.toJSONSchema(strictAnswer) as Record<string, unknown>,
};
