import { renderAnchorHeader } from '../comments/anchor-comment.js';
import type { ChangeUnit, WalkComment, WalkDocument, WhoWhen } from '../document.js';
import { markdownHeadingText, markdownInline, markdownText, safeCodeSpan } from './escape.js';

const MAX_HUNKS_LISTED = 8;
const MAX_EVIDENCE_LISTED = 10;
const UUID = /\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
/** The options every recorded git call starts with (see collect/git-run.ts); the appendix names them once. */
const GIT_PREFIX = /^git --no-optional-locks(?: -c \S+)* /;

/** What rendering needs besides the text: the paths to show as code, longest first. */
interface RenderContext {
  paths: readonly string[];
}

/** Prose of the walk's own with values from git and sessions in it: paths as code, session ids short. */
function prose(text: string, context: RenderContext): string {
  return markdownInline(text, context.paths, (plain) => plain.replace(UUID, '$1'));
}

function unitPaths(unit: ChangeUnit): string[] {
  return [...unit.files, ...(unit.hunks ?? []).map((h) => h.path)];
}

/** A who/when provenance in short: `author of a1b2c3d`, `session 5f0c2a9e, Write toolu_01…`. */
function shortProvenance(provenance: string): { role: string; ref: string } {
  const commit = /^commit (\S+) \((author|committer)\)$/.exec(provenance);
  if (commit) return { role: `${commit[2]} of`, ref: commit[1] ?? '' };
  const session = /^session (\S+) \((\S+) (\S+)\)$/.exec(provenance);
  if (session)
    return { role: `session ${(session[1] ?? '').replace(UUID, '$1')},`, ref: `${session[2]} ${session[3]}` };
  return { role: '', ref: provenance };
}

/**
 * Who/when, one entry per person or session with what they did and when:
 * `Ada <ada@example.com> (author of a1b2c3d, e4f5a6b; 2026-05-04)`.
 */
function renderWho(who: WhoWhen[]): string {
  const groups = new Map<string, { entry: WhoWhen; roles: Map<string, string[]>; days: Set<string> }>();
  for (const entry of who) {
    const key = `${entry.actor_type}\0${entry.identifier}`;
    const group = groups.get(key) ?? { entry, roles: new Map(), days: new Set<string>() };
    const { role, ref } = shortProvenance(entry.provenance);
    group.roles.set(role, [...(group.roles.get(role) ?? []), ref]);
    if (entry.timestamp) group.days.add(entry.timestamp.slice(0, 10));
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ entry, roles, days }) => {
      const kind = entry.actor_type === 'git-author' ? '' : `${entry.actor_type} `;
      const did = [...roles].map(([role, refs]) => `${role ? `${role} ` : ''}${refs.join(', ')}`).join('; ');
      const when = [...days].sort();
      const span =
        when.length === 0 ? '' : `, on ${when[0]}${when.length > 1 ? ` to ${when[when.length - 1]}` : ''}`;
      // `Name <email>` reads better as `Name (email)` than with its brackets escaped.
      const person = /^(.*\S) <([^<>]*)>$/.exec(entry.identifier);
      const name = person ? `${person[1]} (${person[2]})` : entry.identifier;
      return markdownText(`${kind}${name}, ${did}${span}`);
    })
    .join('; ');
}

function shareRange(shares: number[]): string {
  const low = Math.min(...shares).toFixed(2);
  const high = Math.max(...shares).toFixed(2);
  return low === high ? `share ${low}` : `shares ${low} to ${high}`;
}

/** The unit's hunks coding-agent sessions wrote, per session, with the shares of the hunks they wrote. */
function renderAgentHunks(unit: ChangeUnit): string | undefined {
  const hunks = unit.hunks ?? [];
  const linked = hunks.filter((h) => h.session_id !== null);
  if (linked.length === 0) return undefined;
  const bySession = new Map<string, typeof linked>();
  for (const hunk of linked)
    bySession.set(hunk.session_id ?? '', [...(bySession.get(hunk.session_id ?? '') ?? []), hunk]);
  let budget = MAX_HUNKS_LISTED;
  const parts = [...bySession].map(([session, own]) => {
    const listed = own.slice(0, Math.max(budget, 1));
    budget -= listed.length;
    const more = own.length - listed.length;
    const places = listed.map((h) => `${safeCodeSpan(h.path)} ${markdownText(h.header)}`).join(', ');
    const name = markdownText(session.replace(UUID, '$1'));
    return `${own.length} by session ${name} (${shareRange(own.map((h) => h.share ?? 0))}): ${places}${more > 0 ? `, and ${more} more in the JSON` : ''}`;
  });
  return `Agent-written hunks: ${linked.length} of ${hunks.length}; ${parts.join('; ')}`;
}

/** Evidence as short references: commits by short hash, hunks as `path:lines`, session tool calls. */
function renderEvidence(unit: ChangeUnit, context: RenderContext): string {
  const commits: string[] = [];
  const sessions: string[] = [];
  const places: string[] = [];
  for (const item of unit.evidence) {
    const commit = /^commit ([0-9a-f]{7,64})$/.exec(item);
    const session = /^session (\S+) tool_use (\S+)$/.exec(item);
    if (commit) commits.push(commit[1]?.slice(0, 7) ?? '');
    else if (session) sessions.push(`session ${(session[1] ?? '').replace(UUID, '$1')} ${session[2] ?? ''}`);
    else places.push(item);
  }
  const parts: string[] = [];
  if (commits.length > 0) parts.push(`${commits.length === 1 ? 'commit' : 'commits'} ${commits.join(', ')}`);
  // Line ranges of one file together: `src/a.ts` 3-9, 40-52.
  const byPath = new Map<string, string[]>();
  const other: string[] = [];
  for (const place of places) {
    const path = context.paths.find(
      (p) => place.startsWith(`${p}:`) && /^\d+-\d+( \(removed\))?$/.test(place.slice(p.length + 1)),
    );
    if (path === undefined) other.push(place);
    else byPath.set(path, [...(byPath.get(path) ?? []), place.slice(path.length + 1)]);
  }
  const shown = [
    ...[...byPath].map(([path, ranges]) => `${safeCodeSpan(path)} ${markdownText(ranges.join(', '))}`),
    ...other.map((place) => prose(place, context)),
  ];
  if (shown.length > MAX_EVIDENCE_LISTED)
    shown.splice(MAX_EVIDENCE_LISTED, shown.length, `${shown.length - MAX_EVIDENCE_LISTED} more in the JSON`);
  if (shown.length > 0) parts.push(shown.join(', '));
  if (sessions.length > 0) parts.push(markdownText(sessions.join(', ')));
  return parts.join('; ') || 'none';
}

function renderComment(comment: WalkComment, context: RenderContext): string {
  const location = comment.location;
  const lines = location?.line_start
    ? `:${location.line_start}${location.line_end && location.line_end !== location.line_start ? `-${location.line_end}` : ''}`
    : '';
  const where = location?.file ? ` ${safeCodeSpan(`@${location.file}${lines}`)}` : '';
  const by = `${comment.author.author_type} ${comment.author.identifier}, ${comment.timestamp}, ${comment.comment_id}`;
  return `  - [${comment.type}]${where} ${prose(comment.text, context)} (${markdownText(by)})`;
}

/**
 * One unit in the seed's layout, as a short story: what, why, who, the hunks coding agents wrote, and
 * evidence as short references (the guided walk presents units with it too). Every value from git or a
 * session is escaped; file names are code spans.
 */
export function renderUnit(unit: ChangeUnit): string {
  // A unit's text names its own files (a merge note or an anchor names others only in the narrative).
  const own = { paths: [...new Set(unitPaths(unit))].sort((a, b) => b.length - a.length) };
  const lines = [
    `### ${unit.change_unit_id} - ${markdownHeadingText(unit.title)}`,
    '',
    `What: ${prose(unit.what, own)}`,
    `Why: ${prose(unit.why, own)}`,
    `Who / when: ${renderWho(unit.who_when)}`,
  ];
  const agentHunks = renderAgentHunks(unit);
  if (agentHunks) lines.push(agentHunks);
  lines.push(`Evidence: ${renderEvidence(unit, own)}`);
  if (unit.comments.length === 0) lines.push('Comments: none');
  else lines.push('Comments:', ...unit.comments.map((c) => renderComment(c, own)));
  return lines.join('\n');
}

function baselineLine(doc: WalkDocument): string {
  const p = doc.provenance_context;
  const first = p.commits[0]?.sha.slice(0, 7);
  const last = p.commits[p.commits.length - 1]?.sha.slice(0, 7);
  const commits =
    p.commits.length === 0
      ? 'no commits'
      : `${p.commits.length} commit${p.commits.length === 1 ? '' : 's'} (${first}${p.commits.length > 1 ? `..${last}` : ''})`;
  const jobs = `${p.jobs.length} job${p.jobs.length === 1 ? '' : 's'}`;
  const receipts = `${p.receipts.length} receipt${p.receipts.length === 1 ? '' : 's'}`;
  const commands = `${p.commands.length} recorded command${p.commands.length === 1 ? '' : 's'}`;
  return `Evidence baseline: ${commits}, ${jobs}, ${receipts}; ${commands}, listed with their output digests at the end`;
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
 * The end of the evidence package, an appendix without headings of its own (the seed's layout has
 * none): the recorded commands with their output digests, the linked sessions, and the complete
 * document as fenced JSON, folded away where Markdown is rendered.
 */
function appendix(doc: WalkDocument): string[] {
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
      'Every git call also ran with `--no-optional-locks -c core.quotepath=off -c log.showSignature=false -c log.showRoot=true -c diff.autoRefreshIndex=false`, which keeps it from changing the repository; the JSON has each command whole and its full digest.',
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

/**
 * The readable walk in the seed's Markdown layout: a short story (summary, then each unit's what, why and
 * who with evidence as short references), open questions and the evidence package, which ends with the
 * recorded commands and their digests and the complete document as fenced JSON. Rendered from the
 * document alone, so a stored JSON re-renders to the same Markdown.
 */
export function renderMarkdown(doc: WalkDocument): string {
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
    ...appendix(doc),
  );
  return out.join('\n');
}
