import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Names in a folder, or none when it does not exist or cannot be read. */
export function listDir(path: string): string[] {
  try {
    return readdirSync(path).sort();
  } catch {
    return [];
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `IA/epic-*` folders (relative to the root), sorted. */
export function epicDirs(root: string, ia: string): string[] {
  return listDir(join(root, ia))
    .filter((name) => name.startsWith('epic-') && isDirectory(join(root, ia, name)))
    .map((name) => `${ia}/${name}`);
}
