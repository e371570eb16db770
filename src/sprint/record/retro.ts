import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RetrospectError } from '../../errors/errors.js';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { boardMetricsOf, type SprintReport } from '../facts/report.js';
import { scanThemes } from '../facts/themes.js';
import { readActionItems } from '../read/action-items.js';
import { readBypasses, renderBypasses } from '../read/bypasses.js';
import { VELOCITY_PATH } from '../read/paths.js';
import { renderTechDebtReflection } from '../read/techdebt.js';
import { upsertActionItem } from './action-items.js';
import { artifactDate, nextArtifactPath, renderArtifact, writeArtifactOnce } from './artifact.js';
import { queueAutoFile } from './autofile.js';
import { emitBrainLessons } from './brain.js';
import type { DecideProposal } from './decisions.js';
import { applyEscalations } from './escalations.js';
import type { AcceptedDrafts, RetroInputs } from './inputs.js';
import { fanOutLessons, lessonPayload } from './lessons.js';
import {
  buildProposals,
  knownSkillsWithDescriptions,
  mergePreview,
  proposedContent,
  validateProposal,
  writeApprovedProposal,
} from './skills.js';
import { finalizeRetro, type ValidatorWrite, writeValidatorRecord } from './validator.js';
import { velocityPayload, writeMemoryEntry } from './writers.js';

const RETRO_COMMAND = '/gaia-retro';

export interface RetroRunOptions {
  root: string;
  report: SprintReport;
  inputs: RetroInputs;
  /** Explicit approval of skill proposals; absent in unattended runs, where every proposal is skipped. */
  decide?: DecideProposal;
  autoFile: boolean;
  env: NodeJS.ProcessEnv;
  now: Date;
  /** One line per step outcome. */
  log: (line: string) => void;
}

export interface RetroRunResult {
  artifactPath?: string;
  actionItemIds: string[];
  validator?: ValidatorWrite;
}

function pct(p: number | null): string {
  return p === null ? 'N/A' : `${p}%`;
}

/** What velocity counts: points, or stories where a board's file gives no points. */
function unitOf(report: SprintReport): string {
  return boardMetricsOf(report)?.velocityUnit ?? 'points';
}

function summaryOf(report: SprintReport): string {
  const m = report.metrics;
  return `velocity ${m.velocity.completed}/${m.velocity.planned} ${unitOf(report)} (${pct(m.velocity.pct)}), completion ${m.completion.done}/${m.completion.total} (${pct(m.completion.pct)})`;
}

/**
 * Records a facilitated retro in the order of docs/design/sprint-retro.md §5: action items (and auto-file), the six lesson logs,
 * the velocity row, theme escalation, skill proposals, brain lessons, the write-once artifact, the
 * validator record and the finalize check. A failing lesson log or velocity write stops the run before
 * the later steps; the validator still records the partial outcome.
 */
export async function recordSprintRetro(o: RetroRunOptions): Promise<RetroRunResult> {
  const { root, report, inputs, now, log } = o;
  const sprintId = report.sprintId;
  const devNotes: string[] = [...(report.notes ?? [])];
  const dashboard = techDebtWarning(report);
  if (dashboard) {
    log(`warning: ${dashboard}`);
    devNotes.push(`warning: ${dashboard}`);
  }
  const ids = recordActionItems(o, devNotes);
  const autoFile = o.autoFile ? queueAutoFile(root, ids).map((a) => a.line) : undefined;
  for (const line of autoFile ?? []) log(`auto-file: ${line}`);

  const summary = summaryOf(report);
  const halted = writeLessonsAndVelocity(o, ids, summary);
  if (halted) haltRetro(o, ids, halted);

  const recurring = escalateRecurringThemes(o);
  const proposalLines = await decideProposals(o);
  const artifactRel = nextArtifactPath((rel) => existsSync(join(root, rel)), sprintId, now);
  const brain = emitBrainLessons(root, sprintId, artifactRel, inputs.lessons);
  log(`brain: ${brain.map((b) => `${b.key} ${b.outcome}`).join(', ') || 'no lessons'}`);

  const content = artifactContent(o, { ids, recurring, proposalLines, autoFile, devNotes });
  const artifactPath = writeArtifactOnce(root, sprintId, now, content);
  log(`artifact: ${artifactPath}`);

  const validator = writeValidatorRecord({
    root,
    command: RETRO_COMMAND,
    inputId: sprintId,
    sprintId,
    decision: { verdict: 'recorded', findings: ids, artifact_path: artifactPath },
    summary: `${now.toISOString().slice(0, 10)} ${sprintId} retro: ${summary}; action items ${ids.join(', ') || 'none'}; ${artifactPath}`,
    now,
  });
  log(`validator: ${validator.status}${validator.reason ? ` (${validator.reason})` : ''}`);
  finalizeRetro(validator, root);
  return { artifactPath, actionItemIds: ids, validator };
}

/** Writes each action item into the canonical state file; returns their ids in input order. */
function recordActionItems(o: RetroRunOptions, devNotes: string[]): string[] {
  const { root, report, inputs, now, log } = o;
  const ids: string[] = [];
  const outcomes: string[] = [];
  for (const item of inputs.actionItems) {
    const written = upsertActionItem(root, { ...item, sprint_id: report.sprintId }, now);
    if (written.createdFrom) {
      const note = `created ${written.target} (the canonical state file) from ${written.createdFrom}, which is left as it was`;
      log(`action items: ${note}`);
      devNotes.push(note);
    }
    ids.push(written.id);
    outcomes.push(`${written.id} ${written.status}`);
  }
  log(`action items: ${outcomes.join(', ') || 'none'}`);
  return ids;
}

/** The six lesson logs, then the velocity row; returns why the retro must stop, if it must. */
function writeLessonsAndVelocity(
  o: RetroRunOptions,
  ids: readonly string[],
  summary: string,
): string | undefined {
  const { root, report, inputs, now, log } = o;
  const sprintId = report.sprintId;
  const fanOut = fanOutLessons(
    root,
    sprintId,
    (agent) => lessonPayload(agent, sprintId, summary, [...ids], inputs.lessons),
    now,
  );
  log(`lessons: ${fanOut.written.map((w) => `${w.agent} ${w.result.status}`).join(', ')}`);
  if (fanOut.failed)
    return `the ${fanOut.failed.agent} decision log could not be written (${fanOut.failed.result.status}: ${fanOut.failed.result.reason ?? ''}); it was left as it was, the logs already written keep their entry, and the retro stopped before the velocity step`;
  const m = report.metrics;
  const velocity = writeMemoryEntry({
    root,
    target: VELOCITY_PATH,
    sprintId,
    payload: velocityPayload({
      planned: m.velocity.planned,
      completed: m.velocity.completed,
      done: m.completion.done,
      rollover: m.carryover.length,
      pct: m.velocity.pct,
    }),
    now,
  });
  log(`velocity: ${velocity.status}`);
  if (velocity.status !== 'ok' && velocity.status !== 'skipped_idempotent')
    return `the velocity row could not be written (${velocity.status}: ${velocity.reason ?? ''})`;
  return undefined;
}

/** The validator records the partial outcome, then the retro stops with the reason. */
function haltRetro(o: RetroRunOptions, ids: readonly string[], halted: string): never {
  const { root, report, now, log } = o;
  const validator = writeValidatorRecord({
    root,
    command: RETRO_COMMAND,
    inputId: report.sprintId,
    sprintId: report.sprintId,
    decision: { verdict: 'halted', findings: [...ids], artifact_path: '' },
    summary: `${now.toISOString().slice(0, 10)} ${report.sprintId} retro halted: ${halted}`,
    now,
  });
  log(`validator: ${validator.status}`);
  throw new RetrospectError('E_RETRO_HALTED', `retro halted: ${halted}`);
}

/** Escalates the themes that recur across sprints; one line each for the artifact. */
function escalateRecurringThemes(o: RetroRunOptions): string[] {
  const { root, report, now, log } = o;
  const sprintId = report.sprintId;
  const themes = scanThemes(root, sprintId, report.board ? { folders: report.board.folders } : undefined);
  const escalations = applyEscalations(root, sprintId, themes.themes, now);
  const recurring = themes.themes.map((t) => {
    const e = escalations.find((x) => x.theme_hash === t.theme_hash);
    const what =
      e?.outcome === 'escalated'
        ? `${e.item_id} escalated (escalation_count ${e.escalation_count})`
        : e?.outcome === 'already_applied'
          ? 'already escalated for this sprint'
          : 'no open item to escalate';
    return `${t.text} (sprints ${t.sprints.join(', ')}) — ${what}`;
  });
  log(`themes: ${recurring.length === 0 ? 'none systemic' : recurring.join('; ')}`);
  return recurring;
}

interface RecordedParts {
  ids: readonly string[];
  recurring: string[];
  proposalLines: string[];
  autoFile: string[] | undefined;
  devNotes: readonly string[];
}

/** The retro artifact's text: the sprint's figures, the facilitated inputs and what the run recorded. */
function artifactContent(o: RetroRunOptions, parts: RecordedParts): string {
  const { root, report, inputs, now } = o;
  const { ids, recurring, proposalLines, autoFile, devNotes } = parts;
  const sprintId = report.sprintId;
  const m = report.metrics;
  const items = readActionItems(root)?.items ?? [];
  return renderArtifact({
    sprintId,
    date: artifactDate(now),
    autoGenerated: inputs.autoGenerated,
    metadata: [
      `Velocity: ${m.velocity.completed}/${m.velocity.planned} ${unitOf(report)} (${pct(m.velocity.pct)})`,
      `Completion: ${m.completion.done}/${m.completion.total} stories (${pct(m.completion.pct)})`,
      `First-pass review rate: ${m.firstPass.passed}/${m.firstPass.reviewed} (${pct(m.firstPass.pct)})`,
      `Carryover: ${m.carryover.join(', ') || 'none'}`,
      `Blocked: ${m.blocked.join(', ') || 'none'}`,
    ],
    wentWell: inputs.wentWell,
    couldImprove: inputs.couldImprove,
    bypasses: renderBypasses(readBypasses(root, sprintId).bypasses, sprintId),
    actionItems: ids.map((id, i) => {
      const stored = items.find((x) => x.id === id);
      const draft = inputs.actionItems[i]!;
      return {
        id,
        text: stored?.text ?? draft.text,
        owner: stored?.owner ?? draft.owner,
        target_sprint: stored?.target_sprint ?? draft.target_sprint,
      };
    }),
    recurring,
    techDebt: renderTechDebtReflection(report.techDebt),
    proposals: proposalLines,
    ...(autoFile ? { autoFile } : {}),
    lessons: inputs.lessons,
    ...(inputs.drafted ? { draftNotes: draftNotes(inputs.drafted, inputs, [...ids]) } : {}),
    devNotes: [...devNotes, ...proposalLines.filter((l) => l.startsWith('no skill match'))],
  });
}

/** Which accepted items came from a model draft: item numbers of the two lists, ids of action items. */
function draftNotes(
  drafted: AcceptedDrafts,
  inputs: RetroInputs,
  ids: string[],
): Partial<Record<'wentWell' | 'couldImprove' | 'actionItems', string>> {
  const note = (refs: string[]) =>
    refs.length === 0
      ? undefined
      : `Drafted with ${drafted.source}, accepted by the facilitator: ${refs.join(', ')}.`;
  const numbers = (items: string[], accepted: string[]) =>
    items.flatMap((text, i) => (accepted.includes(text) ? [`item ${i + 1}`] : []));
  const notes = {
    wentWell: note(numbers(inputs.wentWell, drafted.wentWell)),
    couldImprove: note(numbers(inputs.couldImprove, drafted.couldImprove)),
    actionItems: note(
      inputs.actionItems.flatMap((item, i) => (drafted.actionItems.includes(item.text) ? [ids[i]!] : [])),
    ),
  };
  return Object.fromEntries(Object.entries(notes).filter(([, v]) => v !== undefined));
}

async function decideProposals(o: RetroRunOptions): Promise<string[]> {
  const { root, report, inputs } = o;
  const { proposals, unmatched } = buildProposals(
    report.sprintId,
    inputs.couldImprove,
    (i) => inputs.actionItems[i]?.text,
    knownSkillsWithDescriptions(root, o.env),
    inputs.wentWell,
  );
  const lines: string[] = [];
  for (const proposal of proposals) {
    const invalid = validateProposal(proposal);
    if (invalid) {
      lines.push(`${proposal.finding_ref}: NOT WRITTEN (${invalid})`);
      continue;
    }
    if (!o.decide) {
      lines.push(`${proposal.finding_ref}: SKIPPED (unattended run; proposals need an explicit approval)`);
      continue;
    }
    const previewFor = (skill: string, diff = proposal.diff) => {
      const existing = readProjectTextIfExists(root, `custom/skills/${skill}.md`);
      if (existing === undefined) return undefined;
      const merged = proposedContent(existing, skill, diff);
      return merged === existing ? undefined : mergePreview(existing, merged);
    };
    const decision = await o.decide(proposal, previewFor);
    if (!decision.approved || !decision.targetSkill) {
      lines.push(`${proposal.finding_ref}: REJECTED`);
      continue;
    }
    const written = writeApprovedProposal(
      root,
      decision.targetSkill,
      decision.diff ?? proposal.diff,
      o.now.toISOString().slice(0, 10),
    );
    lines.push(
      `${proposal.finding_ref}: APPROVED → ${written.path}${written.status === 'unchanged' ? ' (already applied)' : ''}`,
    );
  }
  for (const n of unmatched) lines.push(`no skill match for finding #${n}`);
  o.log(`proposals: ${lines.join('; ') || 'none'}`);
  return lines;
}

/**
 * The warning a dashboard that could not be read fully leaves (seed Step 5e: "logs a warning to retro Dev
 * Notes"): unparseable, or a ratio or mean age missing. A missing dashboard is no warning, only a note.
 */
function techDebtWarning(report: SprintReport): string | undefined {
  const t = report.techDebt;
  if (t.status === 'unavailable')
    return `the tech-debt dashboard could not be read: ${t.reason}; extraction skipped`;
  if (t.status !== 'ok') return undefined;
  const missing = t.notes.filter((n) => /not found/.test(n));
  return missing.length > 0 ? `the tech-debt dashboard is incomplete: ${missing.join('; ')}` : undefined;
}
