import { GIT_BASE } from '../collect/git-run.js';
import type { WalkDocument } from '../document.js';
import { renderAnchorHeader } from './anchor-header.js';
import { markdownHeadingText, markdownText, safeCodeSpan } from './escape.js';
import { prose, renderUnit, unitPaths } from './unit.js';

/**
 * `include_prior_evidence`: each review report, approval record and validation run found, with its source
 * and what links it; the outcome it states is a claim of that file, not the walk's verdict.
 */
function priorEvidenceLines(doc: WalkDocument): string[] {
  const prior = doc.provenance_context.prior_evidence;
  if (prior === undefined) return ['- prior_evidence: not collected'];
  if (prior.length === 0) return ['- prior_evidence: none linked to this change'];
  return [
    '- prior_evidence (claims of these files, not verdicts):',
    ...prior.map(
      (p) =>
        `  - ${p.kind} ${safeCodeSpan(p.source)}${p.outcome ? ` states ${markdownText(p.outcome)}` : ''}; ${markdownText(p.linked_by.join(', '))}`,
    ),
  ];
}

/** The options every recorded git call starts with (see collect/git-run.ts); the appendix names them once. */
const GIT_PREFIX = /^git --no-optional-locks(?: -c \S+)* /;

/**
 * The one line that says what the walk rests on, in words a newcomer reads: the commits, the earlier runs
 * and validation receipts an episode file linked (only when there are any: "0 jobs" means nothing to
 * someone who never gave one), and the recorded commands.
 */
function baselineLine(doc: WalkDocument): string {
  const p = doc.provenance_context;
  const first = p.commits[0]?.sha.slice(0, 7);
  const last = p.commits[p.commits.length - 1]?.sha.slice(0, 7);
  const commits =
    p.commits.length === 0
      ? 'no commits'
      : `${p.commits.length} commit${p.commits.length === 1 ? '' : 's'} (${first}${p.commits.length > 1 ? `..${last}` : ''})`;
  const linked = [
    p.jobs.length > 0
      ? `${p.jobs.length} earlier Retrospect run${p.jobs.length === 1 ? '' : 's'} linked by job id`
      : '',
    p.receipts.length > 0
      ? `${p.receipts.length} validation receipt${p.receipts.length === 1 ? '' : 's'} claimed by the episode file`
      : '',
  ].filter(Boolean);
  const commands = `${p.commands.length} recorded command${p.commands.length === 1 ? '' : 's'}`;
  return `Evidence baseline: ${[commits, ...linked].join(', ')}; ${commands}, listed with their output digests at the end`;
}

function receiptLine(doc: WalkDocument): string {
  const receipt = doc.validation_receipt;
  if (receipt.status === 'unavailable')
    return `unavailable: ${markdownText(receipt.reason ?? 'no reason recorded')}`;
  return markdownText(`${receipt.status} ${receipt.receipt_id ?? receipt.validation_id ?? ''}`.trim());
}

/**
 * The document as one line of JSON. JSON.stringify escapes control characters but not format characters
 * (a bidi override) or the Unicode line separators; they are escaped too, so the block shows no hidden text.
 */
function machineJson(doc: WalkDocument): string {
  return JSON.stringify(doc).replace(/[\p{Cf}\u2028\u2029]/gu, (c) =>
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(
      '',
    ),
  );
}

/**
 * The end of the evidence package, an appendix without headings of its own (the layout of docs/design/walk.md has
 * none): the recorded commands with their output digests, the linked sessions, and the complete
 * document as fenced JSON, folded away where Markdown is rendered.
 */
function appendix(doc: WalkDocument, includeJson: boolean): string[] {
  const p = doc.provenance_context;
  const out = ['', 'Recorded commands, each with its exit status and output digest:', ''];
  if (p.commands.length === 0) out.push('- none');
  for (const command of p.commands) {
    const shown = command.command.replace(GIT_PREFIX, 'git ');
    out.push(
      `- ${safeCodeSpan(shown)} → exit ${command.exit_status}, ${command.output_bytes} bytes, sha256:${command.output_sha256.slice(0, 16)}…`,
    );
  }
  if (p.commands.some((c) => GIT_PREFIX.test(c.command)))
    out.push(
      '',
      `Every git call also ran with \`${GIT_BASE.join(' ')}\`, which keeps it from changing the repository or running anything its configuration names (diffs also had \`--no-ext-diff --no-textconv\`, and content filters were emptied); the JSON has each command whole and its full digest.`,
    );
  if (p.sessions.length > 0) {
    out.push('', 'Coding-agent sessions linked to hunks:', '');
    for (const session of p.sessions) {
      const models = session.models.length > 0 ? ` (${markdownText(session.models.join(', '))})` : '';
      out.push(
        `- ${safeCodeSpan(session.session_id)}${models}: ${session.linked_hunks} hunk${session.linked_hunks === 1 ? '' : 's'}`,
      );
    }
  }
  if (!includeJson) {
    out.push('');
    return out;
  }
  out.push(
    '',
    '<details>',
    '<summary>The complete walk as JSON (the document <code>--json</code> writes)</summary>',
    '',
    '```json',
    machineJson(doc),
    '```',
    '',
    '</details>',
    '',
  );
  return out;
}

export interface RenderOptions {
  /**
   * End the evidence package with the complete document as fenced JSON (default true: the stored form
   * that re-renders to the same Markdown). The CLI leaves it out of what a person reads unless asked.
   */
  includeJson?: boolean;
}

/**
 * The readable walk in the Markdown layout of docs/design/walk.md: a short story (summary, then each unit's what, why and
 * who with evidence as short references), open questions and the evidence package, which ends with the
 * recorded commands and their digests and the complete document as fenced JSON. Rendered from the
 * document alone, so a stored JSON re-renders to the same Markdown.
 */
export function renderMarkdown(doc: WalkDocument, options: RenderOptions = {}): string {
  const paths = [...new Set(doc.change_units.flatMap(unitPaths))];
  const context = { paths };
  const jobs = doc.provenance_context.jobs.map((j) =>
    j.status === 'resolved' ? j.id : `${j.id} (unresolved)`,
  );
  const out = [
    `# Retrospective Walk: ${markdownHeadingText(doc.target || `(${doc.scope})`)}`,
    '',
    ...renderAnchorHeader(doc),
    `Retrospective ID: ${doc.retrospective_id}`,
    `Scope: ${doc.scope}`,
    `Mode: ${doc.mode}`,
    baselineLine(doc),
    '',
    '## Narrative',
    '',
    prose(doc.narrative, context),
    '',
    '## Change Units',
    '',
  ];
  if (doc.change_units.length === 0) out.push('No change units.', '');
  for (const unit of doc.change_units) out.push(renderUnit(unit), '');
  out.push('## Open Questions', '');
  if (doc.open_questions.length === 0) out.push('- none');
  for (const question of doc.open_questions) out.push(`- ${prose(question, context)}`);
  out.push(
    '',
    '## Evidence Package',
    '',
    `- validation_receipt: ${receiptLine(doc)}`,
    `- linked_jobs: [${markdownText(jobs.join(', '))}]`,
    `- linked_receipts: [${markdownText(doc.provenance_context.receipts.join(', '))}]`,
    ...priorEvidenceLines(doc),
    ...appendix(doc, options.includeJson !== false),
  );
  return out.join('\n');
}
