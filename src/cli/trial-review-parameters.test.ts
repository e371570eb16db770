import { describe, expect, it } from 'vitest';
import { TRIAL_REVIEW_INPUT } from '../mcp/trial-review-tool.js';
import { cliDescription, type SharedParameter } from '../parameters/shared.js';
import { expectCliOption, expectMcpProperty, mcpProperties } from '../test-support/parameters.js';
import { TRIAL_REVIEW_PARAMETERS } from '../trial/parameters.js';
import { SPEC } from './commands/trial/review-spec.js';

// `retrospect trial review`'s options and the MCP server's trial_review input, held against the one table
// that describes them: a description edited on one side only, or a new input left out of the table, fails.

const PARAMETERS: SharedParameter[] = Object.values(TRIAL_REVIEW_PARAMETERS);
const properties = mcpProperties(TRIAL_REVIEW_INPUT);
const options = SPEC.options as Record<string, { type: string; description: string; default?: string }>;

describe('the parameters trial review and trial_review share', () => {
  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the CLI says what the table says', (_name, p) => {
    if (p === TRIAL_REVIEW_PARAMETERS.survival) {
      // The CLI's rows are TSV unless --json: its help says so first.
      expect(options.survival?.description).toBe(`with --json: ${cliDescription(p)}`);
      return;
    }
    expectCliOption(options[p.cli], p);
  });

  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the MCP input says the same', (_name, p) => {
    expectMcpProperty(properties, p);
  });

  it('every MCP input is in the table, and the CLI keeps its words', () => {
    expect(Object.keys(properties).sort()).toEqual(PARAMETERS.map((p) => p.mcp).sort());
    expect(options.confidence?.description).toBe(
      'confidence over a whole trial; each review uses 1-(1-P)/cap-windows',
    );
    expect(options.survival?.description).toBe(
      "with --json: each side's share of committed agent lines still alive at HEAD (git blame; at most 40 sessions, 60 s)",
    );
  });
});
