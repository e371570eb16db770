import { describe, expect, it } from 'vitest';
import { HelpShown, UsageError } from '../errors/errors.js';
import { defineCommand, parseCommandArgs } from './args.js';
import { renderCommandHelp } from './help.js';
import { closest } from './suggest.js';

const SPEC = defineCommand({
  path: 'demo',
  summary: 'A command for the parser tests',
  args: [{ name: 'SESSION', description: 'a transcript or a session id' }],
  options: {
    project: { type: 'string', arg: 'NAME', description: 'one project' },
    json: { type: 'boolean', description: 'print JSON' },
    scope: { type: 'string', choices: ['current', 'all'], description: 'whose sessions', default: 'current' },
    sessions: { type: 'string', arg: 'DIR', multiple: true, description: 'session folders' },
    quiet: { type: 'boolean', short: 'q', description: 'say less' },
  },
  examples: [['retrospect demo x.jsonl --json', 'one session as JSON']],
});

const parse = (...args: string[]) => parseCommandArgs(args, SPEC);
const problem = (...args: string[]): string => {
  try {
    parse(...args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('no usage error');
};

describe('parseCommandArgs', () => {
  it("takes Claude Code's dash-named project folders as arguments and as option values", () => {
    expect(parse('-home-ada-shop/1f7a9c3e.jsonl')).toEqual({
      values: {},
      positionals: ['-home-ada-shop/1f7a9c3e.jsonl'],
    });
    expect(parse('--project', '-home-ada-shop').values).toEqual({ project: '-home-ada-shop' });
    expect(parse('--project=-home-ada-shop', '-').values.project).toBe('-home-ada-shop');
    expect(parse('--', '--json').positionals).toEqual(['--json']);
    expect(parse('-q', '--sessions', 'a', '--sessions=b').values).toEqual({
      quiet: true,
      sessions: ['a', 'b'],
    });
  });

  it('refuses what it does not know in one line with the usage, and suggests the option meant', () => {
    expect(problem('--jsn')).toBe(
      "unknown option '--jsn' (did you mean --json?); usage: retrospect demo [SESSION] [options]",
    );
    expect(problem('-x')).toMatch(/^unknown option '-x';/);
    expect(problem('--project')).toMatch(/^--project needs a value \(NAME\);/);
    expect(problem('--project', '--json')).toMatch(/^--project needs a value \(NAME\);/);
    expect(problem('--json=yes')).toMatch(/^--json takes no value/);
    expect(problem('--scope', 'everywhere')).toMatch(/^--scope takes current\|all, got 'everywhere';/);
    expect(problem('--scope', 'al')).toContain('(did you mean all?)');
    expect(problem('a.jsonl', 'b.jsonl')).toMatch(/^unexpected argument 'b\.jsonl';/);
    expect(problem('a.jsonl', '-json')).toContain("unexpected argument '-json' (did you mean --json?)");
  });

  it('answers -h and --help anywhere (even after a mistake) with the help generated from the spec', () => {
    for (const args of [['--help'], ['x.jsonl', '-h'], ['--nope', '--help']]) {
      expect(() => parse(...args)).toThrow(HelpShown);
    }
    expect(() => parse('--', '--help')).not.toThrow();
    expect(renderCommandHelp(SPEC)).toBe(
      [
        'usage: retrospect demo [SESSION] [options]',
        '',
        'A command for the parser tests',
        '',
        'arguments:',
        '  SESSION  a transcript or a session id',
        '',
        'options:',
        '  --project NAME       one project',
        '  --json               print JSON',
        '  --scope current|all  whose sessions (default: current)',
        '  --sessions DIR       session folders (repeatable)',
        '  -q, --quiet          say less',
        '  -h, --help           show this help and exit',
        '',
        'examples:',
        '  retrospect demo x.jsonl --json  # one session as JSON',
        '',
        'exit status: 0 done, 1 failed (bad input, a file that cannot be read or written), 2 usage error',
      ].join('\n'),
    );
  });

  it('enforces required options and argument counts, at the usage-error status the spec fixes', () => {
    const strict = defineCommand({
      path: 'schedule report',
      summary: 'x',
      args: [{ name: 'ACTION', required: true, description: 'what to do' }],
      options: { mroot: { type: 'string', arg: 'PATH', required: true, description: 'the project' } },
      examples: [['retrospect schedule report go --mroot .', 'go']],
      usageExit: 1,
    });
    const attempt = (args: string[]) => {
      try {
        parseCommandArgs(args, strict);
        return undefined;
      } catch (error) {
        return error as UsageError;
      }
    };
    expect(attempt(['go'])?.message).toMatch(
      /^--mroot PATH is required; usage: retrospect schedule report --mroot PATH ACTION$/,
    );
    expect(attempt(['go', '--mroot', ''])?.exitCode).toBe(1);
    expect(attempt(['--mroot', '.'])?.message).toMatch(/^expected ACTION;/);
    expect(attempt(['go', '--mroot', '.'])).toBeUndefined();
  });
});

describe('closest', () => {
  it('finds a typo or an unambiguous prefix, and nothing for a word far from every candidate', () => {
    expect(closest('lst', ['list', 'review', 'parse'])).toBe('list');
    expect(closest('reveiw', ['list', 'review', 'parse'])).toBe('review');
    expect(closest('proj', ['project', 'projects-root', 'json'])).toBeUndefined();
    expect(closest('projects', ['project', 'json'])).toBe('project');
    expect(closest('flagge', ['flagged'])).toBe('flagged');
    expect(closest('xyz', ['json', 'demo'])).toBeUndefined();
  });
});
