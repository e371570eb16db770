import { relative } from 'node:path';
import { backlogPath, directivesPath, isTeamAgent, lessonsPath } from '../rules/targets.js';
import type { Classification } from './classify.js';
import type { RetroCandidate } from './types.js';

/**
 * The file a classified proposal would be written to: the existing rule's file for a TIGHTEN, else the
 * target's own file (a team agent's directives, the lessons file, the backlog for `plugin`).
 */
export function ruleFileFor(mainCheckout: string, c: Classification<RetroCandidate>): string {
  if (c.action === 'TIGHTEN' && c.existing?.path) return c.existing.path;
  const target = c.proposal.target;
  if (isTeamAgent(target)) return directivesPath(mainCheckout, target);
  if (target === 'claude') return lessonsPath(mainCheckout);
  return backlogPath(mainCheckout);
}

/** A path as a person reads it in the project: relative to the main checkout when it is inside it. */
export function projectRelative(mainCheckout: string, path: string): string {
  const rel = relative(mainCheckout, path);
  return rel.length > 0 && !rel.startsWith('..') && !rel.startsWith('/') ? rel : path;
}
