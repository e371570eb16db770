import { AGENT_NAMES } from '../../../experiment/agents.js';
import { defineCommand } from '../../args.js';

const SUMMARY = 'Run the same tasks with and without the rules and measure the difference';

export const RUN_SPEC = defineCommand({
  path: 'experiment',
  summary: SUMMARY,
  details:
    "A controlled two-arm comparison: each task runs --runs times with the rules (placed where the agent loads a\nproject's rules) and as often without, arms alternating in an order drawn from --seed, each run in its own\ndisposable clone of the task's repository at its commit (never your checkout, never a push), the agent in its\nheadless mode with a time limit. Each transcript is gated on the signals a rule's wording cannot move, the\ntask's check is run (a program call, no shell), and the effect per measure comes with an interval. Nothing\nstarts unless the worst case fits --budget. See docs/experiment.md.",
  options: {
    tasks: {
      type: 'string',
      arg: 'FILE',
      required: true,
      description:
        'JSON Lines, one task a line: {"id", "prompt", "repo", "rev", "check"?, "follow_up"?}; a relative repo is read from the file\'s folder (build one: experiment tasks)',
    },
    rules: {
      type: 'string',
      arg: 'FILE',
      description:
        "a Markdown file of rules, as .claude/rules/*.md holds them: the 'with' arm's agent loads them",
      default: 'the rules on trial in the repository you are in (named on stderr)',
    },
    trial: {
      type: 'string',
      arg: 'NAME',
      description:
        "the rule of one trial alone, named as trial list names it ('ic5 #3') or by the rule's text; not with --rules",
    },
    agent: {
      type: 'string',
      choices: AGENT_NAMES,
      description: 'the agent CLI that runs the tasks',
      default: 'claude',
    },
    model: {
      type: 'string',
      arg: 'NAME',
      description: "the agent's model, the same in both arms",
      default: "the agent's own",
    },
    'permission-mode': {
      type: 'string',
      arg: 'MODE',
      description:
        "the agent's permission mode, the same in both arms: claude --permission-mode (acceptEdits...), codex --sandbox (workspace-write...), gemini --approval-mode (auto_edit...)",
      default: 'acceptEdits, workspace-write, auto_edit',
    },
    runs: { type: 'string', arg: 'N', description: 'runs per arm per task', default: '3' },
    seed: { type: 'string', arg: 'S', description: 'seed of the run order', default: '1' },
    'time-limit': {
      type: 'string',
      arg: 'DURATION',
      description: "each run's time limit (its process group is killed)",
      default: '20m',
    },
    'check-time-limit': {
      type: 'string',
      arg: 'DURATION',
      description: "the time limit of a task's check",
      default: '10m',
    },
    budget: {
      type: 'string',
      arg: 'LIST',
      multiple: true,
      description: 'hard limits, any of runs=N,time=DURATION,tokens=N,usd=AMOUNT; required unless --dry-run',
    },
    confidence: {
      type: 'string',
      arg: 'LEVEL',
      description:
        "confidence over friction and the check together (Holm's step-down: each first gets half the error)",
      default: '0.95',
    },
    'min-effect': {
      type: 'string',
      arg: 'LIST',
      multiple: true,
      description:
        'the smallest effect worth claiming: friction=N (points per 100 turns), check=SHARE; 0 claims any (see docs/experiment.md)',
      default: 'friction=5,check=0.15',
    },
    'dry-run': { type: 'boolean', description: 'print the plan and its worst-case cost; start nothing' },
    json: { type: 'boolean', description: 'print the report as one JSON object (effects, arms, runs)' },
    out: {
      type: 'string',
      arg: 'DIR',
      description: 'where the state, transcripts and report.{json,md,html} go',
      default: 'retrospect-experiment',
    },
    keep: { type: 'boolean', description: "keep each run's checkout (its path is in the run's record)" },
  },
  examples: [
    [
      'retrospect experiment --tasks tasks.jsonl --dry-run',
      "the plan and its worst-case cost, with this project's rules on trial",
    ],
    ['retrospect experiment --tasks tasks.jsonl --rules rules.md --dry-run', 'the same with named rules'],
    [
      'retrospect experiment --tasks tasks.jsonl --rules rules.md --runs 5 --time-limit 10m --check-time-limit 2m --budget runs=40,time=8h,usd=20',
      'four tasks: 40 runs of at most 12 minutes, within 8 hours and $20',
    ],
    ['retrospect experiment resume --out retrospect-experiment', 'carry on after an interruption'],
  ],
  environment:
    'PATH (the agent CLI), CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME (where the agents keep transcripts)',
  exitStatus:
    '0 the plan is done (or printed); 1 stopped early (agent unavailable, budget) or bad input; 2 usage (no --rules and no rule on trial included)',
});

export const RESUME_SPEC = defineCommand({
  path: 'experiment resume',
  summary: 'Carry on an interrupted experiment: the runs not yet finished, never a finished one again',
  options: {
    out: {
      type: 'string',
      arg: 'DIR',
      description: "the experiment's folder",
      default: 'retrospect-experiment',
    },
    budget: {
      type: 'string',
      arg: 'LIST',
      multiple: true,
      description:
        'a new budget in place of the recorded one (after the budget stopped it): runs=N,time=DURATION,tokens=N,usd=AMOUNT',
      default: 'the recorded one',
    },
    json: { type: 'boolean', description: 'print the report as one JSON object' },
  },
  examples: [
    ['retrospect experiment resume --out retrospect-experiment', 'carry on where it stopped'],
    ['retrospect experiment resume --budget runs=40,time=10h,usd=30', 'carry on with a larger budget'],
  ],
  exitStatus: '0 the plan is done; 1 stopped early again or bad input; 2 usage',
});

export const TASKS_SPEC = defineCommand({
  path: 'experiment tasks',
  summary: 'Build a tasks file from past sessions: opening request at the commit each started from',
  details:
    "Each session's opening request becomes a task at the commit its repository was at when the session\nstarted (found by the walk's session-to-commit linking). Sessions whose start cannot be rebuilt are listed on\nstderr and left out. The tasks have no check: add one per line where the repository has a test command.",
  args: [
    {
      name: 'SESSION',
      description: 'session transcripts (.jsonl), or a Claude Code project folder of them',
      required: true,
      variadic: true,
    },
  ],
  options: {
    repo: {
      type: 'string',
      arg: 'DIR',
      description: "the sessions' repository",
      default: 'the current folder',
    },
    out: { type: 'string', arg: 'FILE', description: 'write the tasks file here instead of stdout' },
    'any-folder': {
      type: 'boolean',
      description:
        "take sessions recorded in another folder (another machine, a committed copy) as --repo's: their edits are mapped by their path under that folder",
    },
  },
  examples: [
    [
      'retrospect experiment tasks ~/.claude/projects/-home-me-shop/*.jsonl --out tasks.jsonl',
      "tasks from this project's sessions",
    ],
  ],
});
