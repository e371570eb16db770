import { join } from 'node:path';
import { announceRefusedRead, isInsideProject } from '../fsx/project.js';
import { findGitRoots } from '../git/roots.js';

/**
 * The one reader of `FRICTION_LEDGER`: the friction ledger the user chose, for the gate's settings,
 * `ledger show` and the hook, each resolving it at its edge. It sits with the ledger's place rather than in
 * ledger/settings.ts because the bundled gate command already holds this module (src/cli/startup.test.ts
 * counts them) and needs no caps.
 */
export function ledgerFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  return env.FRICTION_LEDGER || undefined;
}

/** The ledger's place inside a main checkout. */
export function ledgerPathIn(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'friction.jsonl');
}

/**
 * Where the friction ledger is: `chosen`, the user's own choice (`FRICTION_LEDGER`, read at the edge), used
 * as given, else
 * `<main checkout>/.claude/retro/friction.jsonl`, where the main checkout is the parent of git's common dir
 * for `cwd`. The default path is `refused` when it leads out of the repository (a committed symlink
 * `.claude/retro/friction.jsonl → /tmp/victim.sh`): nothing reads or writes through it. Undefined outside a
 * git repository.
 */
type LedgerLocation =
  | { kind: 'explicit'; path: string }
  | { kind: 'default'; path: string; mainCheckout: string }
  | { kind: 'refused'; path: string; mainCheckout: string; reason: string };

export function locateLedger(chosen: string | undefined, cwd: string): LedgerLocation | undefined {
  if (chosen) return { kind: 'explicit', path: chosen };
  const roots = findGitRoots(cwd);
  if (!roots) return undefined;
  const path = ledgerPathIn(roots.mainCheckout);
  if (isInsideProject(roots.mainCheckout, path))
    return { kind: 'default', path, mainCheckout: roots.mainCheckout };
  return {
    kind: 'refused',
    path,
    mainCheckout: roots.mainCheckout,
    reason: `refusing the friction ledger ${path}: it leads outside the repository ${roots.mainCheckout} (a symlink?); set FRICTION_LEDGER to choose a ledger elsewhere`,
  };
}

/**
 * The friction ledger's path for readers: the chosen one (`FRICTION_LEDGER`), else the repository's default ledger; undefined
 * outside a git repository and when the default path leads out of the repository (announced to the
 * refused-read listeners, then treated as no ledger).
 */
export function resolveLedgerPath(chosen: string | undefined, cwd: string): string | undefined {
  const location = locateLedger(chosen, cwd);
  if (location?.kind !== 'refused') return location?.path;
  announceRefusedRead(location.mainCheckout, location.path);
  return undefined;
}
