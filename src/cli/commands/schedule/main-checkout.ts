import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../../../errors/errors.js';

/** The main checkout a scheduled helper works in: an existing folder, resolved against the cwd. */
export function existingMainCheckout(cwd: string, path: string): string {
  const root = resolve(cwd, path);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new InputError(`project root ${root} is not an existing folder (expected the main checkout)`);
  }
  return root;
}
