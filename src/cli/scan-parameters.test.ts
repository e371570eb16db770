import { describe, expect, it } from 'vitest';
import { SCAN_INPUT } from '../mcp/scan-tool.js';
import { cliDescription, mcpDescription, type SharedParameter } from '../parameters/shared.js';
import { SCAN_PARAMETERS } from '../scan/parameters.js';
import { expectCliOption, expectMcpProperty, mcpProperties } from '../test-support/parameters.js';
import { SPEC } from './commands/scan/options.js';

// The CLI's scan options and the MCP server's scan_sessions input, held against the one table that
// describes the parameters they share: a description edited on one side only, or a new shared
// parameter left out of the table, fails here.

const PARAMETERS: SharedParameter[] = Object.values(SCAN_PARAMETERS);
const properties = mcpProperties(SCAN_INPUT);
/** The MCP inputs no CLI option of scan matches one to one. */
const MCP_ONLY = ['limit', 'survival', 'profile'];

describe('the parameters scan and scan_sessions share', () => {
  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the CLI says what the table says', (_name, p) => {
    if (p.cli === 'DIR') {
      const arg = SPEC.args?.find((a) => a.name === 'DIR');
      expect(arg?.variadic).toBe(true);
      expect(arg?.description).toBe(`${cliDescription(p)} (default: ${p.default})`);
      return;
    }
    const option = (
      SPEC.options as Record<
        string,
        { type: string; multiple?: boolean; description: string; default?: string }
      >
    )[p.cli];
    expectCliOption(option, p);
  });

  it.each(PARAMETERS.map((p) => [p.mcp, p] as const))('%s: the MCP input says the same', (_name, p) => {
    expectMcpProperty(properties, p);
  });

  it('every other MCP input is one the CLI has no option for, and the words are a sentence of the same', () => {
    const shared = new Set(PARAMETERS.map((p) => p.mcp));
    expect(Object.keys(properties).filter((name) => !shared.has(name))).toEqual(MCP_ONLY);
    expect(mcpDescription(SCAN_PARAMETERS.flagged)).toBe(
      'Only flagged sessions (score at or above the threshold)',
    );
    expect(mcpDescription(SCAN_PARAMETERS.hosts)).toBe(
      'Only sessions of these agents: claude-code, codex, gemini, opencode, copilot (default: every agent)',
    );
  });
});
