import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The browsers looked for on PATH, in this order (Debian, Ubuntu, Google's package). */
export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium-family browser the report's browser test drives (playwright-core never downloads one):
 * `CHROME_PATH` when it names an executable file, else the first of BROWSER_NAMES found on PATH.
 */
export function findBrowser(env: NodeJS.ProcessEnv): string | undefined {
  const configured = env.CHROME_PATH?.trim();
  if (configured && isAbsolute(configured) && isExecutableFile(configured)) return configured;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutableFile(path)) return path;
    }
  }
  return undefined;
}

/** Whether this run is CI's (`CI` set to anything but empty, `0` or `false`): there a missing browser fails. */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}
