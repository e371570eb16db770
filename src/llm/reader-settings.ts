import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { ensureInsideProject, writeFileAtomic } from '../fsx/index.js';
import { makeDirsSync } from '../fsx/make-dirs.js';
import { PROVIDER_NAMES } from './provider-names.js';

/** The reader a person chose once for a project: what unattended runs (the schedule) may use. */
export interface RecordedReader {
  provider: (typeof PROVIDER_NAMES)[number];
  model?: string | undefined;
}

const settingsSchema = z.looseObject({
  reader: z.object({ provider: z.enum(PROVIDER_NAMES), model: z.string().min(1).optional() }).optional(),
});

/** `<main checkout>/.claude/retro/settings.json`: Retrospect's own settings of the project. */
function projectSettingsPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'settings.json');
}

/** The recorded reader, or undefined; a settings file that is not what we write is a clear error. */
export function readRecordedReader(mainCheckout: string): RecordedReader | undefined {
  const path = projectSettingsPath(mainCheckout);
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new InputError(`${path}: expected a JSON object such as {"reader": {"provider": "claude-cli"}}`);
  }
  const parsed = settingsSchema.safeParse(value);
  if (!parsed.success)
    throw new InputError(
      `${path}: reader.provider must be one of ${PROVIDER_NAMES.join(', ')} (and reader.model a model name)`,
    );
  return parsed.data.reader;
}

/**
 * Records the reader in the project's settings, keeping any other keys: atomic replace, never through a
 * link out of the project. Returns the file written.
 */
export function recordReader(mainCheckout: string, reader: RecordedReader): string {
  const path = projectSettingsPath(mainCheckout);
  ensureInsideProject(mainCheckout, path);
  let current: Record<string, unknown> = {};
  if (existsSync(path) && !lstatSync(path).isSymbolicLink()) {
    try {
      const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        current = value as Record<string, unknown>;
    } catch {
      current = {};
    }
  }
  const next = {
    ...current,
    reader: { provider: reader.provider, ...(reader.model ? { model: reader.model } : {}) },
  };
  makeDirsSync(dirname(path));
  ensureInsideProject(mainCheckout, path);
  writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
  return path;
}
