import { renderAnchorHeader } from '../comments/anchor-comment.js';
import type { ChangeUnit, WalkComment, WalkDocument, WhoWhen } from '../document.js';
import { codeSpan } from './code-span.js';

function renderWho(who: WhoWhen[]): string {
  return who
    .map((w) => `${w.actor_type} ${w.identifier}${w.timestamp ? ` at ${w.timestamp}` : ''} (${w.provenance})`)
    .join('; ');
}

function renderComment(comment: WalkComment): string {
  const where = comment.location?.file
    ? ` @${comment.location.file}${comment.location.line_start ? `:${comment.location.line_start}${comment.location.line_end && comment.location.line_end !== comment.location.line_start ? `-${comment.location.line_end}` : ''}` : ''}`
    : '';
  return `  - [${comment.type}]${where} ${comment.text} (${comment.author.author_type} ${comment.author.identifier}, ${comment.timestamp}, ${comment.comment_id})`;
}

/** One unit in the seed's layout (used by the guided walk to present it, and by the whole document). */
export function renderUnit(unit: ChangeUnit): string {
  const lines = [
    `### ${unit.change_unit_id} - ${unit.title}`,
    '',
    `What: ${unit.what}`,
    `Why: ${unit.why}`,
    `Who / when: ${renderWho(unit.who_when)}`,
    `Evidence: ${unit.evidence.join(', ') || 'none'}`,
  ];
  if (unit.comments.length === 0) lines.push('Comments: none');
  else lines.push('Comments:', ...unit.comments.map(renderComment));
  return lines.join('\n');
}

function baseline(doc: WalkDocument): string[] {
  const p = doc.provenance_context;
  const commits =
    p.commits.length === 0
      ? 'no commits'
      : `${p.commits.length} commit${p.commits.length === 1 ? '' : 's'} (${p.commits[0]?.sha.slice(0, 7)}${p.commits.length > 1 ? `..${p.commits[p.commits.length - 1]?.sha.slice(0, 7)}` : ''})`;
  const lines = [
    `Evidence baseline: ${p.commands.length} command${p.commands.length === 1 ? '' : 's'}, ${commits}, ${p.jobs.length} job${p.jobs.length === 1 ? '' : 's'}, ${p.receipts.length} receipt${p.receipts.length === 1 ? '' : 's'}`,
  ];
  for (const command of p.commands) {
    lines.push(
      `- ${codeSpan(command.command)} → exit ${command.exit_status}, ${command.output_bytes} bytes, sha256:${command.output_sha256}`,
    );
  }
  return lines;
}

function receiptLine(doc: WalkDocument): string {
  const receipt = doc.validation_receipt;
  if (receipt.status === 'unavailable') return `unavailable: ${receipt.reason ?? 'no reason recorded'}`;
  return `${receipt.status} ${receipt.receipt_id ?? receipt.validation_id ?? ''}`.trim();
}

/**
 * The readable walk in the seed's Markdown layout, followed by the complete machine-readable document
 * fenced as json. Rendered from the document alone, so a stored JSON re-renders to the same Markdown.
 */
export function renderMarkdown(doc: WalkDocument): string {
  const jobs = doc.provenance_context.jobs.map((j) =>
    j.status === 'resolved' ? j.id : `${j.id} (unresolved)`,
  );
  const out = [
    `# Retrospective Walk: ${doc.target || `(${doc.scope})`}`,
    '',
    ...renderAnchorHeader(doc),
    `Retrospective ID: ${doc.retrospective_id}`,
    `Scope: ${doc.scope}`,
    `Mode: ${doc.mode}`,
    ...baseline(doc),
    '',
    '## Narrative',
    '',
    doc.narrative,
    '',
    '## Change Units',
    '',
  ];
  if (doc.change_units.length === 0) out.push('No change units.', '');
  for (const unit of doc.change_units) out.push(renderUnit(unit), '');
  out.push('## Open Questions', '');
  if (doc.open_questions.length === 0) out.push('- none');
  for (const question of doc.open_questions) out.push(`- ${question}`);
  out.push(
    '',
    '## Evidence Package',
    '',
    `- validation_receipt: ${receiptLine(doc)}`,
    `- linked_jobs: [${jobs.join(', ')}]`,
    `- linked_receipts: [${doc.provenance_context.receipts.join(', ')}]`,
    '',
    '```json',
    JSON.stringify(doc, null, 2),
    '```',
    '',
  );
  return out.join('\n');
}
