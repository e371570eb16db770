import { join } from 'node:path';

/** The team agents that keep a numbered list of directives. */
export const TEAM_AGENTS = ['pm', 'tech-lead', 'ic5', 'ic4', 'devops', 'qa', 'ds'] as const;
export type TeamAgent = (typeof TEAM_AGENTS)[number];

/** Every target a proposal may name: the team agents, plain Claude (lessons) and the tool's own backlog. */
export const RULE_TARGETS = [...TEAM_AGENTS, 'claude', 'plugin'] as const;
export type RuleTarget = (typeof RULE_TARGETS)[number];

export function isTeamAgent(value: string): value is TeamAgent {
  return (TEAM_AGENTS as readonly string[]).includes(value);
}

export function isRuleTarget(value: string): value is RuleTarget {
  return (RULE_TARGETS as readonly string[]).includes(value);
}

/** `<main checkout>/.claude/memory/<agent>/directives.md` */
export function directivesPath(mainCheckout: string, agent: TeamAgent): string {
  return join(mainCheckout, '.claude', 'memory', agent, 'directives.md');
}

/**
 * `<main checkout>/.claude/rules/retrospect-lessons.md`: where new lessons for plain Claude go. Claude Code
 * loads every `.md` file under `.claude/rules/` without `paths:` frontmatter at the start of each session
 * in the project or any folder below it, with no import to follow and nothing to approve.
 */
export function lessonsPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'rules', 'retrospect-lessons.md');
}

/**
 * `<main checkout>/.claude/memory/claude/lessons.md`: where earlier versions kept lessons. Claude Code does
 * not load it; its lessons still count as rules (classification, trials) until `init` moves them.
 */
export function legacyLessonsPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'memory', 'claude', 'lessons.md');
}

/** Every file lessons may live in, the loaded one first. */
export function lessonsPaths(mainCheckout: string): string[] {
  return [lessonsPath(mainCheckout), legacyLessonsPath(mainCheckout)];
}

/** Who keeps rules that can be on trial: a team agent (directives) or plain Claude (lessons). */
export type RuleOwner = TeamAgent | 'claude';

/** Team agents in their fixed order, then `claude`: the order trials are listed and reviewed in. */
export const RULE_OWNERS: readonly RuleOwner[] = [...TEAM_AGENTS, 'claude'];

/** `<main checkout>/.claude/retro/backlog.md` */
export function backlogPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'backlog.md');
}

/**
 * The files a target's rules live in: a team agent's directives, the lessons files for `claude` (the
 * loaded one first), none for `plugin`, whose backlog holds no rules.
 */
export function rulesPathsFor(mainCheckout: string, target: RuleTarget): string[] {
  if (target === 'plugin') return [];
  if (target === 'claude') return lessonsPaths(mainCheckout);
  return [directivesPath(mainCheckout, target)];
}
