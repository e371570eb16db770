import { statSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { readRegularText } from '../fsx/read-regular.js';

const settingsSchema = z.looseObject({
  hooks: z.record(z.string(), z.array(z.unknown())).optional(),
});

export interface SettingsText {
  /** The file's text, or undefined when there is no file yet. */
  text: string | undefined;
  settings: Record<string, unknown>;
  /** The indentation the file uses (kept when we write it back). */
  indent: string;
  mode: number | undefined;
}

function detectIndent(text: string): string {
  const match = /^[{[]\s*?\n([ \t]+)\S/.exec(text);
  return match?.[1] ?? '  ';
}

/**
 * Reads and checks a Claude Code settings file. A missing (or blank) file is an empty object; invalid JSON or
 * a `hooks` value of the wrong shape is an InputError that says what was expected. Never writes.
 */
export function readSettingsFile(path: string): SettingsText {
  let text: string | undefined;
  let mode: number | undefined;
  try {
    text = readRegularText(path);
    mode = statSync(path).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === undefined || text.trim() === '') return { text, settings: {}, indent: '  ', mode };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError(`${path} is not valid JSON (${reason}); fix it first, it was left untouched`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InputError(`${path} must hold a JSON object; it was left untouched`);
  }
  const checked = settingsSchema.safeParse(parsed);
  if (!checked.success) {
    const where = checked.error.issues[0]?.path.join('.') || 'hooks';
    throw new InputError(
      `${path}: expected "hooks" to map event names to arrays of matcher groups, but "${where}" is not; it was left untouched`,
    );
  }
  return { text, settings: parsed as Record<string, unknown>, indent: detectIndent(text), mode };
}

/** The settings as Claude Code writes them: JSON with the file's indentation and a final newline. */
export function formatSettings(settings: Record<string, unknown>, indent: string): string {
  return `${JSON.stringify(settings, null, indent)}\n`;
}
