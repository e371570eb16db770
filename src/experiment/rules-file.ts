import { InputError } from '../errors/errors.js';
import { readRegularText } from '../fsx/read-regular.js';

/** A rules file bigger than this is not a set of rules an agent should load every session. */
const RULES_FILE_CAP = 64 * 1024;

/** The rules the "with" arm loads: Markdown as a file of `.claude/rules/` holds it, kept byte for byte. */
export interface ExperimentRules {
  /** Where they were read from, for the report. */
  source: string;
  text: string;
}

/**
 * Reads a rules file (Markdown, as `.claude/rules/*.md` holds rules). Only read, never followed through
 * a link; empty, binary or oversized files are one-line errors.
 */
export function readRulesFile(path: string, label = path): ExperimentRules {
  let text: string;
  try {
    text = readRegularText(path);
  } catch (error) {
    throw new InputError(`rules file ${label}: cannot read it (expected a Markdown file of rules)`, {
      cause: error,
    });
  }
  return { source: label, text: checkRulesText(text, label) };
}

/** The rules text, or a one-line error saying what a rules file must be. */
export function checkRulesText(text: string, label: string): string {
  if (Buffer.byteLength(text, 'utf8') > RULES_FILE_CAP)
    throw new InputError(
      `rules file ${label}: larger than ${RULES_FILE_CAP / 1024} KB (expected a Markdown file of rules)`,
    );
  if (text.includes('\0'))
    throw new InputError(`rules file ${label}: binary content (expected a Markdown file of rules)`);
  if (text.trim() === '')
    throw new InputError(`rules file ${label}: empty (expected a Markdown file of rules)`);
  return text;
}
