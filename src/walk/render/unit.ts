import { maxOf, minOf } from '../../arrays/bounded.js';
import type { ChangeUnit, WalkComment, WhoWhen } from '../document.js';
import { markdownHeadingText, markdownInline, markdownText, safeCodeSpan } from './escape.js';
import { utcDay } from './utc-day.js';

const MAX_HUNKS_LISTED = 8;
const MAX_EVIDENCE_LISTED = 10;
export const UUID = /\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;

/** What rendering needs besides the text: the paths to show as code, longest first. */
export interface RenderContext {
  paths: readonly string[];
}

/** Prose of the walk's own with values from git and sessions in it: paths as code, session ids short. */
export function prose(text: string, context: RenderContext): string {
  return markdownInline(text, context.paths, (plain) => plain.replace(UUID, '$1'));
}

export function unitPaths(unit: ChangeUnit): string[] {
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
    if (entry.timestamp) group.days.add(utcDay(entry.timestamp));
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ entry, roles, days }) => {
      const kind = entry.actor_type === 'git-author' ? '' : `${entry.actor_type} `;
      const did = [...roles].map(([role, refs]) => `${role ? `${role} ` : ''}${refs.join(', ')}`).join('; ');
      const when = [...days].sort();
      // UTC days, for commits and sessions alike (git writes the author's zone, sessions UTC).
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
  const low = minOf(shares).toFixed(2);
  const high = maxOf(shares).toFixed(2);
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
    const commands = own.filter((h) => h.via === 'command').length;
    const through = commands > 0 ? `, ${commands} through commands it ran` : '';
    return `${own.length} by session ${name} (${shareRange(own.map((h) => h.share ?? 0))}${through}): ${places}${more > 0 ? `, and ${more} more in the JSON` : ''}`;
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

const BY_WORDS = {
  'same-session': 'the same session',
  'other-session': 'another session',
  person: 'a person',
};

/**
 * The unit's survival in one line: how many of its agent-written lines are alive at the later revision,
 * and how many hunks were kept, changed or reverted, the first change named with who made it and when.
 */
export function renderSurvival(unit: ChangeUnit): string | undefined {
  const survival = unit.survival;
  if (!survival) return undefined;
  const fates = (unit.hunks ?? []).flatMap((h) => (h.fate ? [h.fate] : []));
  const count = (state: string) => fates.filter((f) => f.state === state).length;
  const first = fates
    .filter((f) => f.commit !== null)
    .sort((a, b) => (a.after_days ?? 0) - (b.after_days ?? 0))[0];
  const firstChange = first
    ? `; first ${first.state} by ${BY_WORDS[first.by?.kind ?? 'person']} in ${first.commit?.slice(0, 7)} after ${first.after_days} days`
    : '';
  const hunks = (n: number) => `${n} ${n === 1 ? 'hunk' : 'hunks'}`;
  return `Survival at ${survival.at.slice(0, 7)}: ${survival.alive} of ${survival.added} agent-written lines alive; ${hunks(count('kept'))} kept, ${count('changed')} changed, ${count('reverted')} reverted${markdownText(firstChange)}`;
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
 * One unit in the layout of docs/design/walk.md, as a short story: what, why, who (with the hunks coding agents wrote),
 * and evidence as short references (the guided walk presents units with it too). Every value from git or a
 * session is escaped; file names are code spans.
 */
export function renderUnit(unit: ChangeUnit): string {
  // A unit's text names its own files (a merge note or an anchor names others only in the narrative).
  const own = { paths: [...new Set(unitPaths(unit))].sort((a, b) => b.length - a.length) };
  // The hunks coding agents wrote belong to who wrote what; the unit's five lines stay together (docs/design/walk.md).
  const agentHunks = renderAgentHunks(unit);
  const lines = [
    `### ${unit.change_unit_id} - ${markdownHeadingText(unit.title)}`,
    '',
    `What: ${prose(unit.what, own)}`,
    `Why: ${prose(unit.why, own)}`,
    `Who / when: ${renderWho(unit.who_when)}${agentHunks ? `. ${agentHunks}` : ''}`,
    `Evidence: ${renderEvidence(unit, own)}`,
  ];
  const survival = renderSurvival(unit);
  if (survival) lines.push(survival);
  if (unit.comments.length === 0) lines.push('Comments: none');
  else lines.push('Comments:', ...unit.comments.map((c) => renderComment(c, own)));
  return lines.join('\n');
}
