import { GitRunner } from '../collect/git-run.js';
import { readUnitPatch } from '../collect/unit-patch.js';
import type { ChangeUnit, WhySynthesisRecord } from '../document.js';
import type { Evidence } from '../evidence.js';
import { isThinMessage } from './thin-message.js';
import type { UnitDraft } from './units.js';
import type { WhyReaders } from './why-readers.js';
import { synthesiseWhy } from './why-synthesis.js';

/** A unit whose commits all have thin messages, or that has no commit at all, has no stated why to lean on. */
function needsSynthesis(draft: UnitDraft): boolean {
  return draft.commits.length === 0 || draft.commits.every(isThinMessage);
}

function readerLabel(reader: { name: string; model: string }): string {
  return reader.model ? `${reader.name} (${reader.model})` : reader.name;
}

/**
 * `models_for_why`: for each unit whose message is thin, asks each reader for the intent, from the unit's
 * diff and the requests of the sessions that wrote it. A reason kept is appended to `why` as `inferred:`
 * and marked as synthesised, never as the author's, and recorded in `why_synthesis` with its reader and
 * sources. Without a reader, or when every reader fails, the unit says it stays without a reason.
 */
export async function applyWhySynthesis(
  units: ChangeUnit[],
  drafts: readonly UnitDraft[],
  evidence: Evidence,
  whyReaders: WhyReaders,
  env: NodeJS.ProcessEnv,
  redact: (text: string) => string,
): Promise<{ questions: string[]; warnings: string[] }> {
  const questions: string[] = [];
  const warnings: string[] = [];
  const git = evidence.workspaceSource ? new GitRunner(evidence.workspaceSource.root, env) : undefined;
  for (const [index, draft] of drafts.entries()) {
    const unit = units[index];
    if (!unit || !needsSynthesis(draft)) continue;
    if (whyReaders.notice && !warnings.includes(`why: ${whyReaders.notice}`))
      warnings.push(`why: ${whyReaders.notice}`);
    const thin = draft.commits.length === 0 ? 'no commit message' : 'a thin commit message';
    if (whyReaders.readers.length === 0) {
      unit.why = `${unit.why} inferred: ${thin}, and no reason was synthesised (${whyReaders.none ?? 'no reader'}); this unit stays without a stated reason.`;
      questions.push(
        `${unit.change_unit_id}: why was it made? It has ${thin} and no reader synthesised a reason.`,
      );
      continue;
    }
    const links = draft.changes.flatMap((c) => c.agentLinks);
    // What is sent is redacted as what is kept: a person's prompt may hold a key they pasted.
    const requests = [...new Set(links.flatMap((l) => (l.request ? [redact(l.request)] : [])))];
    const sessions = [...new Set(links.filter((l) => l.request).map((l) => l.sessionId))];
    const patch = redact(await readUnitPatch(git, draft.changes));
    const sources = [
      ...(patch ? ['diff'] : []),
      ...draft.commits.map((c) => `commit ${c.sha.slice(0, 7)}`),
      ...sessions.map((id) => `session ${id} requests`),
    ];
    const kept: WhySynthesisRecord[] = [];
    for (const reader of whyReaders.readers) {
      // A reader that fails (an agent CLI that exits, a server that refuses) leaves the unit as it was.
      const answer = await synthesiseWhy(reader, { unit, commits: draft.commits, patch, requests }).catch(
        (error: unknown) => ({
          ok: false as const,
          reason: error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : 'failed',
        }),
      );
      if (!answer.ok) {
        warnings.push(
          `${unit.change_unit_id}: ${readerLabel(reader)} synthesised no reason: ${answer.reason}`,
        );
        continue;
      }
      kept.push({
        reader: reader.name,
        model_key: reader.model,
        why: redact(answer.why),
        ...(answer.uncertain ? { uncertain: redact(answer.uncertain) } : {}),
        sources,
      });
    }
    if (kept.length === 0) {
      unit.why = `${unit.why} inferred: ${thin}, and no reader gave a usable reason; this unit stays without a stated reason.`;
      questions.push(
        `${unit.change_unit_id}: why was it made? It has ${thin} and no reader synthesised a reason.`,
      );
      continue;
    }
    const said = kept.map(
      (k) =>
        `inferred: synthesised by ${readerLabel({ name: k.reader, model: k.model_key })} from ${sources.join(', ') || 'the unit'}, not the author's words: "${k.why}"${k.uncertain ? ` (uncertain: ${k.uncertain})` : ''}`,
    );
    unit.why = `${unit.why} ${said.join(' ')}`;
    unit.why_synthesis = kept;
  }
  return { questions, warnings };
}
