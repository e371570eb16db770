import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';

/**
 * Usage errors exit 2, except where a contract fixes another status: the gate always exits 0 (docs/design/compatibility.md), the
 * seed's scheduled-run helpers exit 1, and a hook must never exit 2 (for a Stop hook it means "keep
 * working"); the handlers themselves always exit 0.
 */
const USAGE_EXIT: Record<string, number> = {
  gate: 0,
  hook: 1,
  'hook friction-capture': 0,
  'hook hint': 0,
  // A guard's exit 2 blocks the agent: a usage error must not.
  'hook guard': 1,
  'schedule lock': 1,
  'schedule report': 1,
};

/** The lines of a help section (`options:`, `commands:`, `examples:`) up to the next blank line. */
function section(help: string, title: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(`${title}:`);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Runs `f` over `items`, four at a time (each item spawns the CLI). */
async function inBatches<T, R>(items: readonly T[], f: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += 4)
    results.push(...(await Promise.all(items.slice(i, i + 4).map(f))));
  return results;
}

interface Walked {
  path: string[];
  help: string;
  /** The summary the parent's command list gives it. */
  listed: string;
}

/** Every command and sub-command, found the way a user finds them: through the `commands:` of each help. */
async function walkCommands(): Promise<Walked[]> {
  const found: Walked[] = [];
  let frontier: { path: string[]; listed: string }[] = [{ path: [], listed: '' }];
  while (frontier.length > 0) {
    const helps = await inBatches(frontier, async (entry) => ({
      ...entry,
      run: await runCli([...entry.path, '--help']),
    }));
    frontier = [];
    for (const { path, listed, run } of helps) {
      expect(run.code, `${path.join(' ')} --help`).toBe(0);
      expect(run.stderr, `${path.join(' ')} --help`).toBe('');
      const children = section(run.stdout, 'commands').map((line) => /^ {2}(\S+)\s+(.*)$/.exec(line)!);
      for (const [, name, summary] of children) frontier.push({ path: [...path, name!], listed: summary! });
      if (children.length === 0) found.push({ path, help: run.stdout, listed });
    }
  }
  return found;
}

describe('help and usage errors of every command', () => {
  it('every command answers --help: usage, summary, one line per option, examples; bad options are one-line usage errors', async () => {
    const commands = await walkCommands();
    const names = commands.map((c) => c.path.join(' '));
    // The walk reaches every command and sub-command the brief of the CLI names.
    for (const expected of [
      'scan',
      'gate',
      'report',
      'retro',
      'deep-read',
      'init',
      'mcp',
      'walk',
      'ledger show',
      'hook friction-capture',
      'hook hint',
      'schedule install',
      'schedule lock',
      'schedule report',
      'trial list',
      'trial review',
      'trial parse',
      'trial annotate',
      'trial strip',
      'trial is-elapsed',
      'sprint report',
      'sprint retro',
      'sprint themes',
      'sprint action-items',
      'sprint write',
    ])
      expect(names).toContain(expected);

    for (const { path, help, listed } of commands) {
      const name = path.join(' ');
      const lines = help.split('\n');
      expect(lines[0], name).toMatch(new RegExp(`^usage: retrospect ${name}( |$)`));
      expect(lines[2], name).toBe(listed);
      const options = section(help, 'options');
      expect(options.at(-1), name).toMatch(/^ {2}-h, --help +show this help and exit$/);
      // One line each: the flag, its value, at least two spaces, the description.
      for (const option of options) expect(option, name).toMatch(/^ {2}(-\w, )?--[a-z][\w-]*( \S+)? {2,}\S/);
      const examples = section(help, 'examples');
      expect(examples.length, name).toBeGreaterThan(0);
      for (const example of examples) expect(example, name).toMatch(/^ {2}(?=\S)(?=.*retrospect).* # \S/);
      expect(help, name).toMatch(/\nexit status: .*\d/);
    }

    const bad = await inBatches(commands, ({ path }) => runCli([...path, '--no-such-option']));
    commands.forEach(({ path }, i) => {
      const name = path.join(' ');
      const run = bad[i]!;
      expect(run.code, name).toBe(USAGE_EXIT[name] ?? 2);
      expect(run.stderr, name).toMatch(
        new RegExp(
          `^retrospect ${path[0]}: unknown option '--no-such-option'; usage: retrospect ${name}\\b[^\\n]*\\n$`,
        ),
      );
    });
  }, 180_000);

  it('groups refuse an unknown sub-command with a "did you mean", at their usage-error status', async () => {
    const runs = await Promise.all([
      runCli(['sacn']),
      runCli(['trial', 'lst']),
      runCli(['schedule', 'lok']),
      runCli(['hook', 'hnt']),
      runCli(['sprint']),
      runCli(['--bogus']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 1, 2, 2]);
    expect(runs[5]!.stderr).toBe("retrospect: unknown option '--bogus'; see 'retrospect --help'\n");
    expect(runs[0]!.stderr).toBe(
      "retrospect: unknown command 'sacn' (did you mean scan?); see 'retrospect --help'\n",
    );
    expect(runs[1]!.stderr).toMatch(
      /^retrospect trial: unknown sub-command 'lst' \(did you mean list\?\); usage: /,
    );
    expect(runs[2]!.stderr).toContain('(did you mean lock?)');
    expect(runs[3]!.stderr).toContain('(did you mean hint?)');
    // No sub-command at all: the group's help, at the usage-error status.
    expect(runs[4]!.stdout).toMatch(/^usage: retrospect sprint <command>/);
  });

  it('suggests the option meant, and checks values with a fixed set of choices', async () => {
    const [typo, choice, value, dash] = await Promise.all([
      runCli(['scan', '--jsn']),
      runCli(['retro', '--provider', 'antropic']),
      runCli(['report', '--out']),
      runCli(['trial', 'list', '-json']),
    ]);
    expect(typo.stderr).toContain("unknown option '--jsn' (did you mean --json?)");
    expect([choice.code, choice.stderr]).toEqual([
      2,
      "retrospect retro: --provider takes openai|anthropic|claude-cli|codex-cli|gemini-cli|heuristic, got 'antropic' (did you mean anthropic?); usage: retrospect retro [SESSION] [options]\n",
    ]);
    expect(value.stderr).toContain('--out needs a value (FILE.html)');
    expect(dash.stderr).toContain("unexpected argument '-json' (did you mean --json?)");
  });
});
