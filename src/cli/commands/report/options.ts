import { statSync } from 'node:fs';

/** Whether the path is an existing folder. */
export function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}
