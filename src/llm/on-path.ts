import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function isExecutableFile(path: string, windows: boolean): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (!windows) accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where `command` would be found on the `PATH` of `env`, the way a shell finds it (on Windows, with the
 * extensions of `PATHEXT`), or undefined. Nothing is run.
 */
export function findOnPath(
  command: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const windows = platform === 'win32';
  const path = env.PATH ?? env.Path ?? '';
  const extensions = windows ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';')] : [''];
  for (const dir of path.split(windows ? ';' : delimiter)) {
    if (dir.length === 0) continue;
    for (const ext of extensions) {
      const candidate = join(dir, `${command}${ext}`);
      if (isExecutableFile(candidate, windows)) return candidate;
    }
  }
  return undefined;
}
