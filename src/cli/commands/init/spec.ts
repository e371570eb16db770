import { defineCommand } from '../../args.js';
import { DRY_RUN } from '../../common-options.js';

export const SPEC = defineCommand({
  path: 'init',
  summary: 'Install the friction hooks in Claude Code settings',
  details:
    "Adds the friction-capture hook (PostToolUseFailure, PermissionDenied, StopFailure), keeping every other\nsetting. A command that works on any machine ('retrospect hook …' when retrospect is on PATH, or a path under\n$CLAUDE_PROJECT_DIR) goes in .claude/settings.json; one naming this machine's path in .claude/settings.local.json.\nThe previous file is backed up under the data dir, never inside the project. For a project it also wires the\nlessons into what Claude Code loads: .claude/rules/retrospect-lessons.md, with the lessons of\n.claude/memory/claude/lessons.md moved into it (--remove moves them back).",
  options: {
    project: {
      type: 'string',
      arg: 'DIR',
      description: 'the project to install in',
      default: 'the git worktree you are in',
    },
    user: {
      type: 'boolean',
      description: "the user's settings (~/.claude/settings.json) instead of a project's",
    },
    'dry-run': { ...DRY_RUN, description: 'print the change as a diff, write nothing' },
    remove: {
      type: 'boolean',
      description: 'take our hooks out again (from both project files), unwire the lessons',
    },
    launcher: {
      type: 'string',
      arg: 'CMD',
      description: "how Claude Code starts retrospect, e.g. 'npx --no-install retrospect'",
    },
    guard: {
      type: 'string',
      choices: ['repeated-failing-command', 'edit-without-read', 'unverified-success-claim'],
      description:
        'install (or with --remove take out) only this guard hook, which enforces a mechanical rule',
    },
  },
  examples: [
    ['retrospect init --guard repeated-failing-command', 'block a failed command run again unchanged'],
    ['retrospect init', "this repository's Claude Code settings"],
    ['retrospect init --dry-run', 'the change as a diff'],
    ['retrospect init --user', 'every project of this user'],
  ],
  environment: 'CLAUDE_CONFIG_DIR (with --user), RETROSPECT_DATA_DIR (backups)',
});
