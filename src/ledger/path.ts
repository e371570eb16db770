import { join } from 'node:path';
import { findGitRoots } from '../git/roots.js';

/** The ledger's place inside a main checkout. */
export function ledgerPathIn(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'friction.jsonl');
}

/**
 * The friction ledger: `FRICTION_LEDGER`, else `<main checkout>/.claude/retro/friction.jsonl` where the main
 * checkout is the parent of git's common dir for `cwd`; undefined outside a git repository.
 */
export function resolveLedgerPath(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  if (env.FRICTION_LEDGER) return env.FRICTION_LEDGER;
  const roots = findGitRoots(cwd);
  return roots ? ledgerPathIn(roots.mainCheckout) : undefined;
}
