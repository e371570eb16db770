import { describe, expect, it } from 'vitest';
import { SPRINT_REPORT_INPUT } from '../mcp/sprint-tool.js';
import { cliDescription, mcpDescription, type SharedParameter } from '../parameters/shared.js';
import { SPRINT_REPORT_PARAMETERS } from '../sprint/parameters.js';
import { expectCliOption, expectMcpProperty, mcpProperties } from '../test-support/parameters.js';
import { ROOT_OPTIONS, SPRINT_ARG } from './commands/sprint/options.js';

// `retrospect sprint report`'s arguments and the MCP server's sprint_report input, held against the one
// table that describes them: a description edited on one side only, or a new input left out of the
// table, fails here.

const PARAMETERS: SharedParameter[] = Object.values(SPRINT_REPORT_PARAMETERS);
const properties = mcpProperties(SPRINT_REPORT_INPUT);

describe('the parameters sprint report and sprint_report share', () => {
  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the CLI says what the table says', (_name, p) => {
    if (p.cli === SPRINT_ARG.name) {
      expect(SPRINT_ARG.description).toBe(`${cliDescription(p)} (default: ${p.default})`);
      return;
    }
    const option = (ROOT_OPTIONS as Record<string, { type: string; description: string; default?: string }>)[
      p.cli
    ];
    expectCliOption(option, p);
  });

  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the MCP input says the same', (_name, p) => {
    expectMcpProperty(properties, p);
  });

  it('every MCP input is in the table, and the CLI keeps its words', () => {
    expect(Object.keys(properties).sort()).toEqual(PARAMETERS.map((p) => p.mcp).sort());
    expect(ROOT_OPTIONS.demo.description).toBe(
      'the bundled demo project (copied to a temporary folder when written)',
    );
    expect(mcpDescription(SPRINT_REPORT_PARAMETERS.root)).toBe(
      'The project root: the folder holding .gaia/ or a sprint-status.yaml (default: CLAUDE_PROJECT_ROOT, else the current directory)',
    );
  });
});
