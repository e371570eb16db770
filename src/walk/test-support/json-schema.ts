/**
 * A minimal JSON Schema (2020-12) checker for exactly the keywords the published walk schema uses, so that
 * tests validate output against the schema file itself rather than against the code that wrote it. An
 * unknown keyword throws: the checker never passes a schema it does not understand.
 */
type Schema = Record<string, unknown>;

const KNOWN = new Set([
  '$schema',
  'title',
  'description',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'enum',
  'const',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'anyOf',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

export function validateJsonSchema(schema: Schema, value: unknown, at = '$'): string[] {
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key)) throw new Error(`json-schema checker: unsupported keyword ${key} at ${at}`);
  }
  const errors: string[] = [];
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeMatches(t, actual)))
      return [`${at}: expected ${types.join('|')}, got ${actual}`];
  }
  if (schema.const !== undefined && value !== schema.const)
    errors.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      errors.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    }
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength)
      errors.push(`${at}: too short`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      errors.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      errors.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(schema.anyOf)) {
    const ok = (schema.anyOf as Schema[]).some((s) => validateJsonSchema(s, value, at).length === 0);
    if (!ok) errors.push(`${at}: matches none of anyOf`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => {
      errors.push(...validateJsonSchema(schema.items as Schema, item, `${at}[${i}]`));
    });
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[])
      if (!(key in record)) errors.push(`${at}: missing ${key}`);
    for (const [key, item] of Object.entries(record)) {
      const own = properties[key];
      if (own) errors.push(...validateJsonSchema(own, item, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: unexpected property ${key}`);
      else if (typeof schema.additionalProperties === 'object') {
        errors.push(...validateJsonSchema(schema.additionalProperties as Schema, item, `${at}.${key}`));
      }
      if (schema.propertyNames)
        errors.push(...validateJsonSchema(schema.propertyNames as Schema, key, `${at}{${key}}`));
    }
  }
  return errors;
}
