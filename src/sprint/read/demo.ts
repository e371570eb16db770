import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The demo sprint project shipped with the package (`examples/sprint-project`). */
export function demoProjectPath(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples', 'sprint-project');
}

/** The answers bundled with the demo, used by `sprint retro --demo`. */
export const DEMO_ANSWERS_FILE = 'retro-answers.yaml';

/** A fresh temporary copy of the demo project, so that demo runs never change the package. */
export function copyDemoProject(): string {
  const target = mkdtempSync(join(tmpdir(), 'retrospect-sprint-demo-'));
  cpSync(demoProjectPath(), target, { recursive: true });
  return target;
}
