import { statSync } from 'node:fs';
import { InputError } from '../errors/errors.js';

/** An option naming a folder that must exist, checked before any work starts. */
export function existingFolder(
  value: string | undefined,
  name: string,
  expected: string,
): string | undefined {
  if (value === undefined) return undefined;
  if (!statSync(value, { throwIfNoEntry: false })?.isDirectory())
    throw new InputError(`${name} ${value}: no such folder (expected ${expected})`);
  return value;
}
