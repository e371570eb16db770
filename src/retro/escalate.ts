import { join } from 'node:path';
import { installGuardHook } from '../hooks/guards/settings.js';
import { hookCommand } from '../hooks/hook-command.js';
import { applyHookSettings } from '../hooks/init.js';
import { type TrialEvaluation, trialLabel } from '../trial/review.js';
import type { RetroDecider } from './decide.js';
import type { RetroOutcome } from './types.js';

/** The follow-up line for a guard proposed and not installed. */
function proposalLine(e: TrialEvaluation): string {
  const guard = e.effect?.escalation;
  const times = e.effect?.violations.filter((v) => v.by === 'transcript').length ?? 0;
  return `${trialLabel(e.trial)} was broken ${times} times during its trial: a hook that ${guard?.description} would enforce it; install it with: retrospect init --guard ${guard?.kind}`;
}

/**
 * Proposes a guard hook for each mechanical rule broken again and again during its trial. The user
 * confirms each one at the prompt; `--auto` installs only with `installHooks` (an explicit flag), and
 * otherwise lists the proposal as a manual follow-up. A dry run installs nothing. The hook command is
 * fixed text naming the guard: no rule or transcript text ends up in the settings file.
 */
export async function proposeGuards(
  outcome: RetroOutcome,
  evaluations: readonly TrialEvaluation[],
  context: {
    mainCheckout: string;
    decider: RetroDecider;
    dryRun: boolean;
    installHooks?: boolean | undefined;
  },
): Promise<void> {
  const seen = new Set<string>();
  for (const e of evaluations) {
    const guard = e.effect?.escalation;
    if (guard === undefined || seen.has(guard.kind)) continue;
    seen.add(guard.kind);
    const install =
      context.decider.decidedBy === 'auto'
        ? context.installHooks === true
        : (await context.decider.decideGuard?.(e, proposalLine(e))) === 'install';
    if (!install || context.dryRun) {
      outcome.manualFollowUps.push(proposalLine(e));
      continue;
    }
    const settingsPath = join(context.mainCheckout, '.claude', 'settings.json');
    const command = hookCommand(`guard ${guard.kind}`, { projectRoot: context.mainCheckout });
    const result = await applyHookSettings({
      settingsPath,
      projectRoot: context.mainCheckout,
      command,
      merge: (settings) => installGuardHook(settings, guard, command),
    });
    outcome.applied.push({
      target: e.trial.agent,
      action: 'GUARD',
      summary: `${guard.kind} hook (${guard.event}) for: ${e.trial.ruleText}${result.status === 'unchanged' ? ' (already installed)' : ''}`,
      path: settingsPath,
    });
  }
}
