import { expect } from 'vitest';
import { z } from 'zod';
import { cliDescription, mcpDescription, type SharedParameter } from '../parameters/shared.js';

// What the tests holding a command's options and an MCP tool's input against one parameter table check
// alike: the CLI option's words, kind and default, and the MCP property's type and words.

/** A CLI option as the option tables declare it. */
export interface DeclaredOption {
  type: string;
  multiple?: boolean;
  description: string;
  default?: string;
}

const JSON_TYPE = { flag: 'boolean', text: 'string', number: 'number', list: 'array' } as const;

/** The properties of an MCP tool's input schema, as clients see them. */
export function mcpProperties(input: z.ZodType): Record<string, { type?: string; description?: string }> {
  return (z.toJSONSchema(input) as { properties: Record<string, { type?: string; description?: string }> })
    .properties;
}

/** The CLI option says what the table says: its words, whether it is a flag or a list, its default. */
export function expectCliOption(option: DeclaredOption | undefined, p: SharedParameter): void {
  expect(option, `--${p.cli}`).toBeDefined();
  expect(option?.description).toBe(cliDescription(p));
  expect(option?.type === 'boolean').toBe(p.kind === 'flag');
  expect(option?.multiple === true).toBe(p.kind === 'list');
  expect(option?.default).toBe(p.default);
}

/** The MCP input's property says the same as the table, in the MCP's words. */
export function expectMcpProperty(
  properties: Record<string, { type?: string; description?: string }>,
  p: SharedParameter,
): void {
  const property = properties[p.mcp];
  expect(property, p.mcp).toBeDefined();
  // A whole number is a number too (JSON Schema says `integer` for one).
  const types = p.kind === 'number' ? ['number', 'integer'] : [JSON_TYPE[p.kind]];
  expect(types).toContain(property?.type);
  expect(property?.description).toBe(mcpDescription(p));
}
