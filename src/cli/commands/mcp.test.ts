import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';

describe('retrospect mcp (arguments)', () => {
  it('prints its usage with the Claude Code registration line', async () => {
    const run = await runCli(['mcp', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('claude mcp add retrospect -- retrospect mcp');
  });

  it('refuses arguments it does not take', async () => {
    const run = await runCli(['mcp', 'serve']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unexpected argument 'serve'");
    expect(run.stdout).toBe('');
  });
});
