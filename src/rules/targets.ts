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

/** `<main checkout>/.claude/memory/claude/lessons.md` */
export function lessonsPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'memory', 'claude', 'lessons.md');
}

/** `<main checkout>/.claude/retro/backlog.md` */
export function backlogPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'backlog.md');
}

/** The rules file a target's rules live in; undefined for `plugin`, whose backlog holds no rules. */
export function rulesPathFor(mainCheckout: string, target: RuleTarget): string | undefined {
  if (target === 'plugin') return undefined;
  if (target === 'claude') return lessonsPath(mainCheckout);
  return directivesPath(mainCheckout, target);
}
