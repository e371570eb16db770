import { isRuleTarget, type RuleTarget } from '../rules/targets.js';
import { checkRuleText } from '../safety/rule-text.js';
import { HIDDEN_CHARACTERS } from '../safety/terminal.js';
import { projectPathIn, weakensVerification } from './rule-meaning.js';
import type { DeepReadAnswer } from './schema.js';
import type { Citation, DroppedItem, Observation } from './types.js';

/** Targets a rule cannot be written for (docs/design/session-retro.md §4): their findings become observations. */
const NOT_CONFIGURABLE = new Set(['project-init', 'distiller']);
const MAX_DESCRIPTION_CHARS = 500;
/** The type of an observation made of a rule that names a path of this project. */
const PROJECT_SPECIFIC = 'project-specific';

/** A proposal that passed the structural checks; its citations still need the transcript check. */
interface ProposalDraft {
  target: RuleTarget;
  proposed_text: string;
  confidence: number;
  citations: Citation[];
  pattern_summary: string;
}

type ObservationDraft = Omit<Observation, 'session_id'>;

interface AnchorDraft {
  turn_id: string;
  fabricated_claim_text: string;
  evidence_for_fabrication: string;
}

export interface StructuralResult {
  proposals: ProposalDraft[];
  observations: ObservationDraft[];
  anchors: AnchorDraft[];
  dropped: DroppedItem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value : undefined;
}

function short(text: unknown): string {
  const s = typeof text === 'string' ? text : (JSON.stringify(text) ?? String(text));
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function listOf(
  answer: DeepReadAnswer,
  key: 'proposals' | 'observations' | 'fabrication_anchors',
  dropped: DroppedItem[],
): unknown[] {
  const value = answer[key];
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  dropped.push({ kind: 'answer', reason: `${key} is not an array`, item: short(value) });
  return [];
}

/** Citations with a non-empty message_id and excerpt; the others are dropped one by one. */
function wellFormedCitations(value: unknown, owner: string, dropped: DroppedItem[]): Citation[] {
  if (!Array.isArray(value)) return [];
  const out: Citation[] = [];
  for (const c of value) {
    const id = isRecord(c) ? nonEmptyString(c.message_id) : undefined;
    const excerpt = isRecord(c) ? nonEmptyString(c.excerpt) : undefined;
    if (id === undefined || excerpt === undefined) {
      dropped.push({
        kind: 'citation',
        reason: 'citation without a message_id or an excerpt',
        item: `${owner}: ${short(c)}`,
      });
    } else {
      out.push({ message_id: id, excerpt });
    }
  }
  return out;
}

/**
 * Why a rule text is unacceptable, or undefined when it is fine: the checks of docs/design/session-retro.md §4 and more, by what the
 * text is rather than by a list of words (see checkRuleText: a rule is prose, never a command or a link).
 */
export function ruleTextProblem(text: unknown): string | undefined {
  const check = checkRuleText(text);
  return check.ok ? undefined : `proposed_text ${check.reason}`;
}

function sanitizeDescription(text: string): string {
  const clean = text.replace(HIDDEN_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_DESCRIPTION_CHARS ? `${clean.slice(0, MAX_DESCRIPTION_CHARS)}…` : clean;
}

/**
 * The validation of docs/design/session-retro.md §4, item by item: each failure drops the item (or, for a
 * malformed citation, the citation) and records why. Targets `project-init` and `distiller` become
 * observations. The transcript checks (ids exist, excerpts verbatim) come after, in verify.ts.
 */
export function validateAnswerStructure(answer: DeepReadAnswer): StructuralResult {
  const dropped: DroppedItem[] = [];
  const observations: ObservationDraft[] = [];
  const proposals = validProposals(answer, observations, dropped);
  observations.push(...validObservations(answer, dropped));
  const anchors = validAnchors(answer, dropped);
  return { proposals, observations, anchors, dropped };
}

/**
 * The proposals that pass; those kept as observations instead go to `observations`, in answer order.
 * Long on purpose: one check after another in the order of docs/design/session-retro.md §4, each dropping
 * the proposal with its reason; the order decides which reason a person reads, and reads best in one place.
 */
function validProposals(
  answer: DeepReadAnswer,
  observations: ObservationDraft[],
  dropped: DroppedItem[],
): ProposalDraft[] {
  const proposals: ProposalDraft[] = [];
  for (const raw of listOf(answer, 'proposals', dropped)) {
    const drop = (reason: string) =>
      dropped.push({ kind: 'proposal', reason, item: short(isRecord(raw) ? raw.proposed_text : raw) });
    if (!isRecord(raw)) {
      drop('not an object');
      continue;
    }
    const label = short(raw.proposed_text);
    if (!Array.isArray(raw.citations) || raw.citations.length === 0) {
      drop('no citations');
      continue;
    }
    const citations = wellFormedCitations(raw.citations, label, dropped);
    if (citations.length === 0) {
      drop('no valid citation');
      continue;
    }
    const target = typeof raw.target === 'string' ? raw.target : '';
    if (NOT_CONFIGURABLE.has(target)) {
      const text = nonEmptyString(raw.proposed_text) ?? '(no text)';
      observations.push({ description: sanitizeDescription(`[${target}] ${text}`), citations });
      drop(`target ${target} is not configurable here; kept as an observation`);
      continue;
    }
    if (!isRuleTarget(target)) {
      drop(`target ${JSON.stringify(raw.target ?? null)} is not one of the allowed targets`);
      continue;
    }
    const checked = checkRuleText(raw.proposed_text);
    if (!checked.ok) {
      const reason = `proposed_text ${checked.reason}`;
      // A refused rule is kept whole (and as data) for the person who follows it up; an empty one is nothing.
      if (typeof raw.proposed_text === 'string' && raw.proposed_text.trim() !== '') {
        dropped.push({ kind: 'proposal', reason, item: label, refused: { target, text: raw.proposed_text } });
      } else drop(reason);
      continue;
    }
    // What the rule means: one that makes the agent check less is refused outright (kept whole for a
    // person to read, never applied); one about a file of this project is not a rule for every session.
    const weakening = weakensVerification(checked.text);
    if (weakening !== undefined) {
      dropped.push({
        kind: 'proposal',
        reason: `proposed_text ${weakening}`,
        item: label,
        refused: { target, text: checked.text },
      });
      continue;
    }
    const projectPath = projectPathIn(checked.text);
    if (projectPath !== undefined) {
      observations.push({
        description: sanitizeDescription(checked.text),
        citations,
        type: PROJECT_SPECIFIC,
      });
      drop(
        `names a path of this project (${projectPath}): not a rule for every session; kept as an observation`,
      );
      continue;
    }
    const pattern = nonEmptyString(raw.pattern_summary);
    if (pattern === undefined) {
      drop('pattern_summary is empty');
      continue;
    }
    const confidence = raw.confidence;
    if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) {
      drop(`confidence ${JSON.stringify(confidence ?? null)} is not a number in [0,1]`);
      continue;
    }
    proposals.push({
      target,
      proposed_text: checked.text,
      confidence,
      citations,
      pattern_summary: sanitizeDescription(pattern),
    });
  }
  return proposals;
}

/** The model's observations with a description; their citations are checked for form. */
function validObservations(answer: DeepReadAnswer, dropped: DroppedItem[]): ObservationDraft[] {
  const observations: ObservationDraft[] = [];
  for (const raw of listOf(answer, 'observations', dropped)) {
    const description = isRecord(raw) ? nonEmptyString(raw.description) : undefined;
    if (description === undefined) {
      dropped.push({ kind: 'observation', reason: 'description is empty', item: short(raw) });
      continue;
    }
    const record = raw as Record<string, unknown>;
    const type = nonEmptyString(record.type);
    observations.push({
      description: sanitizeDescription(description),
      citations: wellFormedCitations(record.citations, short(description), dropped),
      ...(type !== undefined ? { type: sanitizeDescription(type) } : {}),
    });
  }
  return observations;
}

/** The fabrication anchors with every field given (their ids are computed later, never taken). */
function validAnchors(answer: DeepReadAnswer, dropped: DroppedItem[]): AnchorDraft[] {
  const anchors: AnchorDraft[] = [];
  for (const raw of listOf(answer, 'fabrication_anchors', dropped)) {
    const record = isRecord(raw) ? raw : {};
    const missing = ['anchor_id', 'turn_id', 'fabricated_claim_text', 'evidence_for_fabrication'].filter(
      (key) => nonEmptyString(record[key]) === undefined,
    );
    if (missing.length > 0) {
      dropped.push({ kind: 'fabrication_anchor', reason: `missing ${missing.join(', ')}`, item: short(raw) });
      continue;
    }
    anchors.push({
      turn_id: record.turn_id as string,
      fabricated_claim_text: (record.fabricated_claim_text as string).trim(),
      evidence_for_fabrication: sanitizeDescription(record.evidence_for_fabrication as string),
    });
  }
  return anchors;
}
