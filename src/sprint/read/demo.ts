import { cpSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempFolderOf } from '../../fsx/temp-folder.js';

/** The demo sprint project shipped with the package (`examples/sprint-project`). */
export function demoProjectPath(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples', 'sprint-project');
}

/** The answers bundled with the demo, used by `sprint retro --demo`. */
export const DEMO_ANSWERS_FILE = 'retro-answers.yaml';

/**
 * A fresh temporary copy of the demo project, so that demo runs never change the package: in the temp
 * folder of `env` (the command's), left for the user to look at (the command prints where).
 */
export function copyDemoProject(env: NodeJS.ProcessEnv): string {
  const target = mkdtempSync(join(tempFolderOf(env), 'retrospect-sprint-demo-'));
  cpSync(demoProjectPath(), target, { recursive: true });
  return target;
}
