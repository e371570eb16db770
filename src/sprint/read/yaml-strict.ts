import { type Document, parseDocument } from 'yaml';
import { InputError } from '../../errors/errors.js';

/** Parses YAML text into a document or throws an InputError that points at the line and column. */
export function parseYamlStrict(text: string, label: string): Document.Parsed {
  const doc = parseDocument(text, { keepSourceTokens: false });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    const where = pos ? `:${pos.line}:${pos.col}` : '';
    throw new InputError(
      `${label}${where}: malformed YAML, nothing was changed (${error.message.split('\n')[0]}); fix the file and re-run`,
    );
  }
  return doc;
}
