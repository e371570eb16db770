import { describe, expect, it } from 'vitest';
import { budgetMisfit, worstCase } from './budget.js';
import { checkArgv } from './check-command.js';
import { planRuns } from './plan.js';
import { parseTasksJsonl, taskLine } from './tasks.js';

const task = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 't1', prompt: 'Fix the build', repo: '../shop', rev: 'abc1234', ...extra });

describe('tasks file', () => {
  it('reads one task a line, skipping blank lines, with an optional check', () => {
    const tasks = parseTasksJsonl(`${task()}\n\n${task({ id: 't2', check: 'npm test' })}\n`, 'tasks.jsonl');
    expect(tasks).toEqual([
      { id: 't1', prompt: 'Fix the build', repo: '../shop', rev: 'abc1234' },
      { id: 't2', prompt: 'Fix the build', repo: '../shop', rev: 'abc1234', check: 'npm test' },
    ]);
  });

  it.each([
    ['not JSON', 'tasks.jsonl line 1: expected one JSON object a line'],
    [
      '[1]',
      'tasks.jsonl line 1: expected {"id", "prompt", "repo", "rev", "check"?, "follow_up"?}, got an array',
    ],
    [task({ prompt: '' }), 'tasks.jsonl line 1: "prompt" must be a non-empty string'],
    [task({ id: '../x' }), 'tasks.jsonl line 1: "id" must be letters'],
    [task({ rev: '--upload-pack=x' }), 'tasks.jsonl line 1: "rev" must be a commit or a ref name'],
    [task({ extra: 1 }), 'unknown field "extra"'],
    [task({ repo: 'https://github.com/x/y' }), '"repo" must be a local repository\'s folder'],
    [task({ repo: 'git@github.com:x/y' }), '"repo" must be a local repository\'s folder'],
    [task({ repo: 'ext::sh -c id' }), '"repo" must be a local repository\'s folder'],
    [task({ check: 3 }), '"check" must be a command line or a list of its words'],
    [
      task({ follow_up: 'fix it' }),
      '"follow_up" must be a list of {"say", "if_check_fails"?, "if_reply_contains"?}',
    ],
    [task({ follow_up: [{ say: '' }] }), 'follow_up 1: "say" must be a non-empty message'],
    [task({ follow_up: [{ say: 'No.', when: 'x' }] }), 'unknown field "when"'],
    [
      task({ follow_up: [{ say: 'Still failing.', if_check_fails: true }] }),
      'follow_up 1: "if_check_fails" needs the task\'s "check"',
    ],
    [`${task()}\n${task()}`, 'tasks.jsonl line 2: task id "t1" is given twice'],
    ['\n', 'tasks.jsonl: no tasks'],
  ])('refuses %s with one line saying what was expected', (text, message) => {
    expect(() => parseTasksJsonl(text, 'tasks.jsonl')).toThrow(message);
    try {
      parseTasksJsonl(text, 'tasks.jsonl');
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('scripted follow-ups', () => {
  it('reads them in order with their conditions, and writes them back as it reads them', () => {
    const line = task({
      check: 'npm test',
      follow_up: [
        { say: 'Still failing.', if_check_fails: true },
        { say: 'Why did you skip the tests?', if_reply_contains: 'skipped' },
        { say: 'Thanks, commit it.' },
      ],
    });
    const [read] = parseTasksJsonl(line, 'tasks.jsonl');
    expect(read?.followUp).toEqual([
      { say: 'Still failing.', ifCheckFails: true },
      { say: 'Why did you skip the tests?', ifReplyContains: 'skipped' },
      { say: 'Thanks, commit it.' },
    ]);
    expect(JSON.parse(taskLine(read as NonNullable<typeof read>))).toEqual(JSON.parse(line));
  });
});

describe('check command', () => {
  it('splits words as a shell would quote them, and nothing more', () => {
    expect(checkArgv(`npm test -- --grep 'a b' "c \\"d\\""`, 't')).toEqual([
      'npm',
      'test',
      '--',
      '--grep',
      'a b',
      'c "d"',
    ]);
    expect(checkArgv(['sh', 'scripts/check.sh'], 't')).toEqual(['sh', 'scripts/check.sh']);
  });

  it.each([
    'npm test && rm -rf /',
    'make | tee log',
    'echo $HOME',
    'ls *',
    'FOO=1 npm test',
    "echo 'open",
    'x > y',
    '"$(id)"',
  ])('refuses %s: it is never given to a shell', (command) => {
    expect(() => checkArgv(command, 'task t1')).toThrow(/task t1: the check .* run without a shell/);
  });
});

describe('plan', () => {
  it('alternates the arms within each task, both arms equally often, in an order the seed fixes', () => {
    const tasks = ['a', 'b', 'c'].map((id) => ({ id, prompt: 'p', repo: 'r', rev: 'abcd' }));
    const plan = planRuns(tasks, 4, 7);
    expect(plan).toHaveLength(24);
    expect(planRuns(tasks, 4, 7)).toEqual(plan);
    expect(planRuns(tasks, 4, 8)).not.toEqual(plan);
    for (let i = 0; i < plan.length; i += 2) {
      expect(plan[i]?.taskId).toBe(plan[i + 1]?.taskId);
      expect(new Set([plan[i]?.arm, plan[i + 1]?.arm])).toEqual(new Set(['with', 'without']));
    }
    expect(new Set(plan.map((r) => r.id)).size).toBe(24);
    // Neither arm always goes first.
    expect(new Set(plan.filter((_, i) => i % 2 === 0).map((r) => r.arm)).size).toBe(2);
  });
});

describe('budget', () => {
  it('says why a plan does not fit: runs, then the worst-case wall time', () => {
    const worst = worstCase(24, 30 * 60_000, []);
    expect(worst).toEqual({ runs: 24, timeMs: 24 * 30 * 60_000, tokens: undefined, usd: undefined });
    expect(budgetMisfit(worst, { runs: 20 })).toContain('the plan has 24 runs and the budget allows 20');
    expect(budgetMisfit(worst, { timeMs: 3_600_000 })).toContain("the plan's worst case is 12h of wall time");
    expect(budgetMisfit(worst, { runs: 24, timeMs: 12 * 3_600_000 })).toBeUndefined();
    expect(budgetMisfit(worstCase(10, 1, [{ tokens: 5000, usd: 0.5 }]), { usd: 4 })).toContain('may cost $5');
  });
});
