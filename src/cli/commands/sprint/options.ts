import { InputError } from '../../../errors/errors.js';
import { cliDescription } from '../../../parameters/shared.js';
import { SPRINT_REPORT_PARAMETERS } from '../../../sprint/parameters.js';
import { copyDemoProject, demoProjectPath } from '../../../sprint/read/demo.js';
import { resolveProjectRoot } from '../../../sprint/read/paths.js';
import type { CliIo } from '../../io.js';

/** Options every sprint sub-command shares. */
export const ROOT_OPTIONS = {
  root: {
    type: 'string',
    arg: 'DIR',
    description: cliDescription(SPRINT_REPORT_PARAMETERS.root),
    default: SPRINT_REPORT_PARAMETERS.root.default,
  },
  demo: {
    type: 'boolean',
    description: cliDescription(SPRINT_REPORT_PARAMETERS.demo),
  },
} as const;

/** The optional SPRINT_ID argument of report, themes and retro. */
export const SPRINT_ARG = {
  name: 'SPRINT_ID',
  description: `${cliDescription(SPRINT_REPORT_PARAMETERS.sprintId)} (default: ${SPRINT_REPORT_PARAMETERS.sprintId.default})`,
} as const;

/** Sprint sub-commands take the sprint's files as their environment. */
export const SPRINT_ENV = 'CLAUDE_PROJECT_ROOT, RETROSPECT_NOW (an ISO time, for reproducible output)';

/**
 * The project root of a sub-command: the bundled demo (read in place, or copied to a temporary folder
 * when the command writes), else `--root`, else `CLAUDE_PROJECT_ROOT`, else the current directory.
 */
export function projectRootFor(
  values: { root?: string | undefined; demo?: boolean | undefined },
  io: CliIo,
  writes: boolean,
): string {
  if (values.demo) {
    if (values.root) throw new InputError('--demo and --root cannot be combined');
    return writes ? copyDemoProject(io.env) : demoProjectPath();
  }
  return resolveProjectRoot(values.root, io.env, io.cwd);
}
