import { describe, expect, it } from 'vitest';
import { REPORT_INPUT } from '../mcp/report-tool.js';
import { cliDescription, type SharedParameter } from '../parameters/shared.js';
import { REPORT_PARAMETERS } from '../report/parameters.js';
import { expectCliOption, expectMcpProperty, mcpProperties } from '../test-support/parameters.js';
import { SPEC } from './commands/report/spec.js';

// `retrospect report`'s options and the MCP server's friction_report input, held against the one table that
// describes them: a description edited on one side only, or a new input left out of the table, fails here.

const PARAMETERS: SharedParameter[] = Object.values(REPORT_PARAMETERS);
const properties = mcpProperties(REPORT_INPUT);
const options = SPEC.options as Record<
  string,
  { type: string; multiple?: boolean; description: string; default?: string }
>;

describe('the parameters report and friction_report share', () => {
  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the CLI says what the table says', (_name, p) => {
    if (p === REPORT_PARAMETERS.budget) {
      // The CLI weighs rules only with --mroot: its help says so first.
      expect(options.budget?.description).toBe(`with --mroot: ${cliDescription(p)}`);
      expect(options.budget?.default).toBe(p.default);
      return;
    }
    expectCliOption(options[p.cli], p);
  });

  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the MCP input says the same', (_name, p) => {
    expectMcpProperty(properties, p);
  });

  it('every MCP input is in the table, and the CLI keeps its words', () => {
    expect(Object.keys(properties).sort()).toEqual(PARAMETERS.map((p) => p.mcp).sort());
    expect(options.budget?.description).toBe(
      'with --mroot: context budget per agent above which the weakest rules are proposed for removal',
    );
    expect(options.demo?.description).toBe('report on the bundled demo sessions (an in-memory store)');
  });
});
