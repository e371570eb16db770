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
  // Expanding the aliases once here bounds every later toJS or toJSON of this document.
  yamlData(doc, label);
  return doc;
}

/**
 * Most alias uses a document may expand to: far above any hand-written sprint file, far below what an alias
 * bomb (a billion laughs: each alias naming a list of the previous one) needs to fill memory.
 */
const YAML_MAX_ALIAS_COUNT = 100;

/**
 * A parsed document's data, with aliases bounded: a file whose aliases expand past YAML_MAX_ALIAS_COUNT is
 * an InputError naming the file (the yaml library stops the expansion with a ReferenceError, which would
 * otherwise reach the user as an unexpected error).
 */
export function yamlData(doc: Document, label: string): unknown {
  try {
    return doc.toJS({ maxAliasCount: YAML_MAX_ALIAS_COUNT });
  } catch (error) {
    if (error instanceof ReferenceError || error instanceof RangeError) {
      throw new InputError(
        `${label}: its YAML aliases expand too far (more than ${YAML_MAX_ALIAS_COUNT} alias uses, as an alias bomb does); nothing was read from it`,
      );
    }
    throw error;
  }
}

/** parseYamlStrict, then yamlData: the data of a YAML text, or one InputError line naming `label`. */
export function parseYamlData(text: string, label: string): unknown {
  return yamlData(parseYamlStrict(text, label), label);
}
