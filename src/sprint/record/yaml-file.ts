import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Document } from 'yaml';
import { InputError } from '../../errors/errors.js';
import { readTextIfExists, withLockSync } from '../../fsx/index.js';
import { parseYamlStrict } from '../read/yaml-strict.js';
import { authorizeTarget } from './allowlist.js';
import { replaceWithBackup } from './writers.js';

/**
 * Read-modify-write of an allowlisted YAML file under its lock: a missing file starts from `seed`, a
 * malformed one throws with line and column before anything is written, comments are kept, and the new
 * text replaces the file under backup only when `edit` reports a change.
 */
export function editYamlFile<T>(
  root: string,
  rel: string,
  seed: string,
  edit: (doc: Document.Parsed) => { changed: boolean; result: T },
): T {
  const auth = authorizeTarget(root, rel);
  if (!auth.ok) throw new InputError(`cannot write ${rel}: ${auth.reason}`);
  mkdirSync(dirname(auth.realPath), { recursive: true });
  return withLockSync(auth.realPath, () => {
    const existing = readTextIfExists(auth.realPath);
    const doc = parseYamlStrict(existing ?? seed, rel);
    const { changed, result } = edit(doc);
    if (changed || existing === undefined) replaceWithBackup(auth.realPath, doc.toString({ lineWidth: 0 }));
    return result;
  });
}
