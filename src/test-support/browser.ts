import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { tempDir } from './temp-dir.js';

/** The browsers looked for on PATH, in this order (Debian, Ubuntu, Google's package). */
export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

/** What a browser test says when it finds none (to skip by, or to fail by under CI). */
export const NO_BROWSER = `no browser found (CHROME_PATH, or ${BROWSER_NAMES.join(', ')} on PATH)`;

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

/**
 * Starts the browser findBrowser found, headless and offline-minded; none (a CI run without one) fails.
 * Its temp folder is one of the test file's own: Chromium leaves a `.org.chromium.Chromium.*` entry in
 * TMPDIR that it sometimes removes only after close() has returned, and the run's check of the shared temp
 * folder then fails the run for it.
 */
export async function launchTestBrowser(path: string | undefined): Promise<Browser> {
  if (!path) throw new Error(`CI=true and ${NO_BROWSER}: install chromium (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: path,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    env: { ...process.env, TMPDIR: tempDir('retrospect-browser-') },
  });
}

/** What a page reports going wrong (console errors and warnings, uncaught errors) and every URL it asks for. */
export function watchPage(page: Page): { errors: string[]; requests: string[] } {
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  return { errors, requests };
}
