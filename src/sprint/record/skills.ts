import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMap, isSeq, type YAMLMap, type YAMLSeq } from 'yaml';
import { InputError } from '../../errors/errors.js';
import { readTextIfExists, withLockSync } from '../../fsx/index.js';
import { isDirectory, listDir } from '../read/files.js';
import { authorizeTarget } from './allowlist.js';
import { replaceWithBackup } from './writers.js';
import { editYamlFile } from './yaml-file.js';

export const CUSTOMIZE_PATH = 'custom/skills/all-dev.customize.yaml';
const MAX_DIFF_BYTES = 100 * 1024;

export interface SkillProposal {
  finding_ref: string;
  /** One name, or the candidates when the finding matches several skills (the facilitator picks one). */
  target_skill: string | string[];
  target_path: string;
  rationale: string;
  diff: string;
}

/** Skill names known to the project: `custom/skills/*.md` and the plugin's `skills/*` folders. */
export function knownSkills(root: string, env: NodeJS.ProcessEnv): string[] {
  const custom = listDir(join(root, 'custom/skills'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => n.slice(0, -3));
  const pluginRoot = env.CLAUDE_PLUGIN_ROOT;
  const bundled = pluginRoot
    ? listDir(join(pluginRoot, 'skills')).filter((n) => isDirectory(join(pluginRoot, 'skills', n)))
    : [];
  return [...new Set([...custom, ...bundled])].sort();
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

/** Skills whose every name word (without a `gaia-` prefix) appears in the finding. */
export function matchSkills(finding: string, skills: string[]): string[] {
  const have = words(finding);
  return skills.filter((skill) => {
    const parts = skill
      .replace(/^gaia-/, '')
      .split('-')
      .filter((p) => p.length > 1);
    return (
      parts.length > 0 &&
      parts.every((p) => have.has(p) || have.has(`${p}s`) || (p.endsWith('s') && have.has(p.slice(0, -1))))
    );
  });
}

function skillName(raw: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(raw))
    throw new InputError(`'${raw}' is not a skill name (lowercase words joined by -)`);
  return raw;
}

/** One proposal per finding that matches a known skill; findings without a match get none. */
export function buildProposals(
  sprintId: string,
  findings: string[],
  actionFor: (index: number) => string | undefined,
  skills: string[],
): { proposals: SkillProposal[]; unmatched: number[] } {
  const proposals: SkillProposal[] = [];
  const unmatched: number[] = [];
  findings.forEach((finding, index) => {
    const matches = matchSkills(finding, skills);
    if (matches.length === 0) {
      unmatched.push(index + 1);
      return;
    }
    const action = actionFor(index);
    const section = [
      `## Retro ${sprintId}: ${finding.replace(/\.$/, '')}`,
      '',
      ...(action ? [`- ${action}.`] : []),
    ];
    proposals.push({
      finding_ref: `retro-${sprintId}-finding-${index + 1}`,
      target_skill: matches.length === 1 ? matches[0]! : matches,
      target_path: `custom/skills/${matches[0]}.md`,
      rationale: `Sprint ${sprintId} retro found: ${finding}`,
      diff: section.map((l) => (l ? `+ ${l}` : '+')).join('\n'),
    });
  });
  return { proposals, unmatched };
}

/** Rejects a diff that is not UTF-8 text or is 100 KB or more; the proposal stays editable. */
export function validateProposal(p: SkillProposal): string | undefined {
  const bytes = Buffer.byteLength(p.diff, 'utf8');
  // U+FFFD is what a decoder leaves of invalid bytes; a lone surrogate cannot be encoded at all.
  if (
    p.diff.includes('\uFFFD') ||
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(p.diff)
  ) {
    return `${p.finding_ref}: the diff is not valid UTF-8 text`;
  }
  if (bytes >= MAX_DIFF_BYTES) return `${p.finding_ref}: the diff is ${bytes} bytes, over the 100 KB limit`;
  return undefined;
}

/** The lines a diff adds (`+ text` -> `text`). */
export function addedLines(diff: string): string[] {
  return diff.split('\n').map((l) => l.replace(/^\+ ?/, ''));
}

/** The skill file after the proposal: the existing text plus the added section (or a new file). */
export function proposedContent(existing: string | undefined, skill: string, diff: string): string {
  const section = `${addedLines(diff).join('\n')}\n`;
  if (existing === undefined) return `# ${skill} (project override)\n\n${section}`;
  if (existing.includes(section)) return existing;
  return `${existing.endsWith('\n') ? existing : `${existing}\n`}\n${section}`;
}

/** A merge preview of an existing, different target: unchanged lines prefixed with two spaces, new with `+`. */
export function mergePreview(existing: string, merged: string): string {
  const kept = existing
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `  ${l}`);
  const added = merged
    .slice(existing.length)
    .replace(/^\n/, '')
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `+ ${l}`);
  return [...kept, ...added].join('\n');
}

export interface ApprovedWrite {
  status: 'written' | 'unchanged';
  path: string;
}

/**
 * Writes an approved proposal: the skill file under `custom/skills/` and its `skill_overrides` entry in
 * `custom/skills/all-dev.customize.yaml` (valid YAML, one entry per skill). Both go through the allowlist,
 * so nothing can land in the plugin's own skills folder.
 */
export function writeApprovedProposal(
  root: string,
  skill: string,
  diff: string,
  today: string,
): ApprovedWrite {
  const name = skillName(skill);
  const rel = `custom/skills/${name}.md`;
  const auth = authorizeTarget(root, rel);
  if (!auth.ok) throw new InputError(`skill proposal refused: ${auth.reason}`);
  mkdirSync(dirname(auth.realPath), { recursive: true });
  const status = withLockSync(auth.realPath, () => {
    const existing = readTextIfExists(auth.realPath);
    const next = proposedContent(existing, name, diff);
    if (next === existing) return 'unchanged' as const;
    replaceWithBackup(auth.realPath, next);
    return 'written' as const;
  });
  const seed =
    '# Project overrides of bundled skills; custom/skills/ wins over the plugin skills.\nskill_overrides: []\n';
  editYamlFile(root, CUSTOMIZE_PATH, seed, (doc) => {
    if (!isMap(doc.contents))
      throw new InputError(`${CUSTOMIZE_PATH}: expected a mapping with skill_overrides:`);
    const found: unknown = doc.contents.get('skill_overrides', true);
    let seq: YAMLSeq;
    if (isSeq(found)) seq = found;
    else {
      seq = doc.createNode([]) as YAMLSeq;
      (doc.contents as YAMLMap).set('skill_overrides', seq);
    }
    if (seq.items.some((n) => isMap(n) && n.get('skill') === name))
      return { changed: false, result: undefined };
    seq.flow = false;
    seq.items.push(doc.createNode({ skill: name, path: rel, added: today }));
    return { changed: true, result: undefined };
  });
  return { status, path: rel };
}
