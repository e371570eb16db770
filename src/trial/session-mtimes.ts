import { readRegularText } from '../fsx/read-regular.js';
import { parseMtimeLines } from './window.js';

/**
 * The session mtimes listed in a file (epoch seconds, one a line). Undefined when the file cannot be
 * read: without a readable list, a window counted in sessions is not elapsed.
 */
export function readSessionMtimesFile(path: string): (number | undefined)[] | undefined {
  try {
    return parseMtimeLines(readRegularText(path));
  } catch {
    return undefined;
  }
}
