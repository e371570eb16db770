import { WALK_MODES, WALK_SCOPES } from '../../../walk/document.js';
import { defineCommand } from '../../args.js';
import { MODEL_OPTIONS } from '../../common-options.js';

export const SPEC = defineCommand({
  path: 'walk',
  summary: 'Retrospective walk of a change set (commits, worktree, diff)',
  details:
    'What changed, why, who (people and coding agents) and when, in reviewable change units with evidence:\nMarkdown for people, retrospective-walk.v0.1.0 JSON for machines. At a terminal the walk is printed as plain\ntext; --md and a pipe get Markdown (the JSON inside only with --include-json), --json the document. Dates are\nUTC. See docs/walk.md.',
  args: [
    {
      name: 'TARGET',
      description: 'a commit range (A..B), a revision, a path, a diff file, - (a diff on stdin) or a job id',
    },
  ],
  options: {
    scope: { type: 'string', choices: WALK_SCOPES, description: 'what TARGET is', default: 'from TARGET' },
    'from-retro': {
      type: 'string',
      arg: 'ANCHOR_ID',
      description: "walk the commits of the session a retro's fabrication anchor names",
    },
    session: {
      type: 'string',
      arg: 'ID',
      description: 'walk the commits of one coding-agent session (its transcript found among --sessions)',
    },
    'survival-at': {
      type: 'string',
      arg: 'REV',
      description: "the later revision at which each agent-written hunk's fate is measured",
      default: 'HEAD',
    },
    'no-survival': {
      type: 'boolean',
      description: 'do not measure what became of the agent-written hunks (git blame at --survival-at)',
    },
    mode: {
      type: 'string',
      choices: WALK_MODES,
      description: 'who comments on each unit',
      default: 'guided at a terminal, else summary-only',
    },
    json: { type: 'string', arg: 'FILE', description: 'write the JSON document (- for stdout)' },
    md: { type: 'string', arg: 'FILE', description: 'write the Markdown to a file instead of stdout' },
    'include-json': {
      type: 'boolean',
      description: 'end the Markdown with the complete walk as fenced JSON (as --json writes it)',
    },
    sessions: {
      type: 'string',
      arg: 'PATH',
      multiple: true,
      description: 'agent sessions to link hunks to: a transcript file, a folder of them, or a projects root',
      default: "this project's sessions of every agent",
    },
    comments: {
      type: 'string',
      arg: 'FILE',
      description:
        'comments given up front, one JSON object a line: {"unit" or "file", "line_start"?, "line_end"?, "type", "text"}; checked like typed ones, recorded in every mode',
    },
    'no-comments': {
      type: 'boolean',
      description: 'no comments: neither asked at the terminal nor drafted by a model',
    },
    'models-for-why': {
      type: 'string',
      arg: 'LIST',
      description:
        "who synthesises the why of a unit whose commit message is thin ('wip', 'fix', under four words): auto (the deep read's reader), none, or PROVIDER[:MODEL],...; marked as synthesised, never as the author's",
      default: 'auto',
    },
    'no-prior-evidence': {
      type: 'boolean',
      description:
        'leave out the review reports, approval records and validation runs the repository keeps that are linked to the change (collected by default)',
    },
    plan: { type: 'boolean', description: 'print the DAG plan (TOML) for embedding a walk, and exit' },
    ...MODEL_OPTIONS,
  },
  examples: [
    ['retrospect walk HEAD~5..HEAD --md walk.md --json walk.json', 'the last five commits, both outputs'],
    ['git diff main | retrospect walk -', 'a diff on stdin'],
    ['retrospect walk --from-retro 3f9a0c2b7d1e4a65', 'the commits of a session a retro flagged'],
    [
      'retrospect walk --session 5f0c2a9e-7d41-4b6a-9f3e-2c8d1e6a4b70 --survival-at main',
      "a session's commits and what became of them",
    ],
  ],
  environment: 'RETROSPECT_PROVIDER, RETROSPECT_MODEL, OPENAI_API_KEY, ANTHROPIC_API_KEY, CLAUDE_CONFIG_DIR',
});
