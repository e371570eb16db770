import { relative } from 'node:path';
import { findGitRoots } from '../../../git/roots.js';
import { unifiedDiff } from '../../../hooks/diff.js';
import { applyFileChanges, planLessonsWiring } from '../../../rules/lessons-wiring.js';
import { lessonsPath } from '../../../rules/targets.js';
import { type CliIo, println, writeText } from '../../io.js';

/**
 * `init`'s second half: wires the project's lessons into what Claude Code loads (or with `--remove`
 * unwires them), in the main checkout, where `retro` keeps the rules. A dry run prints the diffs.
 */
export function wireLessons(
  projectRoot: string,
  io: CliIo,
  options: { remove: boolean; dryRun: boolean },
): void {
  const mainCheckout = findGitRoots(projectRoot)?.mainCheckout ?? projectRoot;
  const plan = planLessonsWiring(mainCheckout, { remove: options.remove });
  const rel = (path: string) => relative(mainCheckout, path);
  if (options.dryRun) {
    for (const c of plan.changes) {
      const name = rel(c.path);
      writeText(
        io.stdout,
        unifiedDiff(
          c.before ?? '',
          c.after ?? '',
          c.before === undefined ? '/dev/null' : name,
          c.after === undefined ? '/dev/null' : name,
        ),
      );
    }
    return;
  }
  applyFileChanges(mainCheckout, plan.changes);
  const loaded = rel(lessonsPath(mainCheckout));
  if (plan.changes.length === 0) {
    println(
      io.stdout,
      options.remove
        ? `no ${loaded} in ${mainCheckout}; nothing changed`
        : `lessons already load from ${loaded}; nothing changed`,
    );
    return;
  }
  const count = `${plan.moved} lesson${plan.moved === 1 ? '' : 's'}`;
  if (options.remove) {
    println(
      io.stdout,
      `lessons unwired: moved ${count} to .claude/memory/claude/lessons.md (kept, not loaded by Claude Code); ${loaded} removed`,
    );
  } else {
    const moved = plan.moved > 0 ? `; moved ${count} from .claude/memory/claude/lessons.md` : '';
    println(
      io.stdout,
      `lessons wired: Claude Code loads ${loaded} in every session of ${mainCheckout}${moved}`,
    );
  }
}
