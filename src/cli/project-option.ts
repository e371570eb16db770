import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { projectFolderName } from '../paths/data-dir.js';

/**
 * A `--project` value as the session filter takes it: a path (`.`, `~/code/shop`, `../shop`) becomes the
 * folder name Claude Code gives that checkout (`-home-ada-code-shop`); a folder name as the table prints it
 * and a repository's name (`shop`) stay as they are.
 */
export function projectOption(
  value: string | undefined,
  io: { cwd: string; env: NodeJS.ProcessEnv },
): string | undefined {
  if (value === undefined || !/^(~|\.{1,2}$)|\//.test(value)) return value;
  const home = io.env.HOME || homedir();
  const path = resolve(io.cwd, value.replace(/^~(?=$|\/)/, home));
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // A checkout that is gone still names its sessions' folder.
  }
  return projectFolderName(real);
}
