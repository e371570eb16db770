import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { appendJsonLine, readTextIfExists } from '../fsx/index.js';
import { SIGNAL_NAMES } from '../gate/signals.js';
import { MECHANISMS } from './evidence/mechanical.js';

/** `<main checkout>/.claude/retro/rule-meta.jsonl` */
export function ruleMetaPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'rule-meta.jsonl');
}

/**
 * The key a rule's evidence is filed under: the first 16 hex digits of the SHA-256 of its text with
 * whitespace runs made one space. The rule line itself stays as people wrote it; a rule whose text is
 * edited by hand simply has no evidence filed any more (the review then falls back to its source).
 */
export function ruleKey(ruleText: string): string {
  return createHash('sha256').update(ruleText.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 16);
}

const ruleMetaSchema = z.object({
  key: z.string(),
  ts: z.string(),
  agent: z.string(),
  rule: z.string(),
  source: z.string(),
  signals: z.array(z.enum(SIGNAL_NAMES)),
  anchors: z.array(z.string()),
  pattern_summary: z.string(),
  mechanism: z.enum(MECHANISMS).nullable(),
});

/** The pattern a rule came from, filed beside it (never in the rule line, which the agent reads). */
export type RuleMeta = z.infer<typeof ruleMetaSchema>;

/**
 * Every rule's filed evidence by key; a later line for the same key replaces an earlier one, and a line
 * that does not read (torn, hand-edited) is skipped. A missing file is an empty map. Only reads.
 */
export function readRuleMeta(mainCheckout: string): Map<string, RuleMeta> {
  const text = readTextIfExists(ruleMetaPath(mainCheckout)) ?? '';
  const byKey = new Map<string, RuleMeta>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = ruleMetaSchema.safeParse(json);
    if (parsed.success) byKey.set(parsed.data.key, parsed.data);
  }
  return byKey;
}

/** Files a rule's evidence (one JSON line, appended under the file's lock, fsynced). */
export function recordRuleMeta(mainCheckout: string, meta: Omit<RuleMeta, 'key'>): RuleMeta {
  const record: RuleMeta = { key: ruleKey(meta.rule), ...meta };
  appendJsonLine(ruleMetaPath(mainCheckout), record);
  return record;
}
