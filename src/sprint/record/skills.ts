import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMap, isSeq, type YAMLMap, type YAMLSeq } from 'yaml';
import { InputError } from '../../errors/errors.js';
import { readTextIfExists, withLockSync } from '../../fsx/index.js';
import { stems } from '../facts/stem.js';
import { isDirectory, listDir } from '../read/files.js';
import { splitFrontMatter } from '../read/markdown.js';
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

/** A skill the project knows: its name and what it says it is for. */
interface KnownSkill {
  name: string;
  /** `description:` of its front matter, else its first paragraph; empty when it has neither. */
  description: string;
}

function descriptionOf(text: string | undefined): string {
  if (!text) return '';
  const { data, body } = splitFrontMatter(text);
  if (typeof data.description === 'string') return data.description;
  const paragraph = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .find((p) => p !== '' && !p.startsWith('#'));
  return paragraph ?? '';
}

/** Skills known to the project, with their descriptions: `custom/skills/*.md` and the plugin's `skills/*`. */
export function knownSkillsWithDescriptions(root: string, env: NodeJS.ProcessEnv): KnownSkill[] {
  const found = new Map<string, string>();
  for (const n of listDir(join(root, 'custom/skills')).filter((f) => f.endsWith('.md')))
    found.set(n.slice(0, -3), descriptionOf(readTextIfExists(join(root, 'custom/skills', n))));
  const pluginRoot = env.CLAUDE_PLUGIN_ROOT;
  if (pluginRoot) {
    for (const n of listDir(join(pluginRoot, 'skills')).filter((f) =>
      isDirectory(join(pluginRoot, 'skills', f)),
    )) {
      const own = descriptionOf(readTextIfExists(join(pluginRoot, 'skills', n, 'SKILL.md')));
      found.set(n, found.get(n) || own);
    }
  }
  return [...found.entries()]
    .map(([name, description]) => ({ name, description }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Words of a description too general to say what a skill is about. */
const GENERIC = new Set([
  'skill',
  'project',
  'specif',
  'addition',
  'bundl',
  'team',
  'sprint',
  'stori',
  'story',
  'work',
  'use',
  'make',
  'help',
  'run',
]);

/**
 * Skills a finding is about, read by meaning rather than spelling: words are compared by their stems
 * ("reviews", "reviewed" are `review`; "planned", "planning" are `plan`), and a skill matches when the
 * finding has most of its name's words (two thirds, rounded up: both of `code-review`, two of
 * `gaia-test-automation-review`) or two or more of the particular words of its description.
 */
export function matchSkills(finding: string, skills: readonly (string | KnownSkill)[]): string[] {
  const have = new Set(stems(finding));
  return skills
    .map((s) => (typeof s === 'string' ? { name: s, description: '' } : s))
    .filter(({ name, description }) => {
      const parts = stems(name.replace(/^gaia-/, '').replace(/-/g, ' '));
      const named = parts.filter((p) => have.has(p)).length;
      if (parts.length > 0 && named >= Math.max(1, Math.ceil((parts.length * 2) / 3))) return true;
      const said = stems(description).filter((w) => w.length >= 4 && !GENERIC.has(w) && have.has(w));
      return said.length >= 2;
    })
    .map((s) => s.name);
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
  skills: readonly (string | KnownSkill)[],
  wentWell: readonly string[] = [],
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
  // Went-well items map too (seed Step 5f: "each retro finding from Steps 3-4"): what worked becomes a
  // practice of the skill. They are numbered after the improvements, whose numbers stay as they were.
  wentWell.forEach((item, j) => {
    const n = findings.length + j + 1;
    const matches = matchSkills(item, skills);
    if (matches.length === 0) {
      unmatched.push(n);
      return;
    }
    const section = [`## Retro ${sprintId}: keep doing`, '', `- ${item.replace(/\.$/, '')}.`];
    proposals.push({
      finding_ref: `retro-${sprintId}-finding-${n}`,
      target_skill: matches.length === 1 ? matches[0]! : matches,
      target_path: `custom/skills/${matches[0]}.md`,
      rationale: `Sprint ${sprintId} retro found what went well: ${item}`,
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

interface ApprovedWrite {
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
